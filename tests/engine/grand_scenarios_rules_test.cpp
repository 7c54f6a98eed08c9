// Special rules of Grand Ligny (24.0, 24.1B, 24.4A), the La Belle Alliance Variant (26.0F) and Grand Waterloo
// (27.1D) on small hand-built games (src/scenarios/).
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/victory/victory.hpp>

#include <algorithm>
#include <utility>

using namespace hd::test;

namespace {

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 4, 4, "[2]"},
                                   {"prussian", "P", "infantry", 4, 4, "[1]"},
                                   {"prussian", "R", "infantry", 4, 4, "[1]"},
                                   {"prussian", "S", "infantry", 4, 4, "15/[4]"}};

const std::string kLeaders =
    "Napoleon\tNapoleon\tfrench\tcommander\t\t4\t\n"
    "Bulow\tBulow\tprussian\tofficer\t[4]\t\t\n";

void advance_to(GameState& state, int turn, Side side) {
  while (!(state.turn == turn && state.phasing == side && state.phase == Phase::Movement)) {
    REQUIRE(state.phase != Phase::GameOver);
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
}

}  // namespace

TEST_CASE("24.0 the Coalition wins decisively if Napoleon is eliminated", "[rules][24.0]") {
  const std::string body =
      "rules 1.0-10.0\nsetup french 0101 : A Napoleon\nsetup prussian 1201 : P\n"
      "victory french marginal \"the French hold on\" : otherwise\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders("", kUnits, kLeaders,
                                        body + (rule ? "special 24.0 \"Napoleon eliminated\"\n" : ""));
    CHECK(final_result(state).winner == Side::French);  // he is in play: the scenario's conditions
    state.units[unit(state, "Napoleon")].status = UnitStatus::Eliminated;  // as 10.2 leaves him
    const GameResult result = final_result(state);
    CHECK(result.winner == (rule ? Side::Coalition : Side::French));
    CHECK(result.level == (rule ? "decisive" : "marginal"));
  }
}

TEST_CASE("26.0F the Prussian army stays demoralized although its level rises", "[rules][26.0F]") {
  auto state = make_game("", kUnits,
                         "setup french 0101 : A\nsetup prussian 1201 : P\nsetup prussian 1203 : R\n"
                         "morale-at prussian 16/1400 demoralization 4\n"
                         "morale-at prussian 16/1500 demoralization 20\n"
                         "special 26.0F \"stays demoralized\"\n");
  const auto prussian = static_cast<std::size_t>(Army::Prussian);
  state.units[unit(state, "R")].status = UnitStatus::Eliminated;  // a 4-SP unit lost (hand-built)
  state.eliminated_strength[prussian] = 4;
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.demoralized[prussian]);
  advance_to(state, 1, Side::French);
  CHECK(*morale_levels(state, Army::Prussian).first == 20);  // the level has risen past the losses
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.demoralized[prussian]);
}

TEST_CASE("27.1D no Prussian unit or leader moves or enters on 18/1200; the French do", "[rules][27.1D]") {
  const std::string body =
      "setup french 0101 : A\nsetup prussian 1201 : P\nreinforce prussian 18/1200 at 1212 : R\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game("", kUnits, body + (rule ? "special 27.1D \"Prussians halt\"\n" : ""),
                           "turns 16/1600 18/1200\n");
    advance_to(state, 0, Side::Coalition);
    CHECK(refused_by(state, Side::Coalition, move(state, "P", {"1202"})) == "");  // 16/1600
    advance_to(state, 3, Side::French);
    REQUIRE(state.current_turn().name == (TurnName{18, 1200}));
    CHECK(refused_by(state, Side::French, move(state, "A", {"0102"})) == "");
    advance_to(state, 3, Side::Coalition);
    CHECK(refused_by(state, Side::Coalition, move(state, "P", {"1202"})) == (rule ? "27.1D" : ""));
    CHECK(refused_by(state, Side::Coalition, move(state, "R", {"1212"})) == (rule ? "27.1D" : ""));
  }
}

TEST_CASE("27.1E Bulow is always in command, and commands his corps within 3 hexes", "[rules][27.1E]") {
  const std::string body =
      "rules 1.0-11.0\nsetup french 0101 : A Napoleon\nsetup prussian 1201 : S Bulow\n"
      "setup prussian 1205 : P\nsetup prussian 1210 : R\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders("", kUnits, kLeaders,
                                        body + (rule ? "special 27.1E \"Bulow in command\"\n" : ""));
    advance_to(state, 0, Side::Coalition);  // the Prussian command segment has run (no commander)
    CHECK(out_of_command(state, unit(state, "Bulow")) == !rule);
    CHECK(out_of_command(state, unit(state, "S")) == !rule);  // 15/[4], with him
    CHECK(out_of_command(state, unit(state, "P")));           // [1]: not of his corps
  }
}

