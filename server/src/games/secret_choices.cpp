#include "games/secret_choices.hpp"

#include "games/game_room.hpp"
#include "games/seat_policy.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/rules/variant/hidden_movement_secrets.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/engine/scenarios/secret_options.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

const engine::ScenarioOption* option_of(const engine::GameState& state, const std::string& choice_id) {
  for (const engine::ScenarioOption& option : state.rules->scenario.options)
    if (option.id == choice_id && option.secret) return &option;
  return nullptr;
}

void add_opening(const SecretChoiceRow& secret, google::protobuf::RepeatedPtrField<v1::SecretOpening>& out) {
  v1::SecretOpening& opening = *out.Add();
  opening.set_choice_id(secret.choice_id);
  opening.set_choice(secret.choice);
  opening.set_nonce(secret.nonce);
}

// A game closed before it started (expired or withdrawn; issue 29) was never played: its secret
// choices are never revealed.
bool finished(const GameRoom& room) {
  return room.row.status == v1::GAME_STATUS_FINISHED && !room.row.closed_before_start;
}

// 28.0D, 22.6B: the entry choice's id ("french-4") of a secret made during play, or nullopt.
std::optional<std::string_view> entry_id_of(const SecretChoiceRow& secret) {
  return engine::entry_choice_of_secret_id(secret.choice_id);
}

void add_commitment(const GameRoom& room, const SecretChoiceRow& secret, v1::SecretCommitment& commitment) {
  commitment.set_choice_id(secret.choice_id);
  commitment.set_seat(secret.seat);
  commitment.set_commitment(secret.commitment);
  std::string when = "the end of the game";
  if (engine::is_hidden_secret_id(secret.choice_id))
    when = "its pair's reveal (16.6C), or the end of the game";
  else if (entry_id_of(secret))
    when = "its side's player turn of the chosen turn, or the end of the game";
  else if (const engine::ScenarioOption* option = option_of(room.initial, secret.choice_id))
    when = option->secret->reveal.to_string() + " " +
           (option->secret->side == engine::Side::French ? "French" : "Coalition") +
           " movement phase, or the end of the game";
  commitment.set_revealed_at(when);
}

}  // namespace

std::vector<SecretChoiceRow> make_secret_choices(const engine::GameState& initial,
                                                 const std::vector<SeatRow>& seats) {
  std::vector<SecretChoiceRow> secrets;
  for (const engine::ScenarioOption& option : initial.rules->scenario.options) {
    if (!option.secret) continue;
    SecretChoiceRow secret;
    secret.choice_id = option.id;
    const auto seat = std::find_if(seats.begin(), seats.end(), [&](const SeatRow& s) {
      return side_of_seat(s.seat) == option.secret->side;
    });
    secret.seat = seat == seats.end() ? v1::SEAT_UNSPECIFIED : seat->seat;
    // "none" when not chosen: every secret option has a commitment, so its presence tells nothing.
    secret.choice = initial.rules->option_chosen(option.id) ? option.id : std::string(wire::kNoChoice);
    secret.nonce = wire::new_secret_nonce();
    secrets.push_back(std::move(secret));
  }
  return secrets;
}

void commit_secret_choices(std::int64_t game_id, std::vector<SecretChoiceRow>& secrets) {
  for (SecretChoiceRow& secret : secrets)
    secret.commitment = wire::secret_commitment(static_cast<std::uint64_t>(game_id), secret.choice_id,
                                                secret.choice, secret.nonce);
}

