#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace hd::engine {

// 14.0's own state, in its slot: "they may not be reorganized" (12.0), so the units removed out of
// supply are kept, in index order.
struct SupplyRemovals {
  std::vector<UnitIndex> units;
  bool operator==(const SupplyRemovals&) const = default;
};

template <>
struct Fields<SupplyRemovals> {
  static constexpr auto list = std::make_tuple(field("units", &SupplyRemovals::units));
};

namespace {

constexpr std::string_view kSupplyRule = "14.0";

[[maybe_unused]] void every_member_is_walked(SupplyRemovals& r) {
  HD_ALL_MEMBERS_WALKED(SupplyRemovals, r, r1);
}

void mark_removed(GameState& state, UnitIndex unit) {
  auto& units = state.rule_state.get<SupplyRemovals>(kSupplyRule).units;
  const auto at = std::lower_bound(units.begin(), units.end(), unit);
  if (at == units.end() || *at != unit) units.insert(at, unit);
}

}  // namespace

void open_supply_slot(GameState& state) {
  state.rule_state.add<SupplyRemovals>(kSupplyRule);
}

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
    // 10.0: a leader is no combat unit, never supplied; 16.17: a train is the source itself.
    if (!unit.on_map() || unit.is_leader() || unit.is_supply_train()) continue;
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
  const auto* removals = state.rule_state.find<SupplyRemovals>(kSupplyRule);
  return removals && std::binary_search(removals->units.begin(), removals->units.end(), unit);
}

}  // namespace hd::engine
