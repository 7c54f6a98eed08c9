// Play (game_play.hpp): actions validated by the engine against the caller's seats, Coalition
// teamwork (both seats end a phase; a mixed attack needs the other seat's consent).
#include "games/game_play.hpp"

#include "games/seat_policy.hpp"
#include "games/secret_choices.hpp"
#include "games/spectator_view.hpp"
#include "log.hpp"
#include "request_digest.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/observation/believed_refusal.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <google/protobuf/arena.h>

#include <algorithm>
#include <optional>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

// Whether two subscribers are sent the same update of an action: GameViews::update_for (and the
// fan-out's skips: delay, 16.3's side) read of a subscriber only its seats, viewer and delay.
bool sees_alike(const Subscriber& a, const Subscriber& b) {
  return a.seats == b.seats && a.viewer.kind == b.viewer.kind && a.viewer.army == b.viewer.army &&
         a.viewer.side == b.viewer.side && a.delay_player_turns == b.delay_player_turns;
}

// A game's end by the rules (3.4), typed and in words.
GameOutcome outcome_of(const engine::GameResult& result) {
  if (!result.winner) return {v1::GAME_END_RULES, v1::SIDE_UNSPECIFIED, "no winner: " + result.text};
  return {v1::GAME_END_RULES, wire::to_proto(*result.winner),
          std::string(engine::to_string(*result.winner)) + " " + result.level + " victory: " + result.text};
}

v1::ServerEnvelope accepted(std::uint64_t request_id, std::uint64_t game, std::uint64_t sequence,
                            bool awaiting) {
  v1::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  v1::ActionAccepted& ack = *envelope.mutable_action_accepted();
  ack.set_game_id(game);
  ack.set_sequence(sequence);
  ack.set_awaiting_confirmation(awaiting);
  return envelope;
}

// The sequence number `seat` knows the logged action `log_sequence` by: the log's, or in a game with
// 16.3 its side's own count (issue 14; a side's own actions are always shown to it).
std::uint64_t seat_sequence(const GameRoom& room, v1::Seat seat, std::uint64_t log_sequence) {
  return room.side_sequence_at(side_of_seat(seat), log_sequence);
}

}  // namespace

GamePlay::GamePlay(Database& db, const ServerConfig& config, GameStore& store, GameRooms& rooms,
                   GameViews& views, Outbound& outbound, Metrics& metrics, Post post)
    : db_(db),
      config_(config),
      store_(store),
      rooms_(rooms),
      views_(views),
      outbound_(outbound),
      metrics_(metrics),
      post_(std::move(post)) {}

