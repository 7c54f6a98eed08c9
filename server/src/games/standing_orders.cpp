#include "games/standing_orders.hpp"

#include "games/seat_policy.hpp"
#include "games/spectator_view.hpp"
#include "log.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/wire/hex_convert.hpp>

#include <algorithm>
#include <set>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameStandingOrders::GameStandingOrders(Database& db, const ServerConfig& config, GameRooms& rooms,
                                       GamePlay& play, Outbound& outbound)
    : db_(db), config_(config), store_(db), rooms_(rooms), play_(play), outbound_(outbound) {}

v1::ServerEnvelope GameStandingOrders::orders_envelope(std::uint64_t request_id, std::uint64_t game_id,
                                                       const StandingOrderBook& book,
                                                       const std::vector<v1::Seat>& seats) const {
  v1::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  v1::StandingOrders& out = *envelope.mutable_standing_orders();
  out.set_game_id(game_id);
  for (const auto& [unit, order] : book) {
    if (std::find(seats.begin(), seats.end(), order.seat) == seats.end()) continue;  // another seat's secret
    v1::StandingOrder& shown = *out.add_orders();
    shown.set_unit(unit);
    for (const engine::Hex hex : order.retreat_hexes)
      *shown.add_retreat_hexes() = wire::to_proto(hex);
    if (order.retreat_toward) *shown.mutable_retreat_toward() = wire::to_proto(*order.retreat_toward);
    shown.set_advance(order.advance);
  }
  return envelope;
}

void GameStandingOrders::query(const Caller& caller, const Envelope& request, GameRoom* room) {
  const std::uint64_t game_id = request.query_standing_orders().game_id();
  if (!room) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  const auto held = room->seats_of(*caller.account);
  if (held.empty())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "standing orders are a seat's own: you hold no seat here");
  outbound_.send(caller.connection,
                 orders_envelope(request.request_id(), game_id, store_.load(room->row.id), held));
}

void GameStandingOrders::set(const Caller& caller, const Envelope& request, GameRoom* room) {
  const v1::SetStandingOrders& set = request.set_standing_orders();
  const auto refuse = [&](v1::RefusalCode code, std::string words) {
    send_refusal(outbound_, caller, request, code, std::move(words));
  };
  if (!room) return refuse(v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  const auto held = room->seats_of(*caller.account);
  if (held.empty())
    return refuse(v1::REFUSAL_CODE_NOT_YOUR_SEAT, "standing orders are a seat's own: you hold no seat here");
  if (room->row.status == v1::GAME_STATUS_FINISHED)
    return refuse(v1::REFUSAL_CODE_GAME_NOT_RUNNING, "the game is over");

  // A unit the caller is not shown (18.5C) is refused as unknown, like any unit not in the game.
  const std::size_t shown = engine::units_shown(room->state(), viewer_for_seats(held));
  std::set<std::uint32_t> named;
  std::string problem;
  const auto own_unit = [&](std::uint32_t unit) -> std::optional<v1::Seat> {
    if (!named.insert(unit).second) {
      problem = "unit " + std::to_string(unit) + " is named twice";
      return std::nullopt;
    }
    if (unit >= shown) {
      problem = "no unit " + std::to_string(unit) + " in this game";
      return std::nullopt;
    }
    return wire::seat_of_army(room->state().units[unit].army);
  };
  const engine::GridBounds bounds = room->state().rules->map.bounds();
  std::vector<StandingOrder> puts;
  std::vector<engine::UnitIndex> clears;
  for (const v1::StandingOrder& wanted : set.orders()) {
    const auto seat = own_unit(wanted.unit());
    if (!seat) return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, problem);
    if (std::find(held.begin(), held.end(), *seat) == held.end())
      return refuse(
          v1::REFUSAL_CODE_NOT_YOUR_SEAT,
          "unit " + std::to_string(wanted.unit()) + " is not yours: a standing order is for your own units");
    if (static_cast<std::size_t>(wanted.retreat_hexes_size()) > kMaxRetreatHexesPerOrder)
      return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "at most " + std::to_string(kMaxRetreatHexesPerOrder) +
                                                          " retreat hexes per standing order");
    StandingOrder order;
    order.unit = static_cast<engine::UnitIndex>(wanted.unit());
    order.seat = *seat;
    order.advance = wanted.advance();
    for (const v1::HexCoord& coord : wanted.retreat_hexes()) {
      const auto hex = wire::from_proto(coord, bounds);
      if (!hex) return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "a retreat hex is off the map");
      order.retreat_hexes.push_back(*hex);
    }
    if (wanted.has_retreat_toward()) {
      order.retreat_toward = wire::from_proto(wanted.retreat_toward(), bounds);
      if (!order.retreat_toward)
        return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "the 'toward' hex is off the map");
    }
    puts.push_back(std::move(order));
  }
  for (const std::uint32_t unit : set.clear_units()) {
    const auto seat = own_unit(unit);
    if (!seat) return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, problem);
    if (std::find(held.begin(), held.end(), *seat) == held.end())
      return refuse(v1::REFUSAL_CODE_NOT_YOUR_SEAT, "unit " + std::to_string(unit) + " is not yours");
    clears.push_back(static_cast<engine::UnitIndex>(unit));
  }

  // The book after the change, bounded per seat.
  StandingOrderBook book = store_.load(room->row.id);
  for (const StandingOrder& order : puts)
    book[order.unit] = order;
  for (const engine::UnitIndex unit : clears)
    book.erase(unit);
  for (const v1::Seat seat : held) {
    const auto count = static_cast<std::size_t>(std::count_if(
        book.begin(), book.end(), [&](const auto& entry) { return entry.second.seat == seat; }));
    if (count > config_.max_standing_orders_per_seat)
      return refuse(v1::REFUSAL_CODE_LIMIT_REACHED, "at most " +
                                                        std::to_string(config_.max_standing_orders_per_seat) +
                                                        " standing orders per seat: clear some first");
  }
  in_transaction(db_, [&] {
    for (const StandingOrder& order : puts)
      store_.put(room->row.id, order);
    for (const engine::UnitIndex unit : clears)
      store_.clear(room->row.id, unit);
  });
  log_event(LogLevel::Info, "standing_orders_set",
            {{"game", std::to_string(room->row.id)},
             {"connection", std::to_string(caller.connection)},
             {"set", std::to_string(puts.size())},
             {"cleared", std::to_string(clears.size())}});
  outbound_.send(caller.connection, orders_envelope(request.request_id(), set.game_id(), book, held));
}

