#include "games/game_views.hpp"

#include "games/deadline_clock.hpp"
#include "games/game_record.hpp"
#include "games/scenario_briefing.hpp"
#include "games/seat_policy.hpp"
#include "games/secret_choices.hpp"
#include "games/spectator_view.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/wire/briefing_convert.hpp>
#include <hd/wire/game_convert.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameViews::GameViews(Outbound& outbound, GameStore& store) : outbound_(outbound), store_(store) {}

v1::GameSummary GameViews::summary(const GameRoom& room, const Subscriber* seen_by) const {
  const bool delayed = seen_by && is_delayed(room, *seen_by);
  v1::GameSummary out;
  out.set_game_id(static_cast<std::uint64_t>(room.row.id));
  out.set_scenario(room.row.scenario);
  out.set_title(room.row.title);
  out.set_status(room.row.status);
  for (const SeatRow& seat : room.seats) {
    v1::SeatHolder& holder = *out.add_seats();
    holder.set_seat(seat.seat);
    holder.set_human(!seat.built_in);
    holder.set_username(seat.username);
    bool connected = seat.built_in;
    for (const auto& [connection, subscriber] : room.subscribers)
      if (seat.account && subscriber.account == *seat.account && !subscriber.seats.empty()) connected = true;
    holder.set_connected(connected);
  }
  const engine::GameState& shown = delayed ? visible_state(room, *seen_by) : room.state();
  out.set_turn_label(shown.current_turn().name.to_string());
  if (room.row.status == v1::GAME_STATUS_RUNNING && !delayed) {
    const auto waiting = room.pending_seats();
    if (!waiting.empty()) out.set_waiting_for(waiting.front());
  }
  out.mutable_spectators()->set_view(room.row.spectator_view);
  out.mutable_spectators()->set_delay_player_turns(static_cast<std::uint32_t>(room.row.spectator_delay));
  out.set_created_unix_seconds(static_cast<std::uint64_t>(room.row.created_unix));
  out.set_result(room.row.result.words);
  out.set_end(room.row.result.end);
  out.set_winner(room.row.result.winner);
  out.set_public_listing(room.row.public_listing);
  for (const std::string& rule : engine::public_missing_rules(*room.state().rules))
    out.add_missing_rules(rule);  // not by the book
  if (room.deadline) add_deadline(*room.deadline, room.seats, room.row.status, !delayed, out);
  return out;
}

void GameViews::add_deadline(const DeadlineState& deadline, const std::vector<SeatRow>& seats,
                             v1::GameStatus status, bool show_time, v1::GameSummary& out) {
  v1::TurnDeadline& settings = *out.mutable_deadline();
  settings.set_hours(static_cast<std::uint32_t>(deadline.row.hours));
  settings.set_vacation_days(static_cast<std::uint32_t>(deadline.row.vacation_days));
  settings.set_policy(deadline.row.policy);
  for (const SeatRow& seat : seats) {
    if (seat.built_in) continue;
    const auto used = deadline.vacation_used.find(seat.seat);
    const std::int64_t spent = used == deadline.vacation_used.end() ? 0 : used->second;
    v1::SeatVacation& vacation = *out.add_vacation();
    vacation.set_seat(seat.seat);
    vacation.set_days_left(
        static_cast<std::uint32_t>(std::max<std::int64_t>(0, deadline.row.vacation_days - spent)));
  }
  out.set_deadline_event(deadline.row.last_event);
  // A delayed spectator learns nothing of the present, when the live player turn began included.
  if (!show_time || status != v1::GAME_STATUS_RUNNING || deadline.row.turn_start_sequence < 0) return;
  const DeadlineRule rule{deadline.row.hours, deadline.row.vacation_days, deadline.hour_seconds};
  out.set_deadline_unix_seconds(static_cast<std::uint64_t>(
      deadline_unix(rule, DeadlineWait{deadline.row.began_unix, deadline.row.turn_vacation_days})));
}

v1::GameView GameViews::view_for(const GameRoom& room, const Subscriber& subscriber) const {
  const engine::GameState& shown = visible_state(room, subscriber);
  v1::GameView out = wire::to_proto(engine::view(shown, shown_viewer(room, subscriber)));
  if (&shown == &room.state()) add_live_decision(room, subscriber, out);
  return out;
}

void GameViews::add_live_decision(const GameRoom& room, const Subscriber& subscriber, v1::GameView& view) {
  for (v1::Seat seat : room.pending_seats())
    view.mutable_pending()->add_seats(seat);
  view.set_undo_allowed(room.undo_allowed_for(subscriber.seats));
}

