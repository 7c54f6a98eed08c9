// Small hand-built games for rule tests: a map and units written inline, the shipped CRT and TEC.
#pragma once

#include <hd/engine/data/map_parser.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/game_setup.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace hd::test {

using namespace hd::engine;

// The text of a shipped data file, `relative` to scenarios/ (rules_fixture.cpp: only that file
// carries the source folder's path, so the other test files compile the same in every clone).
std::string read_data(const std::string& relative);

inline Hex hx(const char* ccrr) {
  return *parse_hex(ccrr);
}

// A unit line: army, id, type, full strength, movement (reduced = half, rounded down, if >= 2).
struct TestUnit {
  const char* army;
  const char* id;
  const char* type;
  int strength;
  int movement;
  const char* command = "[1]";
  const char* nationality = "x";  // 13.1: the Allies' nationalities
};

// Builds a game: `map_body` holds map statements after the header of a 12 x 12 map; `scenario_body`
// the statements after the scenario header (setup, reinforce, morale, victory ...). The turns run
// 16/1400 (day) .. 16/1600 (day), 16/2100 (night), on a track of 16/0600 (night), 16/0900 and those; the area
// is the whole map: 12 x 12 unless the rules under test name real hexes. `leaders_tsv`: rows of leaders.tsv
// (id, name, army, role, command, command_capacity, variant).
inline GameState make_game_with_leaders(const std::string& map_body, const std::vector<TestUnit>& units,
                                        const std::string& leaders_tsv, const std::string& scenario_body,
                                        const std::string& turns = "turns 16/1400 16/1600\n",
                                        int columns = 12, int rows = 12) {
  auto map = parse_map(
      "map \"Test\" " + std::to_string(columns) + " " + std::to_string(rows) + "\n" + map_body, "test.map");
  std::string errors_text;
  for (const auto& e : map.errors)
    errors_text += e.to_string() + "\n";
  INFO(errors_text);
  REQUIRE(map.map);

  std::string units_tsv =
      "id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\tfull_"
      "strength\t"
      "reduced_strength\tmovement\tvalue_source\tvariant\n";
  std::string derived = "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\n";
  for (const TestUnit& u : units) {
    units_tsv += std::string(u.id) + "\t" + u.id + "\t" + u.army + "\t" + u.nationality + "\t" + u.command +
                 "\t" + u.type + "\t\t\t\t\t\t\t\t\t\t\n";
    const int reduced = u.strength >= 2 ? u.strength / 2 : 0;
    derived += std::string(u.army) + "\t" + u.id + "\t" + std::to_string(u.strength) + "\t" +
               (reduced ? std::to_string(reduced) : "") + "\t" + std::to_string(u.movement) + "\ttest\n";
  }
  std::vector<DataError> errors;
  auto oob = OrderOfBattle::load(
      {units_tsv, derived, "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\n" + leaders_tsv},
      "test", errors);
  auto crt = CombatResultsTable::parse(read_data("tables/crt.tsv"), "crt", errors);
  auto tec = TerrainEffects::parse(read_data("tables/terrain-effects.tsv"), "tec", errors);
  const auto two_digits = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  auto scenario =
      parse_scenario("scenario \"Test\" rule 99.0\nmap test\narea columns 01-" + two_digits(columns) +
                         " rows 01-" + two_digits(rows) + "\n" + turns + scenario_body,
                     "test.txt");
  for (const auto& e : errors)
    errors_text += e.to_string() + "\n";
  for (const auto& e : scenario.errors)
    errors_text += e.to_string() + "\n";
  INFO(errors_text);
  REQUIRE(errors.empty());
  REQUIRE(scenario.scenario);
  // The night turn first: no test game opens on a day's first daylight turn (14.0) unless it
  // starts at 16/0900.
  const std::vector<TrackTurn> track{{{16, 600}, true},   {{16, 900}, false},  {{16, 1400}, false},
                                     {{16, 1500}, false}, {{16, 1600}, false}, {{16, 2100}, true},
                                     {{17, 0}, true},     {{18, 1200}, false}};
  std::vector<RulesetError> rule_errors;
  auto rules = make_ruleset(std::move(*map.map), std::move(*tec), *crt, std::move(oob), track,
                            std::move(*scenario.scenario), RuleChoice{}, rule_errors);
  REQUIRE(rules);
  std::vector<std::string> setup_errors;
  auto state = start_game(rules, setup_errors);
  for (const auto& e : setup_errors)
    errors_text += e + "\n";
  INFO(errors_text);
  REQUIRE(setup_errors.empty());
  REQUIRE(state);
  return std::move(*state);
}

