// The terminal client's command language (docs/terminal-client.md): one command per line, typed at
// a prompt or read from a script. Lines starting with "french" or "coalition" are actions in the
// notation (docs/notation.md), sent as they are; everything else is a command such as "login",
// "create", "open", "state", "chat", "export", "wait" or "bot".
#pragma once

#include <hd/term/bot.hpp>
#include <hd/term/client.hpp>
#include <hd/term/replay_mode.hpp>

#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace hd::term {

struct TerminalOptions {
  std::string server_url;                          // connect at the first command that needs it
  std::filesystem::path token_file;                // where a session token is kept (empty: nowhere)
  bool strict = false;                             // stop at the first refusal or failed command
  bool quiet = false;                              // do not print events as they arrive
  std::chrono::milliseconds wait_timeout{120000};  // "wait" and "bot" give up after this much silence
  std::uint64_t bot_seed = 0;                      // 0: a random seed
  std::string ca_file;                             // wss://: trust this PEM authority (else the system's)
  bool allow_cleartext = false;  // connect to a ws:// address that is not loopback without asking
};

class Terminal {
 public:
  Terminal(TerminalOptions options, std::ostream& out);
  ~Terminal();

  // Runs one command line. False if it failed (a refusal, a bad command, a lost connection).
  bool run_line(const std::string& line);

  // Runs every line of `in` (prompting and showing events between lines when `interactive`).
  // Returns the exit status: 0, or 1 if a command failed under --strict (which stops at once).
  int run(std::istream& in, bool interactive);

  bool quit_requested() const { return quit_; }
  Client* client() { return client_.get(); }
  const BotStats& bot_stats() const { return bot_stats_; }

 private:
  bool ensure_connected();
  // For a clear-text address that is not loopback: shows the warning, then asks once at the prompt
  // (interactive) or refuses (a script without --allow-cleartext). True if connecting may go on.
  bool cleartext_agreed(const ServerAddress& address);
  bool fail(const std::string& why);
  bool answer_ok(const std::optional<hundred_days::v1::ServerEnvelope>& answer, const char* expected);
  // Sends an action for the open game's seats (a notation line, a rule decision's choice), prints
  // how it was taken and shows its update before the next command. False if it was refused.
  bool submit_action(std::uint64_t game_id, const hundred_days::v1::GameAction& action);
  bool save_token();

  TerminalOptions options_;
  std::ostream& out_;
  std::unique_ptr<Client> client_;
  std::unique_ptr<ReplayMode> replay_;  // issue 16: `replay GAME` until its `quit`
  BotStats bot_stats_;
  int failures_ = 0;
  bool quit_ = false;
  std::istream* prompt_in_ = nullptr;  // the interactive input, while run() reads it
  std::string cleartext_agreed_host_;  // the clear-text host the user agreed to
};

}  // namespace hd::term
