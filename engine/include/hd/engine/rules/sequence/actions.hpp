// What players do, and what happens: validate() says whether a side may take an action now (and
// which rule forbids it if not); apply() carries out a validated action with injected dice and
// returns the ordered events. One code path checks and executes.
#pragma once

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hd::engine {

// Move one unit along a path (5.0), entering the map first if it is a reinforcement (5.6) and
// leaving it at the end if asked (5.5).
struct MoveAction {
  MoveRequest move;
};

// Ends the current phase (4.1). Refused while the phase's obligations are unmet: over-stacked hexes
// at the end of movement (5.4), attacks still owed in combat (6.1). Ending a side's set-up (3.2C)
// accepts its placement as it stands.
struct EndPhaseAction {};

// An action a rule module defines (12.0's "reorganize"), named by its rule and verb, its arguments
// typed: the module's descriptor (RuleActionKind, rules/modules/rule_segment.hpp) reads them. The
// wire carries it as it stands, so that a new rule needs no new action type.
struct RuleAction {
  std::string rule;  // "12.0"
  std::string verb;  // "reorganize"
  std::vector<UnitIndex> units;
  std::vector<Hex> hexes;
  std::vector<int> numbers;
  std::string choice;
  friend bool operator==(const RuleAction&, const RuleAction&) = default;
};

using Action = std::variant<MoveAction, EndPhaseAction, AttackAction, RetreatAction, AdvanceAction,
                            ExchangeLossAction, PlaceAction, RuleAction>;

// Dice are injected: the server rolls them, tests force them, replays repeat them. apply() may call
// the roller any number of times (none, a combat's one, a scenario rule's several at the start of a
// phase), always in an order fixed by the state and the action, and every die it consumed appears in
// its events (CombatResolvedEvent::die, DieRolledEvent) so that records replay (notation `dice`).

// nullopt if `side` may take `action` in `state` now.
std::optional<Refusal> validate(const GameState& state, Side side, const Action& action);

// Carries out an action for `side`, checking it first with validate(): a refused action throws
// ActionRefused and changes nothing. Dice come from `roll` (see DieRoller).
std::vector<Event> apply(GameState& state, Side side, const Action& action, const DieRoller& roll);

struct ActionRefused : std::runtime_error {
  // `text`: the refusal in words (describe()), for logs and exceptions.
  ActionRefused(Refusal refusal, const std::string& text)
      : std::runtime_error(refusal.rule + ": " + text), refusal(std::move(refusal)) {}
  Refusal refusal;
};

// The refusal in words, naming units as `state` does ("that unit" for a number it lacks), for
// tools, logs and tests; clients write their own from the code and arguments (format_refusal()).
std::string describe(const Refusal& refusal, const GameState& state);

}  // namespace hd::engine
