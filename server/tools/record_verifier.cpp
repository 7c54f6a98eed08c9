#include "record_verifier.hpp"

#include "games/dice.hpp"
#include "games/dice_proof.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/variant/hidden_movement_secrets.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace hd::server {
namespace {

// True for a line that is blank or a '#' comment.
bool blank_or_comment(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first == std::string_view::npos || line[first] == '#';
}

// Splits text into lines without their '\n' (and a trailing '\r').
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
  }
  return lines;
}

Verification fail(std::string message) {
  Verification result;
  result.message = std::move(message);
  return result;
}

constexpr std::array<std::string_view, 3> kSeatOrder{"french", "prussian", "allied"};

// 28.0D, 22.6B (docs/commitments.md): a choice made during play is committed under its rule and id
// ("28.0D/french-4", "22.6B/hal-force"), its choice text the turn and hex of its `choose-entry`
// joined by '@' (engine::entry_choice_secret_id, entry_choice_secret_text).
bool is_entry_secret(const std::string& choice_id) {
  return engine::entry_choice_of_secret_id(choice_id).has_value();
}

// A secret made during play, checked against the record rather than the scenario: 28.0D, 22.6B, 16.6.
bool made_in_play(const std::string& choice_id) {
  return is_entry_secret(choice_id) || engine::is_hidden_secret_id(choice_id);
}

// A secret made during play as the record makes it (28.0D, 22.6B, 16.6): the side that made it and
// its choice text.
struct Made {
  std::string side;
  std::string text;
};

// Every line of the proof whose id `of_kind` names is one of `made` (by id), with the same text,
// committed for a seat of the side that made it; every one of `made` has its line. `verb` is the
// action that makes such a secret ("choose-entry", "hide"). The first mismatch, or nothing.
std::optional<std::string> check_made_in_play(const DiceProof& proof, const std::map<std::string, Made>& made,
                                              bool (*of_kind)(const std::string&), const std::string& verb) {
  std::set<std::string> committed;
  for (const DiceProofSecret& secret : proof.secrets) {
    if (!of_kind(secret.choice_id)) continue;
    committed.insert(secret.choice_id);
    const std::string what = "secret " + secret.choice_id + ": ";
    const auto found = made.find(secret.choice_id);
    if (found == made.end()) return what + "the record makes no such choice (no " + verb + " action for it)";
    if (secret.choice != found->second.text)
      return what + "the choice opened is '" + secret.choice + "' but the record's " + verb + " made '" +
             found->second.text + "'";
    const std::string seat_side = secret.seat == "french" ? "french" : "coalition";
    if (seat_side != found->second.side)
      return what + "committed for the " + secret.seat + " seat but the " + found->second.side +
             " side made it";
  }
  for (const auto& entry : made)
    if (!committed.count(entry.first))
      return "secret " + entry.first + ": the record's " + verb + " has no commitment in the proof";
  return std::nullopt;
}

bool is_hidden_secret(const std::string& choice_id) {
  return engine::is_hidden_secret_id(choice_id);
}

// Every entry-choice line of the proof ("28.0D/<id>", "22.6B/<id>") is the one choose-entry action
// for <id> in the record, under the rule the game's rules give it, with the same choice, by a seat of
// the side that made it; every choose-entry action of the record has its line. The first mismatch,
// or nothing.
std::optional<std::string> check_entry_choices(const DiceProof& proof, std::string_view record,
                                               const engine::Ruleset& rules) {
  std::map<std::string, Made> made;  // by secret choice id
  for (const std::string_view line : lines_of(record)) {
    if (blank_or_comment(line)) continue;
    const auto entry = engine::parse_choose_entry_line(line);
    if (!entry) continue;
    const std::string id = engine::entry_choice_secret_id(rules, entry->id);
    if (!made.emplace(id, Made{entry->side, engine::entry_choice_secret_text(entry->choice)}).second)
      return "secret " + id + ": the record makes this choice more than once";
  }
  return check_made_in_play(proof, made, is_entry_secret, "choose-entry");
}

