#include <hd/engine/data/scenario_validator.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <set>

namespace hd::engine {
namespace {

UnitState make_unit(const UnitDefinition& definition, bool reduced) {
  UnitState unit;
  unit.id = definition.id;
  unit.army = definition.army;
  unit.type = definition.type;
  unit.command = definition.command;
  unit.full_strength = definition.full_strength ? definition.full_strength->value : 0;
  unit.reduced_strength = definition.reduced_strength ? definition.reduced_strength->value : 0;
  unit.movement = definition.movement ? definition.movement->value : 0;
  unit.reduced = reduced && unit.reduced_strength > 0;
  return unit;
}

// The forces in play: the base forces, less the chosen options' removals, plus their additions.
// Reinforcements of a secret option (18.5C) come last, each with the option's id.
struct Forces {
  std::vector<const Placement*> placements;
  std::vector<std::pair<const Reinforcement*, std::string>> reinforcements;  // with a secret option's id
  std::set<std::pair<Army, std::string>> removed;
};

Forces forces_in_play(const Ruleset& rules) {
  Forces forces;
  for (const auto& p : rules.scenario.forces.placements)
    forces.placements.push_back(&p);
  for (const auto& r : rules.scenario.forces.reinforcements)
    forces.reinforcements.emplace_back(&r, "");
  for (const bool secret : {false, true}) {
    for (const auto& option : rules.scenario.options) {
      if (!rules.option_chosen(option.id) || option.secret.has_value() != secret) continue;
      for (const auto& removal : option.removals)
        forces.removed.insert(removal);
      for (const auto& p : option.additions.placements)
        forces.placements.push_back(&p);
      for (const auto& r : option.additions.reinforcements)
        forces.reinforcements.emplace_back(&r, secret ? option.id : "");
    }
  }
  return forces;
}

}  // namespace

std::optional<GameState> start_game(std::shared_ptr<const Ruleset> rules, std::vector<std::string>& errors) {
  GameState state;
  state.rules = rules;
  state.phasing = rules->scenario.first_side;
  const Forces forces = forces_in_play(*rules);
  std::set<std::pair<Army, std::string>> placed;
  const bool leaders_in_play = rule_in_force(*rules, "10.0");

  const auto add_units = [&](const std::vector<UnitRef>& refs, Army army) {
    std::vector<UnitIndex> added;
    std::vector<std::string> unknown;
    for (const UnitRef& ref : refs) {
      const auto units = resolve_units({ref}, army, rules->oob, unknown);
      for (const UnitDefinition* definition : units) {
        if (forces.removed.count({army, definition->id}) || !placed.insert({army, definition->id}).second)
          continue;
        if (!definition->full_strength || !definition->movement) {
          errors.push_back(definition->id +
                           " has no printed strength or movement: give it one in a counter manifest");
          continue;
        }
        state.units.push_back(make_unit(*definition, ref.reduced));
        added.push_back(static_cast<UnitIndex>(state.units.size() - 1));
      }
    }
    for (const auto& id : unknown)
      errors.push_back("unknown unit '" + id + "'");
    // 10.1A: the leaders a line names, with 10.0 in force (a unit's id is taken first: Soult).
    for (const UnitRef& ref : refs) {
      const LeaderDefinition* leader = ref.id.empty() || rules->oob.find_unit(army, ref.id)
                                           ? nullptr
                                           : rules->oob.find_leader(army, ref.id);
      if (!leader || !leaders_in_play || forces.removed.count({army, leader->id}) ||
          !placed.insert({army, leader->id}).second)
        continue;
      state.units.push_back(make_leader(*leader));
      added.push_back(static_cast<UnitIndex>(state.units.size() - 1));
    }
    return added;
  };

  // Fixed placements first, so that a "w/N" group never takes a hex another line names.
  std::vector<const Placement*> ordered = forces.placements;
  std::stable_partition(ordered.begin(), ordered.end(), [](const Placement* p) { return p->radius == 0; });
  std::map<Hex, Stack> occupancy;
  for (const Placement* placement : ordered) {
    std::optional<Hex> group_hex;  // where the line's first combat unit went
    for (UnitIndex index : add_units(placement->units, placement->army)) {
      // Candidate hexes: the named one first, then by distance and hex number (3.2C).
      std::vector<Hex> candidates;
      for (int c = placement->hex.column - placement->radius; c <= placement->hex.column + placement->radius;
           ++c) {
        for (int r = placement->hex.row - placement->radius - 1;
             r <= placement->hex.row + placement->radius + 1; ++r) {
          const Hex hex{c, r};
          if (distance(hex, placement->hex) <= placement->radius && rules->scenario.area.contains(hex) &&
              rules->map.bounds().contains(hex)) {
            candidates.push_back(hex);
          }
        }
      }
      std::sort(candidates.begin(), candidates.end(), [&](Hex a, Hex b) {
        return std::make_pair(distance(a, placement->hex), a) <
               std::make_pair(distance(b, placement->hex), b);
      });
      UnitState& unit = state.units[index];
      const auto room = std::find_if(candidates.begin(), candidates.end(), [&](Hex hex) {
        Stack stack = occupancy[hex];
        add_to_stack(*rules, unit, stack);
        return placement->unstacked ? stack.total() <= 1 : stack_fits(rules->map, hex, stack);
      });
      if (unit.is_leader()) {
        // 10.1A, 10.1B: a leader stacks freely in the placement's hex (its radius too, 3.2C).
        unit.status = UnitStatus::OnMap;
        unit.hex = group_hex.value_or(placement->hex);
        unit.setup_hex = placement->hex;
        unit.setup_radius = placement->radius;
        continue;
      }
      if (room == candidates.end()) {
        errors.push_back("no room for " + unit.id + " within " + std::to_string(placement->radius) + " of " +
                         format_hex(placement->hex));
        continue;
      }
      unit.status = UnitStatus::OnMap;
      unit.hex = *room;
      unit.setup_hex = placement->hex;  // 3.2C: its owner may move it within the radius in the set-up
      unit.setup_radius = placement->radius;
      unit.setup_unstacked = placement->unstacked;
      add_to_stack(*rules, unit, occupancy[*room]);
      if (!group_hex) group_hex = *room;
    }
  }
  // Units are numbered in this order: a secret option's come last, so that leaving them out of a
  // view (view.hpp) renumbers no other unit.
  for (const auto& [entry, secret_option] : forces.reinforcements) {
    const int arrival = rules->turn_index(entry->turn);
    for (UnitIndex index : add_units(entry->units, entry->army)) {
      UnitState& unit = state.units[index];
      unit.secret_option = secret_option;
      unit.status = UnitStatus::Waiting;
      unit.arrival_turn = arrival;
      unit.entry_hexes = entry->hexes;
      unit.entry_choice = entry->choice;
      if (!entry->choice.empty()) {  // 28.0D: its turn and hex come with the choice
        unit.arrival_turn = -1;
        unit.entry_hexes.clear();
      }
      unit.half_movement_entry = entry->half_movement;
      unit.unstacked_entry = entry->unstacked;
      if (arrival < 0)
        errors.push_back(unit.id + " arrives on " + entry->turn.to_string() + ", not a turn of this game");
    }
  }
  // 3.4B: hexes the scenario gives a side at the start.
  for (const auto& control : rules->scenario.forces.control)
    for (Hex hex : control.hexes)
      state.control[hex] = control.side;
  rules_opening(state);  // 18.5B, 18.5C, 19.5D: arrivals a die decides
  // 3.2C: a set-up phase for the sides with "w/N" units, the French first.
  for (Side side : {Side::French, Side::Coalition}) {
    if (has_setup_choices(state, side)) {
      state.phase = Phase::Setup;
      state.phasing = side;
      break;
    }
  }
  // A first phase that opens with scenario dice (19.5C) or with the rules' events (14.0's check)
  // needs an action to roll and report them: the game then begins in a set-up with nothing to
  // place, and the first side's `end` begins play, rolling them.
  if (state.phase != Phase::Setup && rules_act_before_play(state)) {
    state.phase = Phase::Setup;
    state.phasing = rules->scenario.first_side;
  }
  if (!errors.empty()) return std::nullopt;
  return state;
}

}  // namespace hd::engine