TEST_CASE(
    "24.4B all of Ligny or of St Amand French costs both Prussian levels 5 each; recaptured, "
    "restored, but not once the Prussians are demoralized",
    "[rules][24.4B]") {
  std::vector<TestUnit> units = kUnits;
  units.push_back({"prussian", "T", "infantry", 6, 4, "[1]"});
  auto state = make_game_with_leaders(
      "", units, kLeaders,
      "setup french 0101 : A\nsetup prussian 1201 : P\nsetup prussian 1210 : T\n"
      "setup prussian 1205 : R\ncontrol coalition : 3755 3854 3855 3955 3256 3357 3457\n"
      "morale prussian demoralization 10 disintegration 30\n"
      "special 24.4B \"towns\"\n",
      "turns 16/1400 16/1600\n", 57, 67);
  const auto levels = [&] { return morale_levels(state, Army::Prussian); };
  const auto french_take = [&](std::vector<const char*> hexes, Side side = Side::French) {
    for (const char* hex : hexes)
      state.control[hx(hex)] = side;
  };
  CHECK(levels().first == 10);
  french_take({"3755", "3854", "3855"});  // not all of Ligny
  CHECK(levels().first == 10);
  french_take({"3955"});
  CHECK(levels().first == 5);
  CHECK(levels().second == 25);
  french_take({"3256", "3357", "3457"});
  CHECK(levels().first == 0);
  french_take({"3357"}, Side::Coalition);  // St Amand recaptured: its 5 restored
  CHECK(levels().first == 5);
  // Now the Prussians lose 6 SP: losses reach the lowered level, so the army is demoralized and Ligny's
  // loss stays counted although the Prussians retake a hex of it.
  const auto prussian = static_cast<std::size_t>(Army::Prussian);
  state.units[unit(state, "T")].status = UnitStatus::Eliminated;
  state.eliminated_strength[prussian] = 6;
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.demoralized[prussian]);
  french_take({"3755"}, Side::Coalition);
  CHECK(levels().first == 5);
  CHECK(levels().second == 25);
  french_take({"3256", "3357", "3457"});  // taken after the demoralization: kept too
  apply(state, state.phasing, EndPhaseAction{}, no_dice());
  french_take({"3457"}, Side::Coalition);
  CHECK(levels().second == 20);
}

TEST_CASE("24.4C Quatre Bras French costs both Allied levels 5 until recaptured", "[rules][24.4C]") {
  std::vector<TestUnit> units = kUnits;
  units.push_back({"allied", "W", "infantry", 4, 4, "[1]"});
  auto state = make_game("", units,
                         "setup french 0101 : A\nsetup allied 1201 : W\nsetup prussian 1205 : P\n"
                         "control coalition : 1641\nmorale allied demoralization 20 disintegration 30\n"
                         "special 24.4C \"Quatre Bras\"\n",
                         "turns 16/1400 16/1600\n", 57, 67);
  CHECK(morale_levels(state, Army::Allied).first == 20);
  state.control[Hex{16, 41}] = Side::French;
  CHECK(morale_levels(state, Army::Allied).first == 15);
  CHECK(morale_levels(state, Army::Allied).second == 25);
  CHECK(morale_levels(state, Army::Prussian).first == std::nullopt);  // the Allied army only
  state.control[Hex{16, 41}] = Side::Coalition;
  CHECK(morale_levels(state, Army::Allied).first == 20);
}

namespace {

// 24.1B: the First Corps' Q (1/[1]) and the Second Corps' B, on 16/1400-16/2100.
GameState activation_game() {
  return make_game(
      "",
      {{"french", "Q", "infantry", 4, 4, "1/[1]"},
       {"french", "B", "infantry", 4, 4, "[2]"},
       {"prussian", "P", "infantry", 4, 4, "[1]"}},
      "rules 1.0-9.0 24.1B\nsetup french 0505 : Q\nsetup french 0808 : B\nsetup prussian 1212 : P\n",
      "turns 16/1400 16/2100\n");
}

// Ends phases, every die rolled showing `die`, until the French movement phase of turn `turn`.
void to_french_movement(GameState& state, int turn, int die_shown) {
  while (!(state.turn == turn && state.phasing == Side::French && state.phase == Phase::Movement))
    apply(state, pending_decision(state).side, EndPhaseAction{}, die(die_shown));
}

}  // namespace