// 18.5C (docs/commitments.md): every secret option of the scenario has exactly one commitment, it
// opens with its nonce and choice, and the choice is the game's (the option id when the record's
// header chooses the option, "none" when not). The first mismatch, or nothing.
std::optional<std::string> check_secret_choices(const DiceProof& proof, const loader::GameChoice& choice,
                                                const engine::GameState& state) {
  std::set<std::string> seen;
  for (const DiceProofSecret& secret : proof.secrets) {
    const std::string what = "secret " + secret.choice_id + ": ";
    if (!seen.insert(secret.choice_id).second) return what + "committed more than once";
    if (!wire::opening_matches(static_cast<std::uint64_t>(proof.game_id), secret.choice_id, secret.choice,
                               secret.nonce, secret.commitment))
      return what + "the opening (choice '" + secret.choice +
             "' and its nonce) does not match the commitment " + secret.commitment;
    if (made_in_play(secret.choice_id)) continue;  // checked against the record (check_made_in_play)
    const bool chosen =
        std::find(choice.options.begin(), choice.options.end(), secret.choice_id) != choice.options.end();
    const std::string expected = chosen ? secret.choice_id : std::string(wire::kNoChoice);
    if (secret.choice != expected)
      return what + "the choice opened is '" + secret.choice + "' but the record's game " +
             (chosen ? "chooses it" : "does not choose it");
  }
  for (const engine::ScenarioOption& option : state.rules->scenario.options)
    if (option.secret && !seen.count(option.id))
      return "secret " + option.id + ": the proof holds no commitment to this secret option";
  for (const std::string& id : seen) {
    if (made_in_play(id)) continue;
    const auto& options = state.rules->scenario.options;
    if (std::none_of(options.begin(), options.end(),
                     [&](const engine::ScenarioOption& o) { return o.id == id && o.secret; }))
      return "secret " + id + ": not a secret option of " + choice.scenario;
  }
  return std::nullopt;
}

}  // namespace

