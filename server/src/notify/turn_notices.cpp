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

TurnNotices::TurnNotices(Database& db, std::shared_ptr<WebhookSender> sender, std::string link_base)
    : db_(db), settings_(db), sender_(std::move(sender)), link_base_(std::move(link_base)) {}

void TurnNotices::check(const GameRoom& room) noexcept {
  try {
    check_or_throw(room);
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "webhook_check_failed",
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
    const auto turn = engine::player_turn(room.state);
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
  const auto webhooks = settings_.find(accounts);
  for (const auto& [account, webhook] : webhooks) {
    const auto& [key, event] = due.at(account);
    Statement last =
        db_.prepare("SELECT notice_key FROM webhook_notices WHERE game_id = ?1 AND account_id = ?2");
    last.bind(1, static_cast<std::int64_t>(room.row.id)).bind(2, account);
    if (last.step() && last.column_int64(0) >= key) continue;  // sent for this turn (or later) already
    Statement note = db_.prepare(
        "INSERT INTO webhook_notices (game_id, account_id, notice_key) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (game_id, account_id) DO UPDATE SET notice_key = ?3");
    note.bind(1, static_cast<std::int64_t>(room.row.id)).bind(2, account).bind(3, key);
    note.run();
    const std::string link = link_base_ + "/game/" + std::to_string(room.row.id);
    sender_->send(WebhookMessage{
        webhook.url, webhook.secret,
        webhook_body(room.row.id, event, room.state.current_turn().name.to_string(), link),
        "game " + std::to_string(room.row.id) + " account " + std::to_string(account) + " " + event});
  }
}

}  // namespace hd::server
