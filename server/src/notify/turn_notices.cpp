#include "notify/turn_notices.hpp"

#include "games/seat_policy.hpp"
#include "log.hpp"

#include <hd/engine/rules/sequence/decisions.hpp>

#include <cstdio>
#include <limits>
#include <map>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

constexpr std::int64_t kGameOverKey = std::numeric_limits<std::int64_t>::max();

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string webhook_body(std::uint64_t game_id, const std::string& event, const std::string& turn,
                         const std::string& link) {
  return "{\"game_id\":" + std::to_string(game_id) + ",\"event\":" + json_string(event) +
         ",\"turn\":" + json_string(turn) + ",\"link\":" + json_string(link) + "}";
}

std::string email_subject(std::uint64_t game_id, const std::string& title, const std::string& event,
                          const std::string& turn) {
  const std::string game = "game " + std::to_string(game_id);
  if (event == "game-over") return "Hundred Days: " + game + " has ended (" + title + ")";
  if (event == "deadline-reminder")
    return "Hundred Days: your turn's deadline is near in " + game + " (" + title + ", " + turn + ")";
  const std::string what = event == "your-turn" ? "your turn in " : "a decision is yours in ";
  return "Hundred Days: " + what + game + " (" + title + ", " + turn + ")";
}

std::string email_body(std::uint64_t game_id, const std::string& title, const std::string& event,
                       const std::string& turn, const std::string& link) {
  const std::string game = "Game " + std::to_string(game_id) + " (" + title + ")";
  std::string body;
  if (event == "game-over") {
    body = game + " has ended. See how it ended and its record:\n";
  } else if (event == "deadline-reminder") {
    body = "Your turn's deadline (" + turn + ") in " + game + " is near. Open it to play:\n";
  } else if (event == "your-turn") {
    body = "It is your turn (" + turn + ") in " + game + ". Open it to play:\n";
  } else {
    body = "A decision is yours (turn " + turn + ") in " + game + ". Open it to decide:\n";
  }
  body += "\n  " + link + "\n\n";
  body += "You get at most one mail per player turn in which you must act, and one when a game ends.\n";
  body += "To stop these mails, remove your address: in the terminal client type `email` with no\n";
  body += "address (or send SetEmail with an empty address).\n";
  return body;
}

TurnNotices::TurnNotices(Database& db, WebhookSettings& webhooks, EmailSettings& emails,
                         std::shared_ptr<WebhookSender> sender, std::string link_base, EmailSender* email,
                         Defer defer)
    : db_(db),
      settings_(webhooks),
      emails_(emails),
      sender_(std::move(sender)),
      email_(email),
      link_base_(std::move(link_base)),
      defer_(std::move(defer)) {}

void TurnNotices::send(WebhookMessage message) {
  if (!defer_) return sender_->send(std::move(message));
  defer_([sender = sender_, message = std::move(message)]() mutable { sender->send(std::move(message)); });
}

void TurnNotices::send(EmailMessage message) {
  if (!defer_) return email_->send(std::move(message));
  defer_([email = email_, message = std::move(message)]() mutable { email->send(std::move(message)); });
}

bool TurnNotices::first_notice(const char* table, std::int64_t game, AccountId account, std::int64_t key) {
  Statement last =
      db_.prepare(std::string("SELECT notice_key FROM ") + table + " WHERE game_id = ?1 AND account_id = ?2");
  last.bind(1, game).bind(2, account);
  if (last.step() && last.column_int64(0) >= key) return false;  // sent for this turn (or later) already
  Statement note = db_.prepare(std::string("INSERT INTO ") + table +
                               " (game_id, account_id, notice_key) VALUES (?1, ?2, ?3) "
                               "ON CONFLICT (game_id, account_id) DO UPDATE SET notice_key = ?3");
  note.bind(1, game).bind(2, account).bind(3, key);
  note.run();
  return true;
}