void GamePlay::send_rule_refusal(const Caller& caller, const Envelope& request, const GameRoom& room,
                                 const engine::Viewer& viewer, const engine::Refusal& refusal) {
  // Only what the refused seat may see: a unit it is not shown is "a unit" (18.5C).
  const engine::Refusal shown = engine::redact(room.state(), refusal, viewer);
  const std::string words = engine::describe(shown, room.state());
  log_event(
      LogLevel::Info, "refused",
      {{"connection", std::to_string(caller.connection)},
       {"code", "RULE_VIOLATION"},
       {"reason", shown.code == engine::RefusalCode::RuleOwn ? shown.rule + " " + shown.reason
                                                             : std::string(engine::to_string(shown.code))},
       {"message", words}});
  v1::ServerEnvelope envelope =
      refusal_envelope(request.request_id(), v1::REFUSAL_CODE_RULE_VIOLATION, words);
  wire::to_proto(shown, *envelope.mutable_refusal());
  outbound_.send(caller.connection, envelope);
}
std::uint64_t GamePlay::play(GameRoom& room, engine::Side side, const engine::Action& action, v1::Seat seat,
                             std::optional<AccountId> account, std::uint64_t request_id,
                             const std::string& request_digest, bool by_standing_order) {
  AppliedAction applied = room.apply(side, action, seat, account, request_id);
  applied.logged.request_digest = request_digest;
  applied.logged.by_standing_order = by_standing_order;
  const bool over = applied.after.phase == engine::Phase::GameOver || applied.after.result.has_value();
  const GameOutcome result = over && applied.after.result ? outcome_of(*applied.after.result) : GameOutcome{};
  // Persist before anyone hears of it: the action, its dice, the state hash and the game's end.
  // The commit is timed by the database hook; the hub times the whole request (the action latency).
  // 28.0D, 22.6B: a choose-entry commits to its choice, and 16.6A a hide to its real marker, stored
  // with the action (docs/commitments.md).
  const std::optional<SecretChoiceRow> secret =
      secret_made_by(room.row.id, room.state(), action, applied.logged, seat);
  in_transaction(db_, [&] {
    store_.append_action(room.row.id, applied.logged);
    if (secret) store_.insert_secret(room.row.id, *secret);
    if (over) {
      store_.set_status(room.row.id, v1::GAME_STATUS_FINISHED, result);
      // The lists show a finished game from its row (issue 29, finding 3): its last turn.
      store_.set_summary_fields(room.row.id, applied.after.current_turn().name.to_string(),
                                engine::public_missing_rules(*applied.after.rules));
    }
  });
  if (secret) room.row.secrets.push_back(*secret);
  const std::vector<engine::Event> events = applied.events;
  google::protobuf::RepeatedPtrField<v1::SecretOpening> openings;  // 18.5C, 28.0D: revealed by this action
  add_openings_revealed_by(room, room.state(), applied.after, openings);
  const std::size_t turns_before = room.turn_starts.size();
  room.commit(std::move(applied));
  room.proposal.reset();
  room.undo_requested_by.reset();
  if (over) {
    room.row.status = v1::GAME_STATUS_FINISHED;
    room.row.result = result;
    log_event(LogLevel::Info, "game_finished",
              {{"game", std::to_string(room.row.id)}, {"result", result.words}});
  }
  metrics_.count_action();
  if (over) rooms_.report_games();
  const LoggedAction& logged = room.log.back();
  // Issue 15: subscribers who see alike are sent the same update, made once (a game watched by many
  // spectators costs a view for each way of seeing it, not one a spectator) and encoded once
  // (Outbound::send_to_all): each update made, the first subscriber it was made for, and the
  // connections it goes to.
  struct Made {
    const Subscriber* made_for;
    v1::ServerEnvelope* update;  // on `arena`
    std::vector<ConnectionId> to;
  };
  // The updates are made on one arena, freed at once when sent, instead of an allocation for each
  // unit, hex and string of every view (about 6% of the server's samples in a profile,
  // docs/performance.md, "The live updates on an arena"). Derived: a Quatre Bras view is a few tens
  // of kilobytes of messages; two to four kinds of subscriber an action. Made with the first update:
  // an arena of these options takes its first block when built, and a game nobody has open (the
  // built-in players' own) sends none.
  google::protobuf::ArenaOptions arena_options;
  arena_options.start_block_size = 32 * 1024;
  arena_options.max_block_size = 128 * 1024;
  std::optional<google::protobuf::Arena> arena;
  std::vector<Made> made;
  for (const auto& [connection, subscriber] : room.subscribers) {
    // A delayed spectator hears only of a new player turn (its delayed view then moves on), so the
    // number and times of the actions now tell it nothing.
    if (is_delayed(room, subscriber) && room.turn_starts.size() == turns_before && !over) continue;
    if (subscriber.catching_up) continue;  // its catch-up sends this one in order (catch_up.hpp)
    // Issue 14 (16.3): a side is not sent what it learns nothing of, so its stream does not tell
    // how many actions it could not see.
    if (const auto side = fog_side(room, subscriber); side && !room.last_shown_to(*side)) continue;
    // (clang 14, the fuzz build's compiler, cannot capture a structured binding: name it.)
    const Subscriber& seeing = subscriber;
    auto same = std::find_if(made.begin(), made.end(),
                             [&](const Made& entry) { return sees_alike(*entry.made_for, seeing); });
    if (same == made.end()) {
      if (!arena) arena.emplace(arena_options);
      auto* update = google::protobuf::Arena::CreateMessage<v1::ServerEnvelope>(&*arena);
      views_.update_for(room, subscriber, logged, events, room.state(), *update->mutable_game_update());
      if (!is_delayed(room, subscriber)) *update->mutable_game_update()->mutable_secret_openings() = openings;
      made.push_back({&subscriber, update, {}});
      same = std::prev(made.end());
    }
    same->to.push_back(connection);
  }
  std::uint64_t sent = 0;
  for (const Made& update : made) {
    outbound_.send_to_all(update.to, *update.update);
    sent += update.to.size();
  }
  metrics_.count_updates(made.size(), sent);
  if (over) {
    views_.broadcast_summary(room);  // and the webhook notices of the end
  } else {
    views_.changed(room);  // issue 16: the webhook notices of whose decision it is now
  }
  if (config_.snapshot_every > 0 && logged.sequence % config_.snapshot_every == 0) {
    // A cache, written once the updates are out (the actor's answer follows): a failure loses nothing.
    try {
      store_.save_snapshot(room.row.id, room.snapshot());
    } catch (const std::exception& error) {
      log_event(LogLevel::Warning, "snapshot_not_saved",
                {{"game", std::to_string(room.row.id)}, {"error", error.what()}});
    }
  }
  return logged.sequence;
}