std::optional<SecretChoiceRow> secret_made_by(std::int64_t game_id, const engine::GameState& before,
                                              const engine::Action& action, const LoggedAction& logged,
                                              v1::Seat seat) {
  if (const auto hidden = engine::hidden_secret_made_by(before, action)) {  // 16.6A
    SecretChoiceRow secret;
    secret.choice_id = hidden->id;
    secret.seat = seat_of_army(hidden->army);
    secret.choice = hidden->text;
    secret.nonce = wire::new_secret_nonce();
    secret.commitment = wire::secret_commitment(static_cast<std::uint64_t>(game_id), secret.choice_id,
                                                secret.choice, secret.nonce);
    return secret;
  }
  const engine::Ruleset& rules = *before.rules;
  const auto line = engine::parse_choose_entry_line(logged.action);
  if (!line) return std::nullopt;
  SecretChoiceRow secret;
  secret.choice_id = engine::entry_choice_secret_id(rules, line->id);
  // The seat of the army whose choice it is (a Coalition-wide decision may be played by either seat).
  secret.seat = seat;
  for (const engine::EntryChoice& choice : engine::entry_choices(rules))
    if (choice.id == line->id) secret.seat = seat_of_army(choice.army);
  secret.choice = engine::entry_choice_secret_text(line->choice);
  secret.nonce = wire::new_secret_nonce();
  secret.commitment = wire::secret_commitment(static_cast<std::uint64_t>(game_id), secret.choice_id,
                                              secret.choice, secret.nonce);
  return secret;
}

void add_commitments_made_by(const GameRoom& room, const engine::GameState& after, const LoggedAction& logged,
                             google::protobuf::RepeatedPtrField<v1::SecretCommitment>& out) {
  // 16.6A: a hide (its line parsed only where 16.6 is in force).
  if (const auto hidden = engine::rule_in_force(*after.rules, engine::kHiddenMovementRule)
                              ? engine::hidden_secret_id_of_line(after, logged.action)
                              : std::nullopt) {
    for (const SecretChoiceRow& secret : room.row.secrets)
      if (secret.choice_id == *hidden) add_commitment(room, secret, *out.Add());
    return;
  }
  const auto line = engine::parse_choose_entry_line(logged.action);
  if (!line) return;
  const std::string id = engine::entry_choice_secret_id(*room.state().rules, line->id);
  for (const SecretChoiceRow& secret : room.row.secrets)
    if (secret.choice_id == id) add_commitment(room, secret, *out.Add());
}

bool secret_revealed(const engine::GameState& state, const SecretChoiceRow& secret, bool finished) {
  if (finished || state.phase == engine::Phase::GameOver) return true;
  if (engine::is_hidden_secret_id(secret.choice_id))  // 16.6C: its pair revealed
    return engine::hidden_secret_revealed(state, secret.choice_id);
  // 28.0D, 22.6B: a choice made during play, public from its side's player turn of the chosen turn
  // (a Hal Force not used: at the end).
  if (const auto entry = entry_id_of(secret)) return engine::entry_choice_revealed(state, *entry);
  const engine::ScenarioOption* option = option_of(state, secret.choice_id);
  // A choice the scenario no longer marks secret is never opened early: only at the end.
  return option && !engine::secret_choice_unrevealed(state, *option);
}

void add_secret_commitments(const GameRoom& room, const engine::GameState& shown,
                            v1::GameSnapshot& snapshot) {
  for (const SecretChoiceRow& secret : room.row.secrets) {
    const auto entry = entry_id_of(secret);
    if (entry && !finished(room) && !engine::entry_choice_made(shown, *entry))
      continue;  // not yet made there
    if (engine::is_hidden_secret_id(secret.choice_id) && !finished(room) &&
        !engine::hidden_secret_made(shown, secret.choice_id))
      continue;  // 16.6: not yet made there
    add_commitment(room, secret, *snapshot.add_secret_commitments());
  }
}

void add_secret_openings(const GameRoom& room, const engine::GameState& state,
                         google::protobuf::RepeatedPtrField<v1::SecretOpening>& out) {
  for (const SecretChoiceRow& secret : room.row.secrets)
    if (secret_revealed(state, secret, finished(room))) add_opening(secret, out);
}

void add_openings_revealed_by(const GameRoom& room, const engine::GameState& before,
                              const engine::GameState& after,
                              google::protobuf::RepeatedPtrField<v1::SecretOpening>& out) {
  for (const SecretChoiceRow& secret : room.row.secrets)
    if (!secret_revealed(before, secret, false) && secret_revealed(after, secret, false))
      add_opening(secret, out);
}

}  // namespace hd::server
