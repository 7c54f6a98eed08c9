// 16.17 Supply Trains (supply_trains.hpp). The module gives a train its movement terms (16.17A) and
// makes any attack on it destroy it (16.17C); 14.0's line of supply asks supply_train_sources() for
// the army's source. Readings: docs/rules-notes.md, 16.17.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/rules/variant/supply_trains.hpp>

#include <algorithm>

namespace hd::engine {

bool only_supply_trains(const GameState& state, const std::vector<UnitIndex>& defenders) {
  return !defenders.empty() && std::all_of(defenders.begin(), defenders.end(),
                                           [&](UnitIndex d) { return state.units[d].is_supply_train(); });
}

std::optional<UnitIndex> supply_train_of(const GameState& state, Army army) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].is_supply_train() && state.units[i].army == army) return static_cast<UnitIndex>(i);
  return std::nullopt;
}

std::optional<std::vector<Hex>> supply_train_sources(const GameState& state, Army army) {
  if (!rule_in_force(*state.rules, kSupplyTrainsRule)) return std::nullopt;
  const auto train = supply_train_of(state, army);
  if (!train) return std::nullopt;  // an army without a train in the game keeps 14.1's sources
  const UnitState& unit = state.units[*train];
  switch (unit.status) {
    case UnitStatus::OnMap:
      return std::vector<Hex>{unit.hex};
    case UnitStatus::Waiting:
      return unit.entry_hexes;
    case UnitStatus::Exited: {  // 28.0E: traced to where it left the map; without 28.0E, gone
      std::vector<Hex> exits;
      if (!rule_in_force(*state.rules, "28.0E")) return exits;
      for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
        for (const VpRule& rule : forces.vp)
          if (rule.kind == VpKind::Exit && rule.side == side_of(army))
            exits.insert(exits.end(), rule.hexes.begin(), rule.hexes.end());
      });
      return exits;
    }
    case UnitStatus::Eliminated:
    case UnitStatus::Withdrawn:
    case UnitStatus::Hidden:  // never: a train is not hidden (16.6A hides units and officers)
      break;
  }
  return std::vector<Hex>{};  // destroyed: the army has no source left
}

namespace {

// 16.17A: roads and trails only, never into an enemy ZOC, no move at night, 1 MP in rain. 16.17
// puts it under no officer: it is always in command and takes no leader's capacity (docs/rules-notes.md).
void train_terms(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (!unit.is_supply_train()) return;
  terms.roads_only = true;
  terms.zoc_entry_barred = true;
  terms.always_in_command = true;
  if (state.current_turn().night)
    terms.allowance_half_mp = 0;
  else if (raining(state))
    terms.allowance_half_mp = std::min(terms.allowance_half_mp, kSupplyTrainRainHalfMp);
}

// 16.17C: "Any enemy attack on it, to include a bombardment, destroys it": the combat is resolved at
// the table's last column and its result is De whatever the die.
void attack_on_train(const GameState& state, CombatTerms& terms) {
  if (!only_supply_trains(state, terms.attack.defenders)) return;
  if (terms.odds) {
    terms.odds->computed = OddsColumn{kOddsColumns - 1};
    terms.odds->modifiers.push_back("a supply train has no strength: any attack destroys it (16.17C)");
  }
  if (terms.result) *terms.result = CombatResult::DefenderEliminated;
}

}  // namespace

namespace modules {
extern const RuleModule supply_trains_16_17{
    "16.17",
    "Supply trains: each army's sole supply source, moving on roads only, destroyed by any attack",
    "a piece kind (UnitType::SupplyTrain); hooks: unit terms (roads only, no EZOC, no move at night, "
    "1 MP in rain, always in command), combat (any attack destroys it); the core's stacking, movement "
    "and retreat checks keep every other unit out of its hex, in_enemy_zoc() gives it no ZOC, and 14.0's "
    "line of supply traces to it (supply_train_sources())",
    {.unit_terms = train_terms, .combat = attack_on_train}};
}  // namespace modules

}  // namespace hd::engine
