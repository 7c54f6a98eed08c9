// An hd_client process under xvfb-run driven line by line through `--script -`: the test writes
// script commands to its standard input and reads its `report` lines (app/script_report.hpp) from
// its standard output, so it can choose each click from what the client shows. The client's
// stderr goes to a log file.
#pragma once

#include "virtual_display.hpp"

#include <SFML/Graphics/Image.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hd::test {

// A parsed report line: key -> value ("-" for an empty list).
struct ClientReport {
  std::map<std::string, std::string> fields;
  std::string line;  // as printed

  const std::string& operator[](const std::string& key) const;
  // A comma-separated field as its items (empty for "-").
  std::vector<std::string> items(const std::string& key) const;
  long number(const std::string& key) const;
};

// Parses "report k=v k=v ..."; nullopt if the line is not a report.
std::optional<ClientReport> parse_client_report(const std::string& line);

class ScriptedClient;

// Copies the screenshot `png` into `artifacts` (made if missing) under its own file name and loads
// it; throws std::runtime_error if it is missing, cannot be read or is not `width` x `height`.
sf::Image keep_screenshot(const std::filesystem::path& png, const std::filesystem::path& artifacts,
                          unsigned width = 1280, unsigned height = 800);

// The client's report once every request it sent has been answered ("wait-for idle", then
// "report"); throws std::runtime_error with the client's log if none comes.
ClientReport settled_report(ScriptedClient& client);

// The settled reports around the window client's first action in the game it opened with
// --open-game: `before` once it shows the game and has the decision, `after` once Ctrl+E (end the
// phase) has come back as the game's action 1.
struct FirstActionReports {
  ClientReport before;
  ClientReport after;
};

// Waits for the opened game and the player's decision, reports, presses Ctrl+E, waits for sequence
// 1 and reports again; with a `screenshot` path, draws 3 frames and saves one there first. Throws
// as settled_report does if a report does not come.
FirstActionReports end_phase_by_ctrl_e(ScriptedClient& client,
                                       const std::optional<std::filesystem::path>& screenshot = std::nullopt);

class ScriptedClient {
 public:
  // Starts `xvfb-run -a -s "-screen 0 WxHx24" client_binary client_args... --script -` and waits
  // for its first report (throws if none comes within 60 s).
  ScriptedClient(const std::string& client_binary, std::vector<std::string> client_args,
                 const std::filesystem::path& log_path, unsigned width = 1280, unsigned height = 800);
  // Closes the client's input and waits for it (killing its process group after 20 s).
  ~ScriptedClient();
  ScriptedClient(const ScriptedClient&) = delete;
  ScriptedClient& operator=(const ScriptedClient&) = delete;

  // Sends one script line.
  void send(const std::string& line);
  // Sends "report" and returns the report, or nullopt if the client ended or printed none within
  // `timeout` (e.g. a wait before it timed out in the client).
  std::optional<ClientReport> report(std::chrono::seconds timeout = std::chrono::seconds(90));
  // Closes the input and waits for the exit status (-1 if it did not end within `timeout`).
  int finish(std::chrono::seconds timeout = std::chrono::seconds(30));
  // The client's stderr so far.
  std::string log() const;

 private:
  std::optional<std::string> read_line(std::chrono::steady_clock::time_point deadline);

  VirtualDisplayCommand display_;  // removes xvfb-run's X authority file after the destructor's wait
  int pid_ = -1;
  int to_client_ = -1;
  int from_client_ = -1;
  std::string buffer_;
  std::filesystem::path log_path_;
};

}  // namespace hd::test