void TurnNotices::check(const GameRoom& room) noexcept {
  try {
    check_or_throw(room);
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "notice_check_failed",
              {{"game", std::to_string(room.row.id)}, {"error", error.what()}});
  }
}

void TurnNotices::remind(const GameRoom& room, v1::Seat which) noexcept {
  try {
    const SeatRow* seat = room.seat(which);
    if (seat == nullptr || seat->built_in || !seat->account) return;
    const AccountId account = *seat->account;
    const std::string link = link_base_ + "/game/" + std::to_string(room.row.id);
    const std::string turn = room.state().current_turn().name.to_string();
    const std::string event = "deadline-reminder";
    const std::string what =
        "game " + std::to_string(room.row.id) + " account " + std::to_string(account) + " " + event;
    for (const auto& [holder, webhook] : settings_.find({account}))
      send(WebhookMessage{webhook.url, webhook.secret, webhook_body(room.row.id, event, turn, link), what});
    if (email_ == nullptr) return;
    for (const auto& [holder, address] : emails_.confirmed({account}))
      send(EmailMessage{address, email_subject(room.row.id, room.row.title, event, turn),
                        email_body(room.row.id, room.row.title, event, turn, link), "e-mail " + what});
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "deadline_reminder_failed",
              {{"game", std::to_string(room.row.id)}, {"error", error.what()}});
  }
}

void TurnNotices::check_or_throw(const GameRoom& room) {
  // account -> (key, event): what this state calls for.
  std::map<AccountId, std::pair<std::int64_t, std::string>> due;
  if (room.row.status == v1::GAME_STATUS_FINISHED) {
    if (room.row.result.end == v1::GAME_END_WITHDRAWN || room.row.result.end == v1::GAME_END_EXPIRED) return;
    for (const SeatRow& seat : room.seats)
      if (!seat.built_in && seat.account) due[*seat.account] = {kGameOverKey, "game-over"};
  } else if (room.row.status == v1::GAME_STATUS_RUNNING) {
    const auto turn = engine::player_turn(room.state());
    // 4.1: one message per player turn; a decision before the first (set-up) counts as turn 0.
    const std::int64_t key = turn ? turn->turn * 2 + (turn->side == engine::Side::French ? 0 : 1) + 1 : 0;
    for (const v1::Seat pending : room.pending_seats()) {
      const SeatRow* seat = room.seat(pending);
      if (seat == nullptr || seat->built_in || !seat->account) continue;
      const bool phasing = turn && side_of_seat(pending) == turn->side;
      auto& entry = due[*seat->account];
      // Of two seats of one account, the phasing one names the message.
      if (entry.second.empty() || phasing) entry = {key, phasing ? "your-turn" : "decision"};
    }
  }
  if (due.empty()) return;
  std::vector<AccountId> accounts;
  for (const auto& [account, notice] : due)
    accounts.push_back(account);
  const std::int64_t game = room.row.id;
  const std::string link = link_base_ + "/game/" + std::to_string(room.row.id);
  const std::string turn = room.state().current_turn().name.to_string();
  const auto what = [&](AccountId account, const std::string& event) {
    return "game " + std::to_string(room.row.id) + " account " + std::to_string(account) + " " + event;
  };
  for (const auto& [account, webhook] : settings_.find(accounts)) {
    const auto& [key, event] = due.at(account);
    if (!first_notice("webhook_notices", game, account, key)) continue;
    send(WebhookMessage{webhook.url, webhook.secret, webhook_body(room.row.id, event, turn, link),
                        what(account, event)});
  }
  if (email_ == nullptr) return;
  for (const auto& [account, address] : emails_.confirmed(accounts)) {
    const auto& [key, event] = due.at(account);
    if (!first_notice("email_notices", game, account, key)) continue;
    send(EmailMessage{address, email_subject(room.row.id, room.row.title, event, turn),
                      email_body(room.row.id, room.row.title, event, turn, link),
                      "e-mail " + what(account, event)});
  }
}

}  // namespace hd::server
