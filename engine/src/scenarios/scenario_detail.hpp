// Helpers shared by the scenarios' rule modules: control, corps and the corps
// whose arrival a die decides (18.5B, 18.5C, 19.5D). Private to the engine.
#pragma once

#include <hd/engine/rules/modules/rule_terms.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine::scenario_detail {

// True if `side` last passed through `hex` (3.4B).
bool controls(const GameState& state, Hex hex, Side side);

// True if the French last passed through `hex` (3.4B).
bool french_control(const GameState& state, Hex hex);

// The four hexes of Waterloo (21.3B, 27.4C).
inline constexpr std::array<Hex, 4> kWaterloo{Hex{6, 6}, Hex{6, 7}, Hex{7, 8}, Hex{7, 9}};

// True while the Prussian or the Allied army is demoralized (21.3A, 27.4A).
bool coalition_army_demoralized(const GameState& state);

// A unit of the French corps `corps` ("[6]"): its command designation ends with it.
bool french_corps(const UnitState& unit, std::string_view corps);

// Holds back every waiting unit of a French corps until a die brings it (no arrival turn yet).
void hold_corps(GameState& state, std::string_view corps);

// The units of a held corps still waiting for their die.
std::vector<UnitIndex> still_held(const GameState& state, std::string_view corps);

// Turns the corps has been in the game, counting the current one (18.5B, 19.5D).
int turns_in_game(const GameState& state, std::string_view corps);

// True at the start of a French movement phase (the held corps' rolls, 19.5C).
bool french_movement_phase(const GameState& state);

// 18.5B, 19.5D: from 16/1600 on, one die each French movement phase while the corps is held; on
// `needed` or less it enters this phase. Reported by a DieRolledEvent under `rule`.
void roll_for_held_corps(GameState& state, const DieRoller& roll, std::vector<Event>& events,
                         std::string_view rule, std::string_view corps, int needed);

// What breaks an army so that a rule withdraws it: demoralized (24.4D) or disintegrated (27.2D).
enum class ArmyFall : std::uint8_t { Demoralized, Disintegrated };

// 24.4D, 27.2D: once `army` has fallen so (its morale flags, read after this action's losses and
// level changes are counted) and no combat waits for a choice (a retreat, an exchange's losses, an
// advance: the combat ends by its own rules first), every unit of the army on the map or waiting to
// enter, leaders too, is withdrawn: out of play for good, neither a loss nor an exit. One RuleEvent
// under `rule`, kind "withdrawn", names them. Nothing once the game is over.
void withdraw_army(GameState& state, Army army, std::string_view rule, ArmyFall fall,
                   std::vector<Event>& events);

// 24.1C, 27.1C: Grouchy (the French commander of that id) counts each cavalry corps' officer as one
// half against his command capacity (command_range.cpp weighs it; a demoralized corps counts one).
void grouchy_counts_cavalry_corps_half(const UnitState& unit, UnitTerms& terms);

// The refusal of anything a unit of `army` withdrawn under `rule` is asked to do, or nullopt for any
// other unit.
std::optional<Refusal> withdrawn_unit_refusal(const GameState& state, UnitIndex index, Army army,
                                              std::string_view rule);

// The words of a withdrawal's event: "the Allied army withdraws: 41 units leave the map (24.4D)".
std::string withdrawal_words(const RuleEvent& event, Army army);

// The hooks of a rule that withdraws `army` once it has fallen so (24.4D, 27.2D): after each action
// the withdrawal, a withdrawn unit's refusal, and the words of its event.
template <Army army, ArmyFall fall, const std::string_view& rule>
struct ArmyWithdrawal {
  static void after_action(GameState& state, std::vector<Event>& events) {
    withdraw_army(state, army, rule, fall, events);
  }
  static std::optional<Refusal> unit_refusal(const GameState& state, UnitAct, UnitIndex index) {
    return withdrawn_unit_refusal(state, index, army, rule);
  }
  static std::string event_words(const GameState&, const RuleEvent& event) {
    return withdrawal_words(event, army);
  }
};

// "Officers set up with any unit of their own command" (22.2C, 24.2C, 26.0E, 27.2C, 28.0C): for an
// officer on the map, his set-up hexes become those of the on-map combat units of his own
// organization (11.1B) that `accepts` (every one if null), refused under `rule` elsewhere. Nothing
// for a commander (no command designation) or a combat unit.
void officer_with_own_command(const GameState& state, UnitIndex index, SetupTerms& terms,
                              std::string_view rule, bool (*accepts)(Hex) = nullptr);

}  // namespace hd::engine::scenario_detail