std::uint64_t GamePlay::play_by_standing_order(GameRoom& room, engine::Side side,
                                               const engine::Action& action, v1::Seat seat,
                                               AccountId account) {
  const std::uint64_t sequence = play(room, side, action, seat, account, 0, "", true);
  run_builtin_players(room);  // a built-in opponent plays on from here
  return sequence;
}

void GamePlay::submit_action(const Caller& caller, const Envelope& request, GameRoom* found) {
  const v1::SubmitAction& submit = request.submit_action();
  if (!found) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  GameRoom& room = *found;
  const AccountId account = *caller.account;
  const auto held = room.seats_of(account);
  if (held.empty())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT, "you hold no seat here");

  // A replay (the same request under its id) gets the first answer and is not applied again, also
  // when an undo took the action back; another request under a used id is refused, unapplied. An
  // action logged before migration 0010 has no digest: its id is refused for any request.
  const std::string digest = request.request_id() != 0 ? request_digest(request) : std::string();
  if (request.request_id() != 0) {
    const auto reused = [&] {
      send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_REQUEST_ID_REUSED,
                   "this request id was used for another request: send it again under a new id");
    };
    for (auto it = room.log.rbegin(); it != room.log.rend(); ++it)
      if (it->account == account && it->request_id == request.request_id()) {
        if (it->request_digest != digest) return reused();
        return outbound_.send(caller.connection,
                              accepted(request.request_id(), submit.game_id(),
                                       seat_sequence(room, it->seat, it->sequence), false));
      }
    if (room.proposal && room.proposal->proposer == account &&
        room.proposal->request_id == request.request_id()) {
      if (room.proposal->request_digest != digest) return reused();
      return outbound_.send(caller.connection, accepted(request.request_id(), submit.game_id(), 0, true));
    }
    if (const auto undone = store_.undone_request(room.row.id, account, request.request_id())) {
      if (undone->request_digest != digest) return reused();
      return outbound_.send(caller.connection,
                            accepted(request.request_id(), submit.game_id(), undone->sequence, false));
    }
  }
  if (room.row.status != v1::GAME_STATUS_RUNNING)
    return send_refusal(
        outbound_, caller, request, v1::REFUSAL_CODE_GAME_NOT_RUNNING,
        room.row.status == v1::GAME_STATUS_OPEN ? "the game waits for players" : "the game is over");

  std::set<engine::Side> my_sides;
  std::set<engine::Army> my_armies;
  for (v1::Seat seat : held) {
    my_sides.insert(side_of_seat(seat));
    my_armies.insert(army_of_seat(seat));
  }

  // The action: typed (unit numbers checked by the wire layer) or in the notation. A unit this
  // account is not shown (a secret option's, 18.5C) is refused as a unit not in the game.
  const std::size_t units_shown = engine::units_shown(room.state(), viewer_for_seats(held));
  engine::Action action;
  std::optional<engine::Side> named_side;
  if (submit.action().kind_case() == v1::GameAction::kNotation) {
    engine::GameState as_shown = room.state();  // names resolve among the units shown only
    as_shown.units.resize(units_shown);
    const auto parsed = engine::parse_action_line(as_shown, submit.action().notation().line());
    if (const auto* error = std::get_if<std::string>(&parsed))
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, *error);
    const auto& notated = std::get<engine::NotatedAction>(parsed);
    if (!notated.dice.empty())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                          "the server rolls the dice ('die N')");
    if (!my_sides.count(notated.side))
      return send_refusal(
          outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
          "you hold no seat of the " + std::string(engine::to_string(notated.side)) + " side");
    action = notated.action;
    named_side = notated.side;
  } else {
    auto converted = wire::from_proto(submit.action(), room.state(), units_shown);
    if (const auto* error = std::get_if<std::string>(&converted))
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, *error);
    action = std::get<engine::Action>(converted);
  }

  // Whose action it is (the engine's claim, from the action's kind): always judged against the
  // seats this account holds.
  const engine::ActionClaim claim = engine::claim_of(room.state(), action);
  const engine::Side side = named_side.value_or(claim.side);
  if (!my_sides.count(side) || (named_side && !claim.armies.empty() && claim.side != *named_side))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "that is not your seat's action");
  std::set<engine::Army> missing;
  for (engine::Army army : claim.armies)
    if (!my_armies.count(army)) missing.insert(army);
  const auto* attack = std::get_if<engine::AttackAction>(&action);
  bool propose = false;
  if (!missing.empty()) {
    // A mixed Coalition attack: the other Coalition seat, held by another human, must confirm.
    bool others_confirm = attack && side == engine::Side::Coalition && missing.size() < claim.armies.size();
    for (engine::Army army : missing) {
      const SeatRow* seat = room.seat(seat_of_army(army));
      if (!seat || engine::side_of(army) != engine::Side::Coalition || seat->built_in || !seat->account)
        others_confirm = false;
    }
    if (!others_confirm)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                          "those units belong to another seat");
    propose = true;
  }
  if (const auto refusal = engine::validate(room.state(), side, action))
    return send_rule_refusal(caller, request, room, viewer_for_seats(held),
                             engine::refusal_told(room.state(), side, action, *refusal));

  // The seat that acts: one of the caller's seats for the units named, else one of its side.
  v1::Seat acting = v1::SEAT_UNSPECIFIED;
  for (v1::Seat seat : held)
    if (claim.armies.count(army_of_seat(seat)) && acting == v1::SEAT_UNSPECIFIED) acting = seat;
  if (acting == v1::SEAT_UNSPECIFIED)
    for (v1::Seat seat : held)
      if (side_of_seat(seat) == side && acting == v1::SEAT_UNSPECIFIED) acting = seat;

  if (propose) {
    AttackProposalState proposal;
    proposal.id = room.next_proposal_id++;
    proposal.proposed_by = acting;
    proposal.proposer = account;
    for (engine::Army army : missing)
      proposal.confirmers.push_back(seat_of_army(army));
    proposal.attack = *attack;
    proposal.request_id = request.request_id();
    proposal.request_digest = digest;
    proposal.connection = caller.connection;
    proposal.sequence_when_proposed = room.sequence();
    room.proposal = proposal;
    outbound_.send(caller.connection, accepted(request.request_id(), submit.game_id(), 0, true));
    v1::ServerEnvelope envelope;
    v1::AttackProposal& out = *envelope.mutable_attack_proposal();
    out.set_game_id(submit.game_id());
    out.set_proposal_id(proposal.id);
    out.set_proposed_by(acting);
    *out.mutable_attack() = wire::to_proto(action).attack();
    views_.send_to_subscribers(room, envelope, [&](const Subscriber& subscriber) {
      for (v1::Seat seat : room.proposal->confirmers)
        if (room.holds(subscriber.account, seat)) return true;
      return false;
    });
    return;
  }

  // The Coalition's phase ends when every Coalition seat has ended it (one account holding both
  // seats ends it for both at once). The marks are persisted before anyone hears of them, so a
  // restart keeps them (migrations/0004); a mark of an earlier phase is void on load.
  const std::set<v1::Seat> ended_before = room.coalition_ended;
  for (v1::Seat seat : held)
    room.coalition_ended.erase(seat);
  if (std::holds_alternative<engine::EndPhaseAction>(action) && side == engine::Side::Coalition) {
    for (v1::Seat seat : held)
      if (side_of_seat(seat) == engine::Side::Coalition) room.coalition_ended.insert(seat);
    bool all_ended = true;
    for (v1::Seat seat : room.seats_of_side(engine::Side::Coalition))
      if (!room.coalition_ended.count(seat)) all_ended = false;
    if (!all_ended) {
      if (room.coalition_ended != ended_before)
        store_.save_phase_ends(room.row.id, room.phase_start_sequence(), room.coalition_ended);
      outbound_.send(caller.connection, accepted(request.request_id(), submit.game_id(), 0, true));
      views_.broadcast_summary(room);  // waiting_for changed
      return;
    }
    // Every seat has ended: the EndPhase below begins a new phase, which voids the marks.
  } else if (room.coalition_ended != ended_before) {
    // A seat that acts again withdraws its end.
    store_.save_phase_ends(room.row.id, room.phase_start_sequence(), room.coalition_ended);
  }

  const std::uint64_t applied = play(room, side, action, acting, account, request.request_id(), digest);
  outbound_.send(caller.connection, accepted(request.request_id(), submit.game_id(),
                                             seat_sequence(room, acting, applied), false));
  run_builtin_players(room);
}

