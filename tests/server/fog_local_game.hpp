// End-to-end tests of fog (issue 14): a game worked out on a local copy with the dice a development
// server rolls (a fixed dice seed: dev-dice-seed), so that a test knows the whole truth of a game
// whose seats it plays on the server, and draws random legal steps for it.
#pragma once

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::test {

// The dice seed the tests' development servers roll with (--dev-dice-seed), hex.
extern const std::string kFogDiceSeedHex;

// One action as its seat submits it (notation without dice: the server rolls).
struct Step {
  engine::Side side = engine::Side::French;
  std::string line;
};

// A game on a local copy: the state now, the dice rolled so far, the steps played.
struct LocalGame {
  engine::GameState state;
  std::uint64_t rolls = 0;
  std::vector<Step> steps;
  std::vector<engine::Event> last_events;  // the last step's
};

// The fog a game is played with: 16.3, or 16.3 and 16.6.
enum class Fog { Observation, HiddenMovement };

// The optional rules of `fog`: {"16.3"} or {"16.3", "16.6"}.
std::vector<std::string> rules_of(Fog fog);

// Quatre Bras with `fog`, as the development server starts it (seats' entropy: test_entropy of
// "alice" for the French, "bob" for the Allies). Loaded once: the copies share its ruleset, and so
// the fields of view 16.3 keeps with it (rules/observation/fields_of_view).
LocalGame new_local_game(Fog fog = Fog::Observation);

// Plays `step` on the local copy with the dice the server rolls for it (the fixed seed, the seats'
// entropy in seat order, the game's roll count). False, with nothing changed, if the engine
// refuses it. `shown_to`: whether the action is shown to that side (engine::action_shown).
bool play(LocalGame& game, const Step& step, std::optional<engine::Side> shown_to = std::nullopt,
          bool* shown = nullptr);

// The next random legal step of `game` (the tests' random player), or nullopt at the game's end.
// With 16.6 one movement step in four moves a marker where one may move (16.6B: the random player
// moves none).
std::optional<Step> random_step(const LocalGame& game, engine::SplitMix64& random);

}  // namespace hd::test