inline GameState make_game(const std::string& map_body, const std::vector<TestUnit>& units,
                           const std::string& scenario_body,
                           const std::string& turns = "turns 16/1400 16/1600\n", int columns = 12,
                           int rows = 12) {
  return make_game_with_leaders(map_body, units, "", scenario_body, turns, columns, rows);
}

inline UnitIndex unit(const GameState& state, const char* id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].id == id) return static_cast<UnitIndex>(i);
  FAIL("no unit " << id);
  return 0;
}

inline DieRoller die(int value) {
  return [value] { return value; };
}

inline DieRoller no_dice() {
  return [] {
    FAIL("no die should be rolled");
    return 1;
  };
}

inline MoveAction move(const GameState& state, const char* id, std::vector<const char*> path,
                       bool exit = false) {
  MoveAction action;
  action.move.unit = unit(state, id);
  for (const char* hex : path)
    action.move.path.push_back(hx(hex));
  action.move.exit_map = exit;
  return action;
}

// Ends the French movement phase: the French combat phase of the first turn begins.
inline void to_french_combat(GameState& state) {
  REQUIRE(state.phase == Phase::Movement);
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Combat);
}

// A combat by unit ids: adjacent attackers on defenders, with bombarding artillery (7.1).
inline AttackAction attack(const GameState& state, std::vector<const char*> attackers,
                           std::vector<const char*> defenders, std::vector<const char*> bombarding = {},
                           int reduce = 0) {
  AttackAction a;
  for (const char* id : attackers)
    a.attackers.push_back(unit(state, id));
  for (const char* id : defenders)
    a.defenders.push_back(unit(state, id));
  for (const char* id : bombarding)
    a.bombarding.push_back(unit(state, id));
  a.odds_reduction = reduce;
  return a;
}

// The result of the combat the events resolved (fails the test if none was).
inline CombatResult resolved(const std::vector<Event>& events) {
  for (const Event& event : events)
    if (const auto* e = std::get_if<CombatResolvedEvent>(&event)) return e->result;
  FAIL("no combat resolved");
  return CombatResult::AttackerRetreat;
}

// True if one of the odds' modifier lines contains `text`.
inline bool has_modifier(const CombatOdds& odds, const std::string& text) {
  return std::any_of(odds.modifiers.begin(), odds.modifiers.end(),
                     [&](const std::string& m) { return m.find(text) != std::string::npos; });
}

template <typename E>
int count_events(const std::vector<Event>& events) {
  return static_cast<int>(std::count_if(events.begin(), events.end(),
                                        [](const Event& e) { return std::holds_alternative<E>(e); }));
}

// The events of one kind, in order.
template <typename E>
std::vector<E> events_of(const std::vector<Event>& events) {
  std::vector<E> found;
  for (const Event& event : events)
    if (const auto* e = std::get_if<E>(&event)) found.push_back(*e);
  return found;
}

// The same game under changed rules (options chosen, optional rules switched), as if it had been
// created with them.
template <typename Change>
void change_rules(GameState& state, Change&& change) {
  auto rules = std::make_shared<Ruleset>(*state.rules);
  change(*rules);
  resolve_rule_modules(*rules);  // the rules in force follow the changed choices
  state.rules = rules;
}

// 6.5A: A (12), B (3) and C (2) attack X (3) at 5-1 and roll an Ex: the attackers must lose at
// least 3, by A or by B, and the French choose (a pending exchange).
inline GameState exchange_choice_game() {
  auto state = make_game(
      "",
      {{"french", "A", "infantry", 12, 4},
       {"french", "B", "infantry", 3, 4},
       {"french", "C", "infantry", 2, 4},
       {"allied", "X", "infantry", 3, 4}},
      "setup french 0505 : A\nsetup french 0405 : B\nsetup french 0605 : C\nsetup allied 0506 : X\n");
  to_french_combat(state);
  REQUIRE(compute_odds(state, attack(state, {"A", "B", "C"}, {"X"})).computed.to_string() == "5-1");
  apply(state, Side::French, attack(state, {"A", "B", "C"}, {"X"}), die(5));  // 5-1, 5: Ex
  REQUIRE(state.pending_exchange);
  return state;
}

// The refusal's rule for `side` doing `action`, or "" if allowed.
inline std::string refused_by(const GameState& state, Side side, const Action& action) {
  const auto refusal = validate(state, side, action);
  return refusal ? refusal->rule : "";
}

}  // namespace hd::test
