#include <hd/engine/data/scenario_validator.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace hd::engine {
namespace {

// True when a unit belongs to a command group: its designation is the group or ends in it
// ("2/[1]" belongs to "[1]").
bool in_command(const UnitDefinition& unit, const std::string& command) {
  return unit.command == command ||
         (unit.command.size() > command.size() && unit.command.ends_with(command) &&
          unit.command[unit.command.size() - command.size() - 1] == '/');
}

int strength_showing(const UnitDefinition& unit, bool reduced) {
  const auto& value = reduced ? unit.reduced_strength : unit.full_strength;
  return value ? value->value : 0;
}

class Validator {
 public:
  Validator(const Scenario& scenario, const ScenarioContext& context, const std::string& file,
            ScenarioReport& report)
      : scenario_(scenario), context_(context), file_(file), report_(report) {}

  std::vector<DataError> run();

 private:
  void error(int line, std::string message) { errors_.push_back({file_, line, std::move(message)}); }
  bool on_track(TurnName turn) const;
  void check_hex(int line, Hex hex, const std::string& what);
  // Resolves references, reporting unknown ids; counts each unit once per force set.
  std::vector<std::pair<const UnitDefinition*, bool>> units_of(int line, const std::vector<UnitRef>& refs,
                                                               Army army);
  void check_forces(const ScenarioForces& forces, const std::set<std::pair<Army, std::string>>& removed,
                    std::map<std::pair<Army, std::string>, int>& used, bool count_totals);
  void check_group_morale(const std::vector<GroupMorale>& groups, bool corps);
  // A leader a line names: one the engine plays under the scenario's rules (16.14's HQs and chiefs of
  // staff only with 16.14; 16.1C's sick Napoleon and second corps officers are not built).
  void check_leader(int line, const LeaderDefinition& leader);
  bool plays_rule(std::string_view rule) const;
  // 28.0D: a line's advance entry choice is one 28.0D plays, has something to choose and a deadline
  // no later than its first turn, and agrees with every other line of the same choice.
  void check_entry_choice(const Reinforcement& r);
  // 14.1: a scenario that plays 14.0 gives each of its armies a supply source in its playing area.
  void check_supply_sources(const std::map<std::pair<Army, std::string>, int>& used);

