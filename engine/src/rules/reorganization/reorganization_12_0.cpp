// 12.0 Reorganization, 12.1 Reorganization Limitations, 12.2 Reorganizing While Demoralized: the
// rule modules. 12.0 keeps the reorganization area in its slot (units eliminated in combat at full
// strength with a reduced side), opens the reorganization segment of each daylight or rain player
// turn (4.1A: after the command segment, before movement) while a unit can be reorganized, and keeps
// an officer who reorganized from giving command for the rest of the player turn (12.1D).
#include "reorganization_detail.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

using reorganization_detail::reorganization_state;

void make_slot(GameState& state) {
  reorganization_state(state);
}

// 12.0 "Reorganization Procedure": a full-strength unit with a reduced side eliminated in combat
// goes to its army's reorganization area; a reduced unit, one without a reduced side, or one removed
// out of supply (14.0: "they may not be reorganized") to the deadpile.
void note_elimination(GameState& state, UnitIndex index, std::vector<Event>&) {
  const UnitState& unit = state.units[index];
  if (unit.is_leader() || unit.reduced || unit.reduced_strength == 0 || removed_out_of_supply(state, index))
    return;
  ReorganizationState& slot = reorganization_state(state);
  const auto at = std::lower_bound(slot.area.begin(), slot.area.end(), index,
                                   [](const ReorganizationCandidate& c, UnitIndex u) { return c.unit < u; });
  if (at != slot.area.end() && at->unit == index) return;
  slot.area.insert(at, ReorganizationCandidate{index, state.turn});
}

// 4.1A: the reorganization segment follows the command segment (11.0's phase start runs first, in
// rule order); 4.2: none at night; 4.3: held in rain. It opens only when a unit can be reorganized.
void open_segment(GameState& state, const DieRoller&, std::vector<Event>&) {
  if (state.phase != Phase::Movement) return;
  ReorganizationState& slot = reorganization_state(state);
  slot.officers_this_segment.clear();
  slot.segment_open =
      !state.current_turn().night && reorganization_detail::any_reorganization(state, state.phasing);
}

// 12.1D lasts "the remainder of that player turn".
void end_player_turn(GameState& state, Side) {
  ReorganizationState& slot = reorganization_state(state);
  slot.without_command.clear();
  slot.segment_open = false;
}

// 12.1D: an officer who reorganized this player turn gives no command.
void withhold_command(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (unit.is_leader() && reorganized_this_turn(state, index_of(state, unit))) terms.withholds_command = true;
}

bool segment_open(const GameState& state) {
  const ReorganizationState* slot = find_reorganization_state(state);
  return slot && slot->segment_open && state.phase == Phase::Movement;
}

std::string segment_question(const GameState&) {
  return "reorganize eliminated units at their officers (12.0) or end the reorganization segment";
}

void close_segment(GameState& state, std::vector<Event>&) {
  reorganization_state(state).segment_open = false;
}

std::string event_words(const GameState& state, const RuleEvent& event) {
  const auto name = [&](std::size_t i) {
    return i < event.units.size() && event.units[i] < state.units.size() ? unit_name(state, event.units[i])
                                                                         : std::string("a unit");
  };
  if (event.kind == "reorganized")
    return name(0) + " reorganized at " + name(1) +
           (event.hexes.empty() ? "" : " in " + format_hex(event.hexes[0])) + ", reduced (12.0)";
  if (event.kind == "lost")
    return name(0) + " lost in reorganization at " + name(1) + ": to the deadpile (12.2)";
  return "12.0 " + event.kind;
}

const RuleSegment reorganization_segment{
    .name = "reorganization segment",
    .open = segment_open,
    .what = segment_question,
    .close = close_segment,
    .actions = {&reorganization_detail::reorganize},
};

}  // namespace

namespace modules {
extern const RuleModule reorganization_12_0{
    "12.0",
    "Reorganization",
    "rules/reorganization/: the reorganization area (unit eliminated hook), the segment (phase start, its "
    "decision and the action `reorganize`), 12.1D's loss of command (unit terms), 13.3 through "
    "recover_corps_losses",
    {.opening = make_slot,
     .phase_start = open_segment,
     .player_turn_end = end_player_turn,
     .unit_eliminated = note_elimination,
     .unit_terms = withhold_command,
     .segment = &reorganization_segment,
     .event_words = event_words}};
extern const RuleModule reorganization_limitations_12_1{
    "12.1", "Reorganization limitations", "rules/reorganization/reorganize_action (12.1A-F)", {}};
extern const RuleModule reorganizing_while_demoralized_12_2{
    "12.2", "Reorganizing while demoralized", "rules/reorganization/reorganize_action (the die)", {}};
}  // namespace modules

}  // namespace hd::engine
