#include "fog_local_game.hpp"

#include "game_test_player.hpp"
#include "games/dice.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

namespace hd::test {

const std::string kFogDiceSeedHex = "5eed5eed00112233445566778899aabbccddeeff0123456789abcdef5eed5eed";

namespace {

engine::GameState start_local(Fog fog) {
  auto loaded = loader::start_scenario_game(
      game_data_root(), loader::GameChoice{"quatre-bras", {}, rules_of(fog), std::nullopt, true});
  REQUIRE(loaded.value);
  return std::move(*loaded.value);
}

}  // namespace

std::vector<std::string> rules_of(Fog fog) {
  return fog == Fog::Observation ? std::vector<std::string>{"16.3"}
                                 : std::vector<std::string>{"16.3", "16.6"};
}

LocalGame new_local_game(Fog fog) {
  static const engine::GameState observed = start_local(Fog::Observation);
  static const engine::GameState hidden = start_local(Fog::HiddenMovement);
  return LocalGame{fog == Fog::Observation ? observed : hidden, 0, {}, {}};
}

bool play(LocalGame& game, const Step& step, std::optional<engine::Side> shown_to, bool* shown) {
  static const std::string seed = *wire::from_hex(kFogDiceSeedHex);
  static const std::vector<std::string> entropy = {test_entropy("alice"), test_entropy("bob")};
  const auto parsed = engine::parse_action_line(game.state, step.line);
  const auto* notated = std::get_if<engine::NotatedAction>(&parsed);
  if (!notated || notated->side != step.side) return false;
  if (engine::validate(game.state, notated->side, notated->action)) return false;
  std::optional<engine::GameState> before;
  if (shown_to) before = game.state;
  const auto events = engine::apply(game.state, notated->side, notated->action,
                                    [&] { return server::derive_die(seed, entropy, ++game.rolls); });
  if (shown_to) *shown = engine::action_shown(*before, game.state, events, step.line, *shown_to);
  game.steps.push_back(step);
  game.last_events = events;
  return true;
}

std::optional<Step> random_step(const LocalGame& game, engine::SplitMix64& random) {
  const engine::PendingDecision pending = engine::pending_decision(game.state);
  if (pending.kind == engine::DecisionKind::None) return std::nullopt;
  if (pending.kind == engine::DecisionKind::Move && !engine::hidden_pairs(game.state).empty() &&
      random.below(4) == 0) {
    std::vector<engine::Action> marker_moves;
    for (engine::Action& action : engine::legal_actions(game.state, pending.side))
      if (const auto* rule = std::get_if<engine::RuleAction>(&action); rule && rule->verb == "move-marker")
        marker_moves.push_back(std::move(action));
    if (!marker_moves.empty()) {
      const engine::Action& chosen = marker_moves[random.below(marker_moves.size())];
      return Step{pending.side, engine::format_action(game.state, pending.side, chosen)};
    }
  }
  const engine::Action action = engine::choose_random_action(game.state, random);
  return Step{pending.side, engine::format_action(game.state, pending.side, action)};
}

}  // namespace hd::test
