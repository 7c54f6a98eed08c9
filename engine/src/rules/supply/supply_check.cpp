#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace hd::engine {
namespace {

// 14.0 "they may not be reorganized": the mark is kept in the state's list of things that happened
// (GameState::special_triggers), so that games without 14.0 keep every field and hash as before.
std::string removal_mark(UnitIndex unit) {
  return "14.0 removed out of supply: unit " + std::to_string(unit);
}

void mark_removed(GameState& state, UnitIndex unit) {
  auto& marks = state.special_triggers;
  const std::string mark = removal_mark(unit);
  const auto at = std::lower_bound(marks.begin(), marks.end(), mark);
  if (at == marks.end() || *at != mark) marks.insert(at, mark);
}

}  // namespace

bool supply_check_turn(const Ruleset& rules, int turn) {
  if (turn < 0 || turn >= static_cast<int>(rules.turns.size())) return false;
  return rules.turns[static_cast<std::size_t>(turn)].first_daylight_of_day;
}

int check_supply(GameState& state, std::vector<Event>& events) {
  // Every line is traced against the same position first; the removals follow together, so that a
  // removal never opens or closes another army's line in the same check.
  std::array<std::optional<SupplyNetwork>, 3> networks;
  std::vector<UnitIndex> unsupplied;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (!unit.on_map() || unit.is_leader()) continue;  // 10.0: a leader is no combat unit, never supplied
    auto& network = networks[static_cast<std::size_t>(unit.army)];
    if (!network) network.emplace(state, unit.army);
    if (!in_supply(state, *network, static_cast<UnitIndex>(i)))
      unsupplied.push_back(static_cast<UnitIndex>(i));
  }
  for (UnitIndex index : unsupplied) {
    UnitState& unit = state.units[index];
    // "placed in the appropriate destroyed units box": eliminated, its strength a loss (9.0).
    state.eliminated_strength[static_cast<std::size_t>(unit.army)] += unit.strength();
    unit.status = UnitStatus::Eliminated;
    mark_removed(state, index);
    events.push_back(UnitEliminatedEvent{index, "out of supply (14.0)"});
    rules_unit_eliminated(state, index, events);  // 13.0: the corps' losses
  }
  return static_cast<int>(unsupplied.size());
}

bool removed_out_of_supply(const GameState& state, UnitIndex unit) {
  return std::binary_search(state.special_triggers.begin(), state.special_triggers.end(), removal_mark(unit));
}

}  // namespace hd::engine
