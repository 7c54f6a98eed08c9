// Issue 16 (notifications; docs/server.md, "Webhooks" and "E-mail"): who is told, by webhook and by
// e-mail, that a game waits for them or has ended. After a game changes (an action, its start, its
// end), each account holding a seat whose decision is pending, or every seat holder once the game
// is over, is sent one message on each channel it opted into (a webhook; a confirmed e-mail address)
// that did not carry one for this player turn (4.1) of this game yet; what was sent is remembered
// per channel in the database (migrations/0013 webhook_notices, 0014 email_notices), so a restart
// sends no repeat. Runs on the hub's strand; the sending itself is the WebhookSender's, on the
// io_context, and the EmailSender's, on its own thread.
#pragma once

#include "accounts/email_settings.hpp"
#include "accounts/webhook_settings.hpp"
#include "database.hpp"
#include "games/game_room.hpp"
#include "notify/email_sender.hpp"
#include "notify/webhook_sender.hpp"

#include <functional>
#include <memory>
#include <string>

namespace hd::server {

class TurnNotices {
 public:
  // Runs a message's sending now, or later (the hub: once the batch that called for it is
  // committed, issue 15, so no message tells of a change that is not durable).
  using Defer = std::function<void(std::function<void()>)>;
  // `webhooks` and `emails`: the accounts' settings, the hub's own (they must outlive this).
  // `link_base`: the start of the link back into a game, "<link_base>/game/<id>". `email`: null
  // when the server sends no e-mail; else it must outlive this. `defer`: empty, messages go at once.
  TurnNotices(Database& db, WebhookSettings& webhooks, EmailSettings& emails,
              std::shared_ptr<WebhookSender> sender, std::string link_base, EmailSender* email = nullptr,
              Defer defer = {});

  // Queues the messages `room` now calls for (see above). Never throws: a failure is logged, and
  // the game goes on.
  void check(const GameRoom& room) noexcept;
  // Issue 16 (deadlines): the reminder that `seat`'s player turn in `room` lapses soon, event
  // "deadline-reminder", on each channel its holder opted into. The deadline watcher calls it at
  // most once per player turn (it remembers that in game_deadlines). Never throws.
  void remind(const GameRoom& room, hundred_days::v1::Seat seat) noexcept;

 private:
  void check_or_throw(const GameRoom& room);
  // Hands the messages to their senders, through defer_ when it is set.
  void send(WebhookMessage message);
  void send(EmailMessage message);
  // Whether `key` is news for (`game`, `account`) in `table` (webhook_notices or email_notices);
  // if so, notes it there.
  bool first_notice(const char* table, std::int64_t game, AccountId account, std::int64_t key);

  Database& db_;
  WebhookSettings& settings_;
  EmailSettings& emails_;
  std::shared_ptr<WebhookSender> sender_;
  EmailSender* email_;
  std::string link_base_;
  Defer defer_;
};

// The JSON body of one message: {"game_id":N,"event":"...","turn":"...","link":"..."}.
std::string webhook_body(std::uint64_t game_id, const std::string& event, const std::string& turn,
                         const std::string& link);

// The subject and body of a turn e-mail. `event`: "your-turn", "decision" or "game-over"; `title`:
// the scenario's name; `turn`: the turn's name ("16/1500"). The body has the link and says how to
// turn the mail off.
std::string email_subject(std::uint64_t game_id, const std::string& title, const std::string& event,
                          const std::string& turn);
std::string email_body(std::uint64_t game_id, const std::string& title, const std::string& event,
                       const std::string& turn, const std::string& link);

}  // namespace hd::server