v1::GameSnapshot GameViews::snapshot(const GameRoom& room, const Subscriber& subscriber,
                                     const CatchUpStart* past) {
  v1::GameSnapshot out;
  out.set_game_id(static_cast<std::uint64_t>(room.row.id));
  out.set_sequence(past ? shown_sequence(room, subscriber, past->sequence)
                        : visible_sequence(room, subscriber));
  for (v1::Seat seat : subscriber.seats)
    out.add_my_seats(seat);
  out.set_spectating(subscriber.seats.empty());
  v1::ScenarioInfo& info = *out.mutable_scenario();
  const engine::Ruleset& rules = *room.state().rules;
  info.set_id(room.row.scenario);
  info.set_title(rules.scenario.name);
  info.set_rule(rules.scenario.rule);
  for (const engine::GameTurn& turn : rules.turns)
    *info.add_turns() = wire::to_proto(turn);
  // 18.5C: a secret option is left out until revealed, for those who may not know of it.
  const auto visible =
      engine::visible_options(visible_state(room, subscriber), shown_viewer(room, subscriber));
  for (const std::string& option : room.row.force_options)
    if (std::find(visible.begin(), visible.end(), option) != visible.end()) info.add_force_options(option);
  for (const std::string& rule : room.row.optional_rules)
    info.add_optional_rules(rule);
  for (const std::string& rule : engine::public_missing_rules(rules))
    info.add_missing_rules(rule);  // not by the book
  for (engine::Army army : armies_in_play(room.initial))
    info.add_armies(wire::to_proto(army));
  add_briefing(rules, visible, info);  // after force_options: their titles follow them
  if (past)
    *out.mutable_view() = wire::to_proto(engine::view(past->state, shown_viewer(room, subscriber)));
  else
    *out.mutable_view() = view_for(room, subscriber);
  *out.mutable_summary() = summary(room, &subscriber);
  std::optional<int> my_side;
  if (!subscriber.seats.empty()) my_side = wire::to_proto(side_of_seat(subscriber.seats.front()));
  for (const ChatRow& chat : store_.recent_chat(room.row.id, 50)) {
    if (chat.channel == v1::CHAT_CHANNEL_SIDE && (!my_side || chat.side != *my_side)) continue;
    v1::ChatMessage& message = *out.add_recent_chat();
    message.set_game_id(static_cast<std::uint64_t>(room.row.id));
    message.set_channel(chat.channel);
    message.set_from(chat.from);
    message.set_text(chat.text);
    message.set_unix_seconds(static_cast<std::uint64_t>(chat.unix_seconds));
  }
  if (room.proposal && !subscriber.seats.empty() && !past) {
    v1::AttackProposal& proposal = *out.mutable_pending_attack();
    proposal.set_game_id(static_cast<std::uint64_t>(room.row.id));
    proposal.set_proposal_id(room.proposal->id);
    proposal.set_proposed_by(room.proposal->proposed_by);
    *proposal.mutable_attack() = wire::to_proto(engine::Action{room.proposal->attack}).attack();
  }
  out.set_seed_commitment(room.row.seed_commitment);
  const engine::GameState& shown = past ? past->state : visible_state(room, subscriber);
  add_secret_commitments(room, shown, out);
  add_secret_openings(room, shown, *out.mutable_secret_openings());
  return out;
}

// Reads of `subscriber` only its seats, viewer and delay: game_play.cpp's fan-out sends one update
// to every subscriber alike in these (sees_alike).
v1::GameUpdate GameViews::update_for(const GameRoom& room, const Subscriber& subscriber,
                                     const LoggedAction& logged, const std::vector<engine::Event>& events,
                                     const engine::GameState& after) const {
  v1::GameUpdate out;
  update_for(room, subscriber, logged, events, after, out);
  return out;
}

void GameViews::update_for(const GameRoom& room, const Subscriber& subscriber, const LoggedAction& logged,
                           const std::vector<engine::Event>& events, const engine::GameState& after,
                           v1::GameUpdate& out) const {
  out.set_game_id(static_cast<std::uint64_t>(room.row.id));
  if (is_delayed(room, subscriber)) {
    // A delayed spectator learns nothing of the action now: not its sequence, seat, text or events,
    // only the (delayed) view and the sequence that view stands at.
    out.set_sequence(visible_sequence(room, subscriber));
    *out.mutable_view() = view_for(room, subscriber);
    return;
  }
  out.set_sequence(shown_sequence(room, subscriber, logged.sequence));  // issue 14
  out.set_seat(logged.seat);
  out.set_action_text(engine::redact_action_line(after, line_with_dice(logged), subscriber.viewer));  // 28.0D
  out.set_by_standing_order(logged.by_standing_order);
  add_commitments_made_by(room, after, logged, *out.mutable_secret_commitments());  // 28.0D, 16.6
  for (const engine::Event& event : events)
    if (const auto shown = engine::redact(after, event, subscriber.viewer))
      *out.add_events() = wire::to_proto(after, *shown);
  v1::GameView& view = *out.mutable_view();
  wire::to_proto(engine::view(after, subscriber.viewer), view);
  if (&after == &room.state()) add_live_decision(room, subscriber, view);
}

void GameViews::send_to_subscribers(const GameRoom& room, const v1::ServerEnvelope& envelope,
                                    const std::function<bool(const Subscriber&)>& accept) {
  for (const auto& [connection, subscriber] : room.subscribers)
    if (accept(subscriber)) outbound_.send(connection, envelope);
}

void GameViews::send_to_subscribers(const GameRoom& room, const v1::ServerEnvelope& envelope) {
  send_to_subscribers(room, envelope, [](const Subscriber&) { return true; });
}

void GameViews::broadcast_summary(const GameRoom& room) {
  v1::ServerEnvelope live;
  *live.mutable_game_changed() = summary(room);
  for (const auto& [connection, subscriber] : room.subscribers) {
    if (!is_delayed(room, subscriber)) {
      outbound_.send(connection, live);
      continue;
    }
    v1::ServerEnvelope late;
    *late.mutable_game_changed() = summary(room, &subscriber);
    outbound_.send(connection, late);
  }
  changed(room);
}

}  // namespace hd::server