TEST_CASE("24.1B the First Corps moves only once activated: 1 at 16/1400, 1-2 at 16/1500, 1-3 at 16/1600",
          "[rules][24.1B]") {
  SECTION("a 2 at 16/1400 holds it, a 2 at 16/1500 activates it") {
    auto state = activation_game();
    // The first phase's roll needs an action: the game opens with a set-up phase (start_game).
    REQUIRE(state.phase == Phase::Setup);
    to_french_movement(state, 0, 2);
    CHECK(refused_by(state, Side::French, move(state, "Q", {"0506"})) == "24.1B");
    CHECK(refused_by(state, Side::French, move(state, "B", {"0809"})).empty());
    to_french_movement(state, 1, 2);
    CHECK(refused_by(state, Side::French, move(state, "Q", {"0506"})).empty());
  }
  SECTION("a 1 at 16/1400 activates it at once") {
    auto state = activation_game();
    to_french_movement(state, 0, 1);
    CHECK(refused_by(state, Side::French, move(state, "Q", {"0506"})).empty());
  }
  SECTION("three 6s hold it until 16/1700 and after: activated without a roll") {
    auto state = activation_game();
    to_french_movement(state, 2, 6);  // 16/1600: a 6 against 1-3
    CHECK(refused_by(state, Side::French, move(state, "Q", {"0506"})) == "24.1B");
    std::vector<Event> events;
    while (!(state.turn == 3 && state.phasing == Side::French && state.phase == Phase::Movement))
      events = apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
    REQUIRE(state.current_turn().name == (TurnName{16, 2100}));
    const auto activated = events_of<RuleEvent>(events);
    REQUIRE(activated.size() == 1);
    CHECK(format_event(state, Event{activated[0]}) ==
          "the First Corps [1] is activated from 16/1700 on (24.1B)");
    CHECK(refused_by(state, Side::French, move(state, "Q", {"0506"})).empty());
  }
}

namespace {

// 24.4A on a 40-column map: French F (3005) and H (3205) east of column 28, G (2005) west of it; Allied
// X, W, Z and Y two hexes south of them, 24 strong (W 6).
GameState eastern_attack_game() {
  return make_game("",
                   {{"french", "F", "infantry", 4, 4, "[2]"},
                    {"french", "G", "infantry", 4, 4, "[2]"},
                    {"french", "H", "infantry", 4, 4, "[2]"},
                    {"allied", "X", "infantry", 24, 4, "[5]"},
                    {"allied", "W", "infantry", 6, 4, "[5]"},
                    {"allied", "Y", "infantry", 24, 4, "[5]"},
                    {"allied", "Z", "infantry", 24, 4, "[5]"}},
                   "rules 1.0-9.0 24.4A\nmorale french demoralization 60\n"
                   "setup french 3005 : F\nsetup french 2005 : G\nsetup french 3205 : H\n"
                   "setup allied 3007 : X W\nsetup allied 2007 : Y\nsetup allied 3207 : Z\n",
                   "turns 16/1400 16/1600\n", 40, 12);
}

int french_level(const GameState& state) {
  return *morale_levels(state, Army::French).first;
}

// The Allies close in (each unit one hex north) and their combat phase begins.
void allied_close_in(GameState& state) {
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  for (auto [id, to] : {std::pair{"X", "3006"}, {"W", "3006"}, {"Y", "2006"}, {"Z", "3206"}})
    apply(state, Side::Coalition, move(state, id, {to}), no_dice());
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Combat);
}

// A Coalition attack at 6-1 rolling 1 (De), the advance declined.
void allied_attack(GameState& state, std::vector<const char*> attackers, const char* defender) {
  apply(state, Side::Coalition, attack(state, attackers, {defender}), die(1));
  if (state.pending_advance) apply(state, Side::Coalition, AdvanceAction{}, no_dice());
}

}  // namespace