  const Scenario& scenario_;
  const ScenarioContext& context_;
  const std::string& file_;
  ScenarioReport& report_;
  std::vector<DataError> errors_;
  bool counting_ = false;  // totals are counted for the base forces only
  std::map<std::pair<Army, std::string>, std::string> officer_of_;  // each designation's officer named
  TurnName first_turn_, last_turn_;  // the turns in force: the scenario's, or an option's own
  std::map<std::string, const Reinforcement*> choice_lines_;  // 28.0D: each choice's first line
};

bool Validator::on_track(TurnName turn) const {
  return std::any_of(context_.track.begin(), context_.track.end(),
                     [&](const TrackTurn& t) { return t.name == turn; });
}

void Validator::check_hex(int line, Hex hex, const std::string& what) {
  if (!context_.map.bounds().contains(hex)) {
    error(line, what + " " + format_hex(hex) + " is off the map");
  } else if (!scenario_.area.contains(hex)) {
    error(line, what + " " + format_hex(hex) + " is outside the playing area");
  }
}

std::vector<std::pair<const UnitDefinition*, bool>> Validator::units_of(int line,
                                                                        const std::vector<UnitRef>& refs,
                                                                        Army army) {
  std::vector<std::pair<const UnitDefinition*, bool>> result;
  for (const UnitRef& ref : refs) {
    if (!ref.command.empty()) {
      std::size_t before = result.size();
      for (const UnitDefinition& unit : context_.oob.units()) {
        if (unit.army != army || !unit.variant.empty() || !in_command(unit, ref.command)) continue;
        if (std::find(ref.less.begin(), ref.less.end(), unit.id) != ref.less.end()) continue;
        result.emplace_back(&unit, false);
      }
      if (result.size() == before)
        error(line, "no " + std::string(to_string(army)) + " units in command " + ref.command);
      for (const std::string& id : ref.less) {
        const UnitDefinition* unit = context_.oob.find_unit(army, id);
        const bool leader = context_.oob.find_leader(army, id) != nullptr;  // leaders are never in the group
        if (!leader && (!unit || !in_command(*unit, ref.command))) {
          error(line, "'less " + id + "': not a unit of " + ref.command);
        }
      }
      continue;
    }
    if (const UnitDefinition* unit = context_.oob.find_unit(army, ref.id)) {
      // 16.17: a supply train is a piece only that rule plays (no strength, roads only, the sole source).
      if (unit->type == UnitType::SupplyTrain && !plays_rule("16.17"))
        error(line, "supply train '" + ref.id + "' is named, but the scenario's rules do not include 16.17");
      // A counter with a known strength and no reduced value has no reduced side; a variant counter
      // whose values are unknown cannot be checked.
      if (ref.reduced && unit->full_strength && !unit->reduced_strength)
        error(line, "unit '" + ref.id + "' has no reduced side");
      result.emplace_back(unit, ref.reduced);
    } else if (const LeaderDefinition* leader = context_.oob.find_leader(army, ref.id)) {
      check_leader(line, *leader);
      if (counting_) ++report_.armies[static_cast<std::size_t>(army)].leaders;
    } else {
      error(line, "unknown " + std::string(to_string(army)) + " unit or leader '" + ref.id + "'");
    }
  }
  return result;
}

bool Validator::plays_rule(std::string_view rule) const {
  const auto& specials = scenario_.forces.specials;
  return std::any_of(scenario_.rules.begin(), scenario_.rules.end(),
                     [&](const std::string& entry) {
                       const std::vector<std::string> rules = expand_rules_entry(entry);
                       return std::find(rules.begin(), rules.end(), rule) != rules.end();
                     }) ||
         std::any_of(specials.begin(), specials.end(), [&](const SpecialRule& s) { return s.rule == rule; });
}

void Validator::check_leader(int line, const LeaderDefinition& leader) {
  // 16.14: an army HQ, and a chief of staff who is part of it (16.1C, 16.14D), are played only by 16.14;
  // elsewhere they would be pieces doing nothing, or a commander the rules never gave.
  if (leader.role == kRoleHeadquarters && !plays_rule("16.14"))
    error(line, "army HQ '" + leader.id + "' is named, but the scenario's rules do not include 16.14");
  if (leader.role == kRoleChiefOfStaff && !plays_rule("16.14"))
    error(line, "chief of staff '" + leader.id +
                    "' is named, but the scenario's rules do not include 16.14 "
                    "(16.1C: he is part of the army HQ)");
  // 16.1C's sick Napoleon rolls his capacity (and his movement) each turn: not built.
  const std::string& capacity = leader.command_capacity;
  if (leader.role == kRoleCommander &&
      (capacity.empty() ||
       !std::all_of(capacity.begin(), capacity.end(), [](char c) { return c >= '0' && c <= '9'; })))
    error(line, "commander '" + leader.id + "' has no whole command capacity ('" + capacity +
                    "'): the engine does not build a rolled capacity (16.1C)");
  // 16.1C's Prussian corps chiefs of staff: a second officer of one organization, with the rule that both
  // may take one command, is not built.
  if (leader.role == kRoleOfficer) {
    const auto [at, added] = officer_of_.emplace(std::pair{leader.army, leader.command}, leader.id);
    if (!added && at->second != leader.id)
      error(line, "officers '" + at->second + "' and '" + leader.id + "' share the organization " +
                      leader.command + ": 16.1C's second corps officers are not built");
  }
}

void Validator::check_entry_choice(const Reinforcement& r) {
  if (r.choice.empty()) {
    if (!r.later_times.empty())
      error(r.line, "an entry on other turns is chosen in advance: add 'choice NAME [by TURN]' (28.0C, 28.0D)");
    return;
  }
  // The rule whose segment asks for the choice: named by the scenario, or by one of its options.
  const std::string rule = r.choice_rule.empty() ? std::string("28.0D") : r.choice_rule;
  const auto names = [&](const ScenarioForces& f) {
    return std::any_of(f.specials.begin(), f.specials.end(), [&](const SpecialRule& s) { return s.rule == rule; });
  };
  const bool named = plays_rule(rule) || std::any_of(scenario_.options.begin(), scenario_.options.end(),
                                                     [&](const ScenarioOption& o) { return names(o.additions); });
  if (!named)
    error(r.line, "entry choice '" + r.choice + "' is named, but the scenario's rules do not include " + rule);
  const auto times = entry_times(r);
  std::size_t alternatives = 0;
  for (const EntryTime& time : times)
    alternatives += time.hexes.size();
  if (r.may_decline) ++alternatives;
  if (alternatives < 2) error(r.line, "entry choice '" + r.choice + "' offers nothing to choose");
  TurnName earliest = r.turn;
  for (const EntryTime& time : times)
    earliest = std::min(earliest, time.turn);
  if (r.choose_by) {
    if (!on_track(*r.choose_by)) error(r.line, "turn " + r.choose_by->to_string() + " is not on the turn track");
    if (earliest < *r.choose_by)
      error(r.line, "entry choice '" + r.choice + "' is due after its first entry turn " + earliest.to_string());
  } else if (side_of(r.army) != scenario_.first_side) {
    error(r.line, "entry choice '" + r.choice +
                      "' is made before play, but its side does not move first: give 'by TURN' (28.0D)");
  }
  const auto [first, added] = choice_lines_.emplace(r.choice, &r);
  if (added) return;
  const Reinforcement& other = *first->second;
  if (other.army != r.army || entry_times(other) != times || other.choose_by != r.choose_by ||
      other.choice_rule != r.choice_rule || other.may_decline != r.may_decline)
    error(r.line, "entry choice '" + r.choice + "' differs from its line " + std::to_string(other.line) +
                      " (army, turns, hexes, deadline and rule must agree)");
}

void Validator::check_forces(const ScenarioForces& forces,
                             const std::set<std::pair<Army, std::string>>& removed,
                             std::map<std::pair<Army, std::string>, int>& used, bool count_totals) {
  counting_ = count_totals;
  // Stacking at set-up (5.6; 8.1 one unit in a chateau; "unstacked" one per hex; 16.1B rifles
  // stacking freely with one or two others, which the game's 16.1B module carries out).
  const auto names_rifles_rule = [](const ScenarioForces& f) {
    return std::any_of(f.specials.begin(), f.specials.end(),
                       [](const SpecialRule& s) { return s.rule == "16.1B"; });
  };
  const bool rifles_rule = names_rifles_rule(scenario_.forces) || names_rifles_rule(forces);
  std::map<Hex, std::pair<int, int>> fixed_stack;  // counted units, rifles
  std::map<Hex, int> fixed_line;
  for (const Placement& p : forces.placements) {
    check_hex(p.line, p.hex, "set-up hex");
    const auto units = units_of(p.line, p.units, p.army);
    int counted = 0;
    int rifles = 0;
    for (const auto& [unit, reduced] : units) {
      if (removed.count({unit->army, unit->id})) continue;
      if (unit->type == UnitType::Rifles) {
        ++rifles;
        if (!rifles_rule)
          error(p.line, "rifle unit '" + unit->id + "' is set up, but the scenario does not name 16.1B");
      } else {
        ++counted;
      }
      if (++used[{unit->army, unit->id}] > 1)
        error(p.line, "unit '" + unit->id + "' is set up or enters more than once");
      if (count_totals) {
        auto& totals = report_.armies[static_cast<std::size_t>(p.army)];
        ++totals.units_set_up;
        totals.strength_set_up += strength_showing(*unit, reduced);
      }
    }
    if (p.radius == 0) {
      fixed_stack[p.hex].first += counted;
      fixed_stack[p.hex].second += rifles;
      fixed_line[p.hex] = p.line;
      if (p.unstacked && counted + rifles > 1)
        error(p.line, "unstacked set-up puts " + std::to_string(counted + rifles) + " units in one hex");
    } else {
      // The units must fit in the hexes within the radius (two per hex, one per chateau or if unstacked).
      int capacity = 0;
      for (int c = p.hex.column - p.radius; c <= p.hex.column + p.radius; ++c) {
        for (int r = p.hex.row - p.radius - 1; r <= p.hex.row + p.radius + 1; ++r) {
          const Hex hex{c, r};
          if (!scenario_.area.contains(hex) || !context_.map.bounds().contains(hex) ||
              distance(hex, p.hex) > p.radius)
            continue;
          capacity += (p.unstacked || context_.map.terrain(hex) == HexTerrain::Chateau) ? 1 : 2;
        }
      }
      if (counted > capacity) {
        error(p.line, std::to_string(counted) + " units cannot fit within " + std::to_string(p.radius) +
                          " hexes of " + format_hex(p.hex));
      }
    }
  }
  for (const auto& [hex, count] : fixed_stack) {
    const Stack stack{count.first, count.second};  // rifles stack freely (16.1B)
    if (stack_fits(context_.map, hex, stack)) continue;
    const std::string units = std::to_string(stack.total()) + " units set up in " + format_hex(hex);
    const int limit = stacking_limit(context_.map, hex);
    if (stack.counted <= limit && limit > 1) {
      error(fixed_line[hex],
            units + " (limit " + std::to_string(kFreeStackTotal) + " with a rifle unit: 16.1B)");
    } else {
      error(fixed_line[hex],
            units + " (limit " + std::to_string(limit) + (limit == 1 ? ", a chateau: 8.1" : ": 5.6") + ")");
    }
  }

  for (const Reinforcement& r : forces.reinforcements) {
    for (const EntryTime& time : entry_times(r)) {
      if (!on_track(time.turn)) error(r.line, "turn " + time.turn.to_string() + " is not on the turn track");
      if (time.turn < first_turn_ || last_turn_ < time.turn) {
        error(r.line, "turn " + time.turn.to_string() + " is outside the scenario's turns");
      }
      for (Hex hex : time.hexes) {
        check_hex(r.line, hex, "entry hex");
        const bool named = std::any_of(
            context_.map.features().begin(), context_.map.features().end(), [&](const MapFeature& f) {
              return (f.kind == MapFeatureKind::Entry || f.kind == MapFeatureKind::Exit) &&
                     std::find(f.hexes.begin(), f.hexes.end(), hex) != f.hexes.end();
            });
        if (!named && !scenario_.area.on_edge(hex)) {
          error(r.line, "entry hex " + format_hex(hex) +
                            " is neither on the playing area's edge nor a named entry hex");
        }
      }
    }
    check_entry_choice(r);
    for (const auto& [unit, reduced] : units_of(r.line, r.units, r.army)) {
      if (removed.count({unit->army, unit->id})) continue;
      if (unit->type == UnitType::Rifles && !rifles_rule)
        error(r.line, "rifle unit '" + unit->id + "' enters, but the scenario does not name 16.1B");
      if (++used[{unit->army, unit->id}] > 1)
        error(r.line, "unit '" + unit->id + "' is set up or enters more than once");
      if (count_totals) {
        auto& totals = report_.armies[static_cast<std::size_t>(r.army)];
        ++totals.units_entering;
        totals.strength_entering += strength_showing(*unit, reduced);
      }
    }
  }

  for (const MoraleLevel& m : forces.morale) {
    if (m.from_turn && !on_track(*m.from_turn))
      error(m.line, "turn " + m.from_turn->to_string() + " is not on the turn track");
    if (m.demoralization && m.disintegration && *m.disintegration < *m.demoralization) {
      error(m.line, "disintegration level below the demoralization level (9.1)");
    }
  }
  for (const ControlAtStart& c : forces.control)
    for (Hex hex : c.hexes)
      check_hex(c.line, hex, "controlled hex");
  for (const VpRule& v : forces.vp)
    for (Hex hex : v.hexes)
      check_hex(v.line, hex, "VP hex");
  for (const VictoryCondition& v : forces.victory)
    for (const ConditionTerm& term : v.condition.terms)
      for (Hex hex : term.hexes)
        check_hex(v.line, hex, "objective hex");
}

void Validator::check_group_morale(const std::vector<GroupMorale>& groups, bool corps) {
  for (const GroupMorale& g : groups) {
    const bool known =
        std::any_of(context_.oob.units().begin(), context_.oob.units().end(), [&](const UnitDefinition& u) {
          return u.army == g.army && (corps ? in_command(u, g.group) : u.nationality == g.group);
        });
    if (corps && g.group.find('/') != std::string::npos) {
      // 13.0: levels are by corps ("[1]"); a unit counts for its designation's corps, never a division.
      error(g.line, "13.0: corps-morale names a corps, not " + g.group + " (one of its divisions)");
    } else if (!known) {
      error(g.line, std::string(corps ? "no corps " : "no nationality ") + g.group + " in the " +
                        std::string(to_string(g.army)) + " army");
    }
  }
}

void Validator::check_supply_sources(const std::map<std::pair<Army, std::string>, int>& used) {
  if (!plays_rule("14.0")) return;
  std::set<Army> armies;
  for (const auto& [key, count] : used)
    armies.insert(key.first);
  for (Army army : armies) {
    const std::vector<Hex>& sources = context_.map.supply_hexes(army);
    if (std::none_of(sources.begin(), sources.end(), [&](Hex hex) { return scenario_.area.contains(hex); }))
      error(1, "14.1: the scenario plays 14.0 but the " + std::string(to_string(army)) +
                   " army has no supply source in its playing area (the map's supply lines)");
  }
}

std::vector<DataError> Validator::run() {
  if (scenario_.map != context_.map_name) error(1, "unknown map '" + scenario_.map + "'");
  const PlayingArea& area = scenario_.area;
  if (!context_.map.bounds().contains({area.first_column, area.first_row}) ||
      !context_.map.bounds().contains({area.last_column, area.last_row})) {
    error(1, "the playing area reaches off the map");
  }
  if (!on_track(scenario_.first_turn))
    error(1, "first turn " + scenario_.first_turn.to_string() + " is not on the turn track");
  if (!on_track(scenario_.last_turn))
    error(1, "last turn " + scenario_.last_turn.to_string() + " is not on the turn track");
  if (scenario_.last_turn < scenario_.first_turn) error(1, "the last turn comes before the first");
  for (TurnName rain : scenario_.rain) {
    if (!on_track(rain) || rain < scenario_.first_turn || scenario_.last_turn < rain) {
      error(1, "rain turn " + rain.to_string() + " is not one of the scenario's turns");
    }
  }

  std::map<std::pair<Army, std::string>, int> used;
  first_turn_ = scenario_.first_turn;
  last_turn_ = scenario_.last_turn;
  check_forces(scenario_.forces, {}, used, true);
  check_group_morale(scenario_.forces.corps_morale, true);
  check_group_morale(scenario_.forces.nationality_morale, false);
  check_supply_sources(used);

  for (const ScenarioOption& option : scenario_.options) {
    if (option.turns) {
      if (!on_track(option.turns->first) || !on_track(option.turns->second) ||
          option.turns->second < option.turns->first) {
        error(option.line, "option " + option.id + ": its turns are not a span of the turn track");
      }
    }
    for (TurnName rain : option.rain)
      if (!on_track(rain))
        error(option.line,
              "option " + option.id + ": rain turn " + rain.to_string() + " is not on the turn track");
    std::set<std::pair<Army, std::string>> removed;
    for (const auto& [army, id] : option.removals) {
      if (!used.count({army, id}) && !context_.oob.find_leader(army, id)) {
        error(option.line, "option " + option.id + " removes '" + id + "', which is not in the scenario");
      }
      removed.emplace(army, id);
    }
    // The option's forces together with the base forces, less the removals.
    std::map<std::pair<Army, std::string>, int> option_used;
    for (const auto& [key, count] : used)
      if (!removed.count(key)) option_used[key] = count;
    first_turn_ = option.turns ? option.turns->first : scenario_.first_turn;
    last_turn_ = option.turns ? option.turns->second : scenario_.last_turn;
    check_forces(option.additions, removed, option_used, false);
    check_group_morale(option.additions.corps_morale, true);
    check_group_morale(option.additions.nationality_morale, false);
  }
  return errors_;
}

}  // namespace

std::vector<const UnitDefinition*> resolve_units(const std::vector<UnitRef>& refs, Army army,
                                                 const OrderOfBattle& oob,
                                                 std::vector<std::string>& unknown) {
  std::vector<const UnitDefinition*> result;
  for (const UnitRef& ref : refs) {
    if (!ref.command.empty()) {
      for (const UnitDefinition& unit : oob.units()) {
        if (unit.army == army && unit.variant.empty() && in_command(unit, ref.command) &&
            std::find(ref.less.begin(), ref.less.end(), unit.id) == ref.less.end()) {
          result.push_back(&unit);
        }
      }
    } else if (const UnitDefinition* unit = oob.find_unit(army, ref.id)) {
      result.push_back(unit);
    } else if (!oob.find_leader(army, ref.id)) {
      unknown.push_back(ref.id);
    }
  }
  return result;
}

std::vector<DataError> validate_scenario(const Scenario& scenario, const ScenarioContext& context,
                                         const std::string& file, ScenarioReport& report) {
  return Validator(scenario, context, file, report).run();
}

}  // namespace hd::engine