Verification verify_game(std::string_view record, std::string_view proof_text,
                         const std::filesystem::path& data_root) {
  // The proof: well formed, seeds committed, seats in order, every roll derived.
  const DiceProofParse parsed_proof = parse_dice_proof(proof_text);
  if (!parsed_proof.proof) return fail("dice proof: " + parsed_proof.error);
  const DiceProof& proof = *parsed_proof.proof;
  const std::string commitment = dice_commitment(proof.seed);
  if (commitment != proof.commitment)
    return fail("commitment mismatch: SHA-256 of the revealed seed is " + commitment +
                " but the proof commits to " + proof.commitment);
  std::vector<std::string> entropy;
  std::size_t order = 0;
  for (const DiceProofSeat& seat : proof.seats) {
    while (order < kSeatOrder.size() && kSeatOrder[order] != seat.seat)
      ++order;
    if (order == kSeatOrder.size())
      return fail("dice proof: seat '" + seat.seat + "' unknown or out of order (french, prussian, allied)");
    ++order;
    entropy.push_back(seat.entropy);
  }
  for (std::size_t n = 1; n <= proof.rolls.size(); ++n) {
    const int derived = derive_die(proof.seed, entropy, n);
    if (derived != proof.rolls[n - 1])
      return fail("roll " + std::to_string(n) + " mismatch: the proof says " +
                  std::to_string(proof.rolls[n - 1]) + " but the seed and entropy give " +
                  std::to_string(derived));
  }

  // The record: the game it was played with, then every line replayed with the proof's dice.
  const loader::RecordHeaderParse parsed_header = loader::parse_record_header(record);
  if (!parsed_header.header) return fail(parsed_header.error);
  loader::RecordHeader header = *parsed_header.header;
  if (const auto refusal = loader::rules_version_refusal(header)) return fail("rules version: " + *refusal);
  if (header.choice.scenario.empty()) header.choice.scenario = proof.scenario;
  if (header.choice.scenario != proof.scenario)
    return fail("scenario mismatch: the record is " + header.choice.scenario + " but the proof is " +
                proof.scenario);
  if (!header.final_hash) return fail("record has no '# final-hash:' line");
  auto game = loader::start_scenario_game(data_root, header.choice);
  if (!game.value) {
    std::string why = "cannot start " + header.choice.scenario;
    for (const auto& error : game.errors)
      why += "; " + error.to_string();
    return fail(why);
  }
  engine::GameState state = std::move(*game.value);
  if (const auto mismatch = check_secret_choices(proof, header.choice, state)) return fail(*mismatch);
  if (const auto mismatch = check_entry_choices(proof, record, *state.rules)) return fail(*mismatch);
  std::size_t dice_used = 0, actions = 0;
  int number = 0;
  std::map<std::string, Made> placements;  // 16.6A: made by the record's hide actions
  for (const std::string_view line : lines_of(record)) {
    ++number;
    if (blank_or_comment(line)) continue;
    const std::string where = "record line " + std::to_string(number) + " '" + std::string(line) + "': ";
    const auto notated = engine::parse_action_line(state, line);
    if (const auto* error = std::get_if<std::string>(&notated)) return fail(where + *error);
    const auto& action = std::get<engine::NotatedAction>(notated);
    if (auto refusal = engine::validate(state, action.side, action.action))
      return fail(where + "refused (" + refusal->rule + "): " + engine::describe(*refusal, state));
    if (const auto hidden = engine::hidden_secret_made_by(state, action.action)) {
      const std::string side(engine::to_string(action.side));
      if (!placements.emplace(hidden->id, Made{side, hidden->text}).second)
        return fail(where + "secret " + hidden->id + ": the record places this pair twice in one turn");
    }
    std::string dice_error;
    std::size_t next_written = 0;  // the action's own "die N" / "dice N M ..." in order
    engine::apply(state, action.side, action.action, [&] {
      ++dice_used;
      const int proof_die = dice_used <= proof.rolls.size() ? proof.rolls[dice_used - 1] : 0;
      const std::optional<int> written =
          next_written < action.dice.size() ? std::optional<int>(action.dice[next_written++]) : std::nullopt;
      if (!written) {
        if (dice_error.empty()) dice_error = "an action rolled a die its line does not give ('die N')";
      } else if (proof_die == 0) {
        if (dice_error.empty())
          dice_error = "die " + std::to_string(dice_used) + " is beyond the proof's " +
                       std::to_string(proof.rolls.size()) + " rolls";
      } else if (*written != proof_die && dice_error.empty()) {
        dice_error = "die " + std::to_string(*written) + " but roll " + std::to_string(dice_used) +
                     " of the proof is " + std::to_string(proof_die);
      }
      return written.value_or(1);
    });
    if (!dice_error.empty()) return fail(where + dice_error);
    if (next_written < action.dice.size())
      return fail(where + "the line gives more dice than the action rolled");
    ++actions;
  }
  if (const auto mismatch = check_made_in_play(proof, placements, is_hidden_secret, "hide"))
    return fail(*mismatch);  // 16.6A
  if (dice_used != proof.rolls.size())
    return fail("the record rolled " + std::to_string(dice_used) + " dice but the proof holds " +
                std::to_string(proof.rolls.size()));
  const std::string reached = loader::format_final_hash(engine::state_hash(state));
  if (reached != *header.final_hash)
    return fail("final hash mismatch: the replay reaches " + reached + " but the record says " +
                *header.final_hash);
  Verification result;
  result.ok = true;
  result.dice = dice_used;
  result.actions = actions;
  result.final_hash = reached;
  std::ostringstream summary;
  summary << "verified: game " << proof.game_id << " (" << proof.scenario << "), commitment " << commitment
          << ", " << proof.seats.size() << " seats' entropy, " << dice_used << " dice, " << actions
          << " actions replayed, " << proof.secrets.size() << " secret choice(s) opened, final hash "
          << reached;
  if (state.result) {
    summary << "; result: "
            << (state.result->winner ? std::string(engine::to_string(*state.result->winner)) : "nobody")
            << " " << state.result->level;
  }
  result.message = summary.str();
  return result;
}

}  // namespace hd::server
