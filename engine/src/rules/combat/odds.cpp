#include "combat_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>

#include <algorithm>
#include <string>

namespace hd::engine {

using namespace combat_detail;

CombatOdds compute_odds(const GameState& state, const AttackAction& attack) {
  const GameMap& map = state.rules->map;
  CombatOdds odds;
  // Attack: cavalry attacking into forest or marsh is halved (TEC); halved strengths are summed and
  // rounded up once (6.3B).
  int halved = 0;
  for (UnitIndex a : attack.attackers) {
    const UnitState& unit = state.units[a];
    const bool into_rough = unit.type == UnitType::Cavalry &&
                            std::any_of(attack.defenders.begin(), attack.defenders.end(),
                                        [&](UnitIndex d) { return rough(map.terrain(state.units[d].hex)); });
    if (into_rough) {
      halved += unit.strength();
      odds.modifiers.push_back(unit.id + " halved attacking into forest or marsh (TEC, 6.3)");
    } else {
      odds.attack += unit.strength();
    }
  }
  if (halved > 0) odds.attack += (halved + 1) / 2;
  // 7.1, 7.1D: bombarding artillery adds its strength; several bombarding hexes add up.
  for (UnitIndex b : attack.bombarding) {
    const UnitState& unit = state.units[b];
    odds.attack += unit.strength();
    odds.modifiers.push_back(unit.id + " bombards from " + format_hex(unit.hex) + " (7.1)");
  }

  // Defence: each unit takes the single terrain effect that helps it most (6.3C).
  int defence_halved = 0;
  bool chateau_cap = false;
  bool undefended = false;
  for (UnitIndex d : attack.defenders) {
    const UnitState& unit = state.units[d];
    const HexTerrain terrain = map.terrain(unit.hex);
    if (!attack.bombarding.empty() && retreated_this_phase(state, unit)) {
      undefended = true;
      odds.modifiers.push_back(unit.id + " retreated into its hex this phase: no defence strength (6.6C)");
      continue;
    }
    int multiplier = 1;
    std::string why;
    if (terrain == HexTerrain::Town) {
      multiplier = 2;
      why = "doubled in a town (TEC)";
    }
    if (chateau_infantry(state, unit)) {
      multiplier = 3;
      why = "tripled in a chateau (8.2)";
      chateau_cap = true;
    }
    // 6.3A: streams and bridges double only if every adjacent attacker attacks across one; a
    // bombardment alone crosses no hexside and earns no doubling.
    const bool all_across =
        !attack.attackers.empty() &&
        std::all_of(attack.attackers.begin(), attack.attackers.end(), [&](UnitIndex a) {
          const auto features = map.hexside(*Hexside::between(state.units[a].hex, unit.hex));
          return features.has(HexsideFeature::Stream) || features.has(HexsideFeature::Bridge);
        });
    if (all_across && multiplier < 2) {
      multiplier = 2;
      why = "doubled behind a stream or bridge (6.3A)";
    }
    if (multiplier == 1 && unit.type == UnitType::Cavalry && rough(terrain)) {
      defence_halved += unit.strength();
      odds.modifiers.push_back(unit.id + " halved defending in forest or marsh (TEC)");
      continue;
    }
    odds.defence += unit.strength() * multiplier;
    if (multiplier > 1) odds.modifiers.push_back(unit.id + " " + why);
  }
  if (defence_halved > 0) odds.defence += (defence_halved + 1) / 2;

  if (odds.attack > 0 && odds.defence > 0) odds.computed = odds_column(odds.attack, odds.defence);
  if (odds.attack > 0 && odds.defence == 0 && undefended) {
    odds.computed = OddsColumn{kOddsColumns - 1};
    odds.modifiers.push_back("no defence strength: resolved at " + odds.computed.to_string() + " (6.6C)");
  }
  rules_adjust_odds(state, attack, odds);  // 15.1
  if (chateau_cap && odds.computed.index > 7) {
    odds.computed.index = 7;
    odds.modifiers.push_back("odds capped at 4-1 against a chateau (8.2B)");
  }
  odds.used = OddsColumn{std::max(0, odds.computed.index - std::max(0, attack.odds_reduction))};
  if (attack.odds_reduction > 0)
    odds.modifiers.push_back("odds reduced to " + odds.used.to_string() + " by the attacker (6.2C)");
  // A die modifier for odds beyond the table (24.5C) extends its end column: it holds only while that
  // column is the one used (docs/rules-notes.md, 24.5C).
  const bool off_the_column = (odds.die_modifier < 0 && odds.used.index != kOddsColumns - 1) ||
                              (odds.die_modifier > 0 && odds.used.index != 0);
  if (off_the_column) {
    odds.modifiers.push_back("no die modifier at " + odds.used.to_string() + " (24.5C)");
    odds.die_modifier = 0;
  }
  return odds;
}

}  // namespace hd::engine