void GameStandingOrders::note_absences(GameRoom& room, std::int64_t now_unix) {
  for (const SeatRow& seat : room.seats) {
    if (seat.built_in || !seat.account) continue;
    const bool connected =
        std::any_of(room.subscribers.begin(), room.subscribers.end(), [&](const auto& entry) {
          const auto& seats = entry.second.seats;
          return std::find(seats.begin(), seats.end(), seat.seat) != seats.end();
        });
    if (connected)
      room.absent_since.erase(seat.seat);
    else
      room.absent_since.emplace(seat.seat, now_unix);  // kept if already absent
  }
}

bool GameStandingOrders::deciders_absent(const GameRoom& room, std::int64_t now_unix) const {
  const auto waiting = room.pending_seats();
  if (waiting.empty()) return false;
  // The decision is pending since the last action its owner did not leave to a standing order.
  std::int64_t pending_since = 0;
  for (auto it = room.log.rbegin(); it != room.log.rend(); ++it)
    if (!it->by_standing_order) {
      pending_since = it->unix_seconds;
      break;
    }
  for (const v1::Seat seat : waiting) {
    const SeatRow* row = room.seat(seat);
    if (!row || row->built_in || !row->account || room.played_by_builtin(seat)) return false;
    const auto absent = room.absent_since.find(seat);
    if (absent == room.absent_since.end()) return false;
    if (now_unix < std::max(absent->second, pending_since) + config_.standing_order_grace_seconds)
      return false;
  }
  return true;
}

std::size_t GameStandingOrders::check(GameRoom& room, std::int64_t now_unix) {
  if (room.row.status != v1::GAME_STATUS_RUNNING) return 0;
  note_absences(room, now_unix);
  std::size_t played = 0;
  std::optional<StandingOrderBook> book;  // read once, only when a decision may be taken
  // Bounded: a stack's retreats, then the advance, are a handful of decisions.
  for (int step = 0; step < 32 && room.row.status == v1::GAME_STATUS_RUNNING; ++step) {
    const engine::PendingDecision decision = engine::pending_decision(room.state());
    if (decision.kind != engine::DecisionKind::Retreat && decision.kind != engine::DecisionKind::Advance)
      break;
    if (!deciders_absent(room, now_unix)) break;
    if (!book) book = store_.load(room.row.id);
    if (book->empty()) break;
    const auto choice = choose_by_standing_orders(engine::legal_actions(room.state(), decision.side), *book);
    if (!choice) break;
    // The owner of the unit whose order decided: logged as that seat's holder's own choice.
    const v1::Seat seat = wire::seat_of_army(room.state().units[choice->unit].army);
    const SeatRow* row = room.seat(seat);
    const auto waiting = room.pending_seats();
    if (!row || !row->account || std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) break;
    const std::string line = engine::format_action(room.state(), decision.side, choice->action);
    try {
      rooms_.touch(room);
      const std::uint64_t sequence =
          play_.play_by_standing_order(room, decision.side, choice->action, seat, *row->account);
      log_event(LogLevel::Info, "standing_order",
                {{"game", std::to_string(room.row.id)},
                 {"seat", seat_name(seat)},
                 {"sequence", std::to_string(sequence)},
                 {"action", line + " (by standing order)"}});
      ++played;
    } catch (const std::exception& error) {
      log_event(LogLevel::Error, "standing_order_failed",
                {{"game", std::to_string(room.row.id)}, {"seat", seat_name(seat)}, {"error", error.what()}});
      break;
    }
  }
  return played;
}

bool GameStandingOrders::may_play(const GameRoom& room) {
  if (room.row.status != v1::GAME_STATUS_RUNNING) return false;
  const engine::DecisionKind kind = engine::pending_decision(room.state()).kind;
  if (kind != engine::DecisionKind::Retreat && kind != engine::DecisionKind::Advance) return false;
  return store_.any(room.row.id);  // read only for a game waiting for such a decision
}

std::size_t GameStandingOrders::check_all(std::int64_t now_unix) {
  std::vector<std::uint64_t> ids;
  for (const auto& [id, room] : rooms_.all())
    ids.push_back(id);
  std::size_t played = 0;
  for (const std::uint64_t id : ids)  // a room looked up again: playing may evict another
    if (GameRoom* room = rooms_.loaded(id)) {
      try {
        played += check(*room, now_unix);
      } catch (const std::exception& error) {
        log_event(LogLevel::Error, "standing_order_check_failed",
                  {{"game", std::to_string(id)}, {"error", error.what()}});
      }
    }
  return played;
}

}  // namespace hd::server
