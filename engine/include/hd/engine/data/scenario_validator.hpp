// Checks a parsed scenario against the map, the orders of battle and the turn track: every hex on
// the map and in the playing area, every unit known and used once, stacking within limits at
// set-up, every reinforcement enterable, turns on the track. Also totals each army's forces.
#pragma once

#include <hd/engine/board/game_map.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>
#include <hd/engine/data/scenario_parser.hpp>

#include <array>
#include <string>
#include <vector>

namespace hd::engine {

struct ScenarioContext {
  const GameMap& map;
  std::string map_name;  // the name scenarios use for it ("nlb")
  const OrderOfBattle& oob;
  const std::vector<TrackTurn>& track;
};

struct ArmyTotals {
  int units_set_up = 0;
  int strength_set_up = 0;  // printed strength showing (reduced side if set up reduced)
  int units_entering = 0;
  int strength_entering = 0;
  int leaders = 0;
};

struct ScenarioReport {
  std::array<ArmyTotals, 3> armies;  // indexed by Army
};

// The combat units a list of references stands for (leaders are left out); unknown ids are
// reported through `unknown`.
std::vector<const UnitDefinition*> resolve_units(const std::vector<UnitRef>& refs, Army army,
                                                 const OrderOfBattle& oob, std::vector<std::string>& unknown);

// Every problem found, each with the scenario file and the statement's line.
std::vector<DataError> validate_scenario(const Scenario& scenario, const ScenarioContext& context,
                                         const std::string& file, ScenarioReport& report);

}  // namespace hd::engine
