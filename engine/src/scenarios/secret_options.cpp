#include <hd/engine/scenarios/secret_options.hpp>

namespace hd::engine {

bool option_hidden(const GameState& state, const ScenarioOption& option) {
  return state.rules->option_chosen(option.id) && secret_choice_unrevealed(state, option);
}

bool secret_choice_unrevealed(const GameState& state, const ScenarioOption& option) {
  if (!option.secret || state.phase == Phase::GameOver) return false;
  const SecretOption& secret = *option.secret;
  const TurnName now = state.current_turn().name;
  if (now < secret.reveal) return true;
  if (secret.reveal < now) return false;
  // The reveal turn: hidden in its set-up, and while the other side's player turn, coming first,
  // is played.
  if (state.phase == Phase::Setup) return true;
  const bool other_side_first = state.rules->scenario.first_side != secret.side;
  return other_side_first && state.phasing != secret.side;
}

std::vector<std::string> hidden_options(const GameState& state) {
  std::vector<std::string> hidden;
  for (const ScenarioOption& option : state.rules->scenario.options)
    if (option_hidden(state, option)) hidden.push_back(option.id);
  return hidden;
}

}  // namespace hd::engine