TEST_CASE(
    "24.4A the first in-command Allied attack east of column 28 lowers the French level by its strength",
    "[rules][24.4A]") {
  SECTION("west of the line nothing; east, once") {
    auto state = eastern_attack_game();
    allied_close_in(state);
    allied_attack(state, {"Y"}, "G");  // column 20
    CHECK(french_level(state) == 60);
    allied_attack(state, {"X", "W"}, "F");  // column 30: 24 + 6
    CHECK(french_level(state) == 30);
    allied_attack(state, {"Z"}, "H");  // the first time only
    CHECK(french_level(state) == 30);
  }
  SECTION("an out-of-command unit neither counts nor triggers it") {
    auto state = eastern_attack_game();
    allied_close_in(state);
    set_out_of_command(state, unit(state, "Z"), true);
    allied_attack(state, {"Z"}, "H");
    CHECK(french_level(state) == 60);
    set_out_of_command(state, unit(state, "X"), true);
    allied_attack(state, {"X", "W"}, "F");  // W alone is in command
    CHECK(french_level(state) == 54);
  }
}

namespace {

// Grand Waterloo's levels (27.4A-C) on a 44 x 24 map that holds Maison du Roi (1022), Waterloo
// (0606 0607 0708 0709), Wavre (4206 4306 4307) and the French exit 3701.
GameState waterloo_levels_game(const std::string& rule, const std::string& setup) {
  return make_game(
      "",
      {{"french", "W", "infantry", 4, 4, "[1]"},
       {"french", "E", "infantry", 4, 4, "[1]"},
       {"french", "L", "infantry", 4, 4, "[2]"},
       {"french", "R", "infantry", 4, 4, "[3]"},
       {"prussian", "P", "infantry", 24, 4, "[4]"},
       {"allied", "C", "infantry", 4, 4, "[1]"}},
      "rules 1.0-9.0 " + rule +
          "\nmorale french demoralization 60\nmorale prussian demoralization 35 disintegration 50\n"
          "morale allied demoralization 45 disintegration 55\nvp french exit 3701 0\n" +
          setup,
      "turns 16/1400 16/1600\n", 44, 24);
}

std::pair<int, int> levels(const GameState& state, Army army) {
  const auto [demoralization, disintegration] = morale_levels(state, army);
  return {demoralization.value_or(-1), disintegration.value_or(-1)};
}

void to_coalition_movement(GameState& state) {
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

}  // namespace

TEST_CASE(
    "27.4A the French level: +10 while a Coalition army is demoralized, -20 once Maison du Roi is entered",
    "[rules][27.4A]") {
  auto state = waterloo_levels_game("27.4A", "setup french 0505 : W\nsetup allied 1024 : C\n");
  CHECK(levels(state, Army::French).first == 60);
  state.demoralized[static_cast<std::size_t>(Army::Prussian)] = true;  // hand-built
  CHECK(levels(state, Army::French).first == 70);
  state.demoralized[static_cast<std::size_t>(Army::Prussian)] = false;
  to_coalition_movement(state);
  apply(state, Side::Coalition, move(state, "C", {"1023", "1022"}), no_dice());
  CHECK(levels(state, Army::French).first == 40);
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  to_coalition_movement(state);                                          // the next turn's
  apply(state, Side::Coalition, move(state, "C", {"1021"}), no_dice());  // leaving it changes nothing
  CHECK(levels(state, Army::French).first == 40);
}

TEST_CASE("27.4B the Prussian levels are 10 lower while the French occupy all of Wavre", "[rules][27.4B]") {
  const auto two = waterloo_levels_game("27.4B", "setup french 4206 : W\nsetup french 4306 : E\n");
  CHECK(levels(two, Army::Prussian) == std::pair{35, 50});
  const auto three =
      waterloo_levels_game("27.4B", "setup french 4206 : W\nsetup french 4306 : E\nsetup french 4307 : L\n");
  CHECK(levels(three, Army::Prussian) == std::pair{25, 40});
}

TEST_CASE(
    "27.4C the Allied levels: -20 once Waterloo is entered, -10 once a French unit exits at 3701, +10 "
    "once the Prussians attack the left wing",
    "[rules][27.4C]") {
  auto state = waterloo_levels_game("27.4C",
                                    "setup french 0604 : W\nsetup french 3703 : E\nsetup french 0510 : L\n"
                                    "setup french 3010 : R\nsetup prussian 0512 : P\n");
  CHECK(levels(state, Army::Allied) == std::pair{45, 55});
  apply(state, Side::French, move(state, "W", {"0605", "0606"}), no_dice());
  CHECK(levels(state, Army::Allied) == std::pair{25, 35});
  apply(state, Side::French, move(state, "E", {"3702", "3701"}, true), no_dice());
  CHECK(levels(state, Army::Allied) == std::pair{15, 25});
  to_coalition_movement(state);
  apply(state, Side::Coalition, move(state, "P", {"0511"}), no_dice());
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  apply(state, Side::Coalition, attack(state, {"P"}, {"L"}), die(1));  // 6-1, 1: De; L is west of column 29
  CHECK(levels(state, Army::Allied) == std::pair{25, 35});
}

namespace {

// Grouchy (capacity 1) with two cavalry corps, [1c] and [2c] of two units each, and [3] of one unit.
const std::string kGrouchyLeaders =
    "Grouchy\tMarshal Grouchy\tfrench\tcommander\t\t1\t\n"
    "Pajol\tPajol\tfrench\tofficer\t[1c]\t\t\n"
    "Exelmans\tExelmans\tfrench\tofficer\t[2c]\t\t\n"
    "Vandamme\tVandamme\tfrench\tofficer\t[3]\t\t\n";

const std::vector<TestUnit> kGrouchyUnits{
    {"french", "K1", "cavalry", 2, 6, "[1c]"}, {"french", "K2", "cavalry", 2, 6, "[1c]"},
    {"french", "L1", "cavalry", 2, 6, "[2c]"}, {"french", "L2", "cavalry", 2, 6, "[2c]"},
    {"french", "V", "infantry", 4, 4, "[3]"},  {"prussian", "P", "infantry", 4, 4, "[1]"}};

GameState grouchy_game(const std::string& rules) {
  return make_game_with_leaders("", kGrouchyUnits, kGrouchyLeaders,
                                rules +
                                    "setup french 0505 : Grouchy\nsetup french 0506 : Pajol K1 K2\n"
                                    "setup french 0606 : Exelmans L1 L2\nsetup french 0404 : Vandamme V\n"
                                    "setup prussian 1212 : P\n");
}

bool in_command_now(const GameState& state, const char* id) {
  return trace_command(state, Side::French).in_command[unit(state, id)];
}

}  // namespace

TEST_CASE("24.1C, 27.1C Grouchy counts each cavalry corps as one half against his command capacity",
          "[rules][24.1C][27.1C]") {
  // Without the rule his capacity of 1 takes one officer: a cavalry one, passing command to two units.
  auto plain = grouchy_game("rules 1.0-11.0\n");
  CHECK(in_command_now(plain, "Pajol") != in_command_now(plain, "Exelmans"));
  CHECK_FALSE(in_command_now(plain, "Vandamme"));
  for (const char* rule : {"24.1C", "27.1C"}) {
    INFO(rule);
    auto state = grouchy_game(std::string("rules 1.0-11.0\nspecial ") + rule + " \"Grouchy rule\"\n");
    CHECK(in_command_now(state, "Pajol"));
    CHECK(in_command_now(state, "Exelmans"));
    CHECK(in_command_now(state, "K2"));
    CHECK(in_command_now(state, "L2"));
    CHECK_FALSE(in_command_now(state, "Vandamme"));  // the two halves fill his capacity
  }
  // 24.1C: a demoralized cavalry corps counts as one (13.0's record, hand-built).
  auto demoralized = grouchy_game(
      "rules 1.0-11.0 13.0\ncorps-morale french [1c] 3\ncorps-morale french [2c] 3\n"
      "special 24.1C \"Grouchy rule\"\n");
  corps_morale_state(demoralized).corps.push_back(CorpsMorale{Army::French, "[1c]", 3, true});
  CHECK(in_command_now(demoralized, "Pajol") != in_command_now(demoralized, "Exelmans"));
}

TEST_CASE("24.5B Ney is active only on 1-2 at 16/1400 and 16/1500, always from 16/1600", "[rules][24.5B]") {
  const std::string leaders = "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n";
  const std::string body = "rules 1.0-11.0\nsetup french 0505 : A Ney\nsetup prussian 1212 : P\n";
  auto state = make_game_with_leaders("", kUnits, leaders, body + "special 24.5B \"Ney's caution\"\n");
  REQUIRE(state.phase == Phase::Setup);  // the first French command phase rolls (start_game)
  to_french_movement(state, 0, 3);       // 16/1400: a 3, inactive
  CHECK(out_of_command(state, unit(state, "A")));
  to_french_movement(state, 1, 2);  // 16/1500: a 2, active
  CHECK_FALSE(out_of_command(state, unit(state, "A")));
  to_french_movement(state, 2, 6);  // 16/1600: no roll (a 6 would hold him), active
  CHECK_FALSE(out_of_command(state, unit(state, "A")));
  // Without the option Ney commands from the start.
  const auto plain = make_game_with_leaders("", kUnits, leaders, body);
  CHECK_FALSE(out_of_command(plain, unit(plain, "A")));
}

namespace {

// 24.5C's games: A attacks X, adjacent, in the open (or X in a chateau).
GameState odds_game(int attack_strength, int defence_strength, bool option, const std::string& map = "") {
  return make_game(
      map,
      {{"french", "A", "infantry", attack_strength, 4}, {"allied", "X", "infantry", defence_strength, 4}},
      std::string(option ? "special 24.5C \"Combat odds modification\"\n" : "") +
          "setup french 0505 : A\nsetup allied 0506 : X\n");
}

}  // namespace

TEST_CASE("24.5C the die -1 for each odds ratio above 6-1, +1 for each below 1-5", "[rules][24.5C]") {
  SECTION("16 to 2 is 8-1: the die -2, so a 6 reads row 4 of the 6-1 column (Dr, not Ex)") {
    auto state = odds_game(16, 2, true);
    to_french_combat(state);
    const auto odds = compute_odds(state, attack(state, {"A"}, {"X"}));
    CHECK(odds.used.to_string() == "6-1");
    CHECK(odds.die_modifier == -2);
    CHECK(has_modifier(odds, "die -2 (24.5C)"));
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(6));
    const auto combats = events_of<CombatResolvedEvent>(events);
    REQUIRE(combats.size() == 1);
    CHECK(combats[0].die == 6);  // the die as rolled; the modifier is the odds'
    CHECK(combats[0].result == CombatResult::DefenderRetreat);
    const auto resolved = std::find_if(events.begin(), events.end(), [](const Event& event) {
      return std::holds_alternative<CombatResolvedEvent>(event);
    });
    REQUIRE(resolved != events.end());
    CHECK(format_event(state, *resolved).find("die 6 -2 = 4: Dr") != std::string::npos);
  }
  SECTION("the modified roll stays on the table: 8-1 and a 2 read row 1 (De)") {
    auto state = odds_game(16, 2, true);
    to_french_combat(state);
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(2));
    CHECK(events_of<CombatResolvedEvent>(events).at(0).result == CombatResult::DefenderEliminated);
  }
  SECTION("2 to 14 is 1-7: the die +2, so a 1 reads row 3 of the 1-5 column (Ae, not Ar)") {
    auto state = odds_game(2, 14, true);
    to_french_combat(state);
    const auto odds = compute_odds(state, attack(state, {"A"}, {"X"}));
    CHECK(odds.used.to_string() == "1-5");
    CHECK(odds.die_modifier == 2);
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));
    CHECK(events_of<CombatResolvedEvent>(events).at(0).result == CombatResult::AttackerEliminated);
  }
  SECTION("within the table (6-1, 1-5) there is no modifier") {
    auto six = odds_game(13, 2, true);
    to_french_combat(six);
    CHECK(compute_odds(six, attack(six, {"A"}, {"X"})).die_modifier == 0);
    auto five = odds_game(2, 10, true);
    to_french_combat(five);
    CHECK(compute_odds(five, attack(five, {"A"}, {"X"})).die_modifier == 0);
  }
  SECTION("a reduction (6.2C) or a chateau's cap (8.2B) takes the odds off 6-1, and the modifier with them") {
    auto reduced = odds_game(16, 2, true);
    to_french_combat(reduced);
    const auto odds = compute_odds(reduced, attack(reduced, {"A"}, {"X"}, {}, 1));
    CHECK(odds.used.to_string() == "5-1");
    CHECK(odds.die_modifier == 0);
    CHECK(has_modifier(odds, "no die modifier at 5-1 (24.5C)"));
    auto chateau = odds_game(60, 2, true, "chateau \"C\" : 0506\n");
    to_french_combat(chateau);
    const auto capped = compute_odds(chateau, attack(chateau, {"A"}, {"X"}));
    CHECK(capped.used.to_string() == "4-1");
    CHECK(capped.die_modifier == 0);
  }
  SECTION("without the option 8-1 is read as 6-1 with the die as rolled") {
    auto state = odds_game(16, 2, false);
    to_french_combat(state);
    CHECK(compute_odds(state, attack(state, {"A"}, {"X"})).die_modifier == 0);
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(6));
    CHECK(events_of<CombatResolvedEvent>(events).at(0).result == CombatResult::Exchange);
  }
}