void GamePlay::confirm_attack(const Caller& caller, const Envelope& request, GameRoom* found) {
  const v1::ConfirmAttack& confirm = request.confirm_attack();
  if (!found) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  GameRoom& room = *found;
  if (!room.proposal || room.proposal->id != confirm.proposal_id())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such attack proposal");
  bool mine = false;
  for (v1::Seat seat : room.proposal->confirmers)
    if (room.holds(*caller.account, seat)) mine = true;
  if (!mine)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "the proposal awaits another seat");
  const AttackProposalState proposal = *room.proposal;
  room.proposal.reset();
  if (room.row.status != v1::GAME_STATUS_RUNNING || proposal.sequence_when_proposed != room.sequence())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "the game has moved on since the proposal");
  if (!confirm.accept()) {
    // Declined: nothing happens; the proposer hears it as a refusal of its original request.
    outbound_.send(proposal.connection, refusal_envelope(proposal.request_id, v1::REFUSAL_CODE_NOT_ALLOWED,
                                                         "the other Coalition seat declined the attack"));
    v1::ServerEnvelope answer;
    answer.set_request_id(request.request_id());
    answer.mutable_ok();
    return outbound_.send(caller.connection, answer);
  }
  if (const auto refusal = engine::validate(room.state(), engine::Side::Coalition, proposal.attack))
    return send_rule_refusal(
        caller, request, room, viewer_for_seats(room.seats_of(*caller.account)),
        engine::refusal_told(room.state(), engine::Side::Coalition, proposal.attack, *refusal));
  const std::uint64_t sequence = play(room, engine::Side::Coalition, proposal.attack, proposal.proposed_by,
                                      proposal.proposer, proposal.request_id, proposal.request_digest);
  outbound_.send(caller.connection, accepted(request.request_id(), confirm.game_id(), sequence, false));
  outbound_.send(proposal.connection, accepted(proposal.request_id, confirm.game_id(), sequence, false));
  run_builtin_players(room);
}

}  // namespace hd::server
