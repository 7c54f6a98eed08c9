// 14.0 Supply, 14.1 Supply Sources, 14.2 Blocking Supply, on small hand-built maps: a chaussee runs
// down column 06 to the south edge (the French source), the Allied source is the west edge.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/rules/victory/victory.hpp>

using namespace hd::test;

namespace {

// 14 columns by 20 rows; the road 0601-0620 reaches the south edge (row 20) at 0620.
const std::string kSupplyMap =
    "road \"Chaussee\" : 0601 0602 0603 0604 0605 0606 0607 0608 0609 0610 0611 0612 0613 0614 0615 0616 "
    "0617 0618 0619 0620\n"
    "supply french : south-edge\n"
    "supply allied : west-edge\n";

// The game runs 16/1400-16/1600 (day), 16/2100 and 17/0000 (night), 18/1200 (the first daylight turn
// after the night: the check).
GameState supply_game(const std::vector<TestUnit>& units, const std::string& setup,
                      const std::string& rules = "rules 1.0-9.0 14.0\n", const std::string& extra_map = "") {
  return make_game(kSupplyMap + extra_map, units, rules + setup, "turns 16/1400 18/1200\n", 14, 20);
}

// Ends phases until the turn `turn` has begun; returns the events of the action that began it.
std::vector<Event> play_to_turn(GameState& state, int turn) {
  std::vector<Event> events;
  while (state.turn < turn) {
    REQUIRE(state.phase != Phase::GameOver);
    events = apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
  return events;
}

std::vector<std::string> eliminated_ids(const GameState& state, const std::vector<Event>& events) {
  std::vector<std::string> ids;
  for (const Event& event : events)
    if (const auto* e = std::get_if<UnitEliminatedEvent>(&event)) {
      CHECK(e->reason == "out of supply (14.0)");
      ids.push_back(state.units[e->unit].id);
    }
  return ids;
}

bool traces(const GameState& state, const char* id) {
  const UnitState& u = state.units[unit(state, id)];
  return supply_line(state, u.army, u.hex).has_value();
}

}  // namespace

TEST_CASE("14.0: in supply along the road to the army's map edge; the line runs unit to source", "[14.0]") {
  auto state = supply_game({{"french", "F", "infantry", 4, 4}}, "setup french 0603 : F\n");
  const auto line = supply_line(state, Army::French, hx("0603"));
  REQUIRE(line);
  CHECK(line->front() == hx("0603"));
  CHECK(line->back() == hx("0620"));  // 14.1: French supply from the south edge
  CHECK(line->size() == 18u);         // along the chaussee: no shorter line exists
}

TEST_CASE("14.1: each army traces only to its own edge", "[14.1]") {
  // A Prussian unit has no source on this map (14.1: the east edge is not listed): out of supply
  // where a French unit is in supply.
  auto state = supply_game({{"french", "F", "infantry", 4, 4}, {"prussian", "P", "infantry", 4, 4}},
                           "setup french 0603 : F\nsetup prussian 0604 : P\n");
  CHECK(traces(state, "F"));
  CHECK_FALSE(traces(state, "P"));
  // The Allied west edge: five hexes of any terrain reach it from column 06.
  CHECK(supply_line(state, Army::Allied, hx("0603")));
  CHECK_FALSE(supply_line(state, Army::Allied, hx("0703")));
}

TEST_CASE("14.0: the first five hexes may be of any terrain, the rest must be road or trail hexes",
          "[14.0]") {
  // From 1205 the five free hexes reach 0705, beside the road; the sixth hex, 0605, is a road hex.
  // From 1305 the sixth hex is 0705, off the road: too far, and the edge is fifteen rows away.
  auto state = supply_game({{"french", "Six", "infantry", 4, 4}, {"french", "Seven", "infantry", 4, 4}},
                           "setup french 1205 : Six\nsetup french 1305 : Seven\n");
  REQUIRE(distance(hx("1205"), hx("0605")) == 6);
  REQUIRE(distance(hx("1305"), hx("0605")) == 7);
  CHECK(traces(state, "Six"));
  CHECK_FALSE(traces(state, "Seven"));
  const auto line = supply_line(state, Army::French, hx("1205"));
  REQUIRE(line);
  // Five hexes of any terrain after the unit's own; from the sixth on, every hex is a road hex and
  // every later step crosses a road hexside.
  REQUIRE(line->size() > 7u);
  for (std::size_t i = 1; i <= 5; ++i)
    CHECK((*line)[i].column > 6);
  for (std::size_t i = 6; i < line->size(); ++i)
    CHECK((*line)[i].column == 6);
  for (std::size_t i = 7; i < line->size(); ++i)
    CHECK(state.rules->map.path(*Hexside::between((*line)[i - 1], (*line)[i])) != PathKind::None);
  // Near the edge a line needs no road at all: 1117 is three hexes from the south edge.
  CHECK(supply_line(state, Army::French, hx("1117")));
}

TEST_CASE("14.0: a source hex six hexes away counts only if it is a road or trail hex", "[14.0]") {
  // 1314 is six rows from the south edge (row 20) and seven columns from the road: its sixth hex
  // would be an edge hex with no road.
  auto state = supply_game({{"french", "Far", "infantry", 4, 4}, {"french", "Near", "infantry", 4, 4}},
                           "setup french 1314 : Far\nsetup french 1315 : Near\n");
  CHECK_FALSE(traces(state, "Far"));
  CHECK(traces(state, "Near"));  // five hexes to the edge: no road needed
}

TEST_CASE("14.2: an enemy unit on the road blocks the line; its zone of control does not", "[14.2]") {
  auto blocked = supply_game({{"french", "F", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}},
                             "setup french 0603 : F\nsetup allied 0610 : A\n");
  CHECK_FALSE(traces(blocked, "F"));
  // The French road network stops south of the enemy: 0611-0620 reach the edge, 0601-0610 do not.
  const SupplyNetwork network(blocked, Army::French);
  CHECK_FALSE(network.may_enter(hx("0610")));
  CHECK(network.connected(hx("0611")));
  CHECK_FALSE(network.connected(hx("0609")));
  CHECK(network.line_from(hx("0611")).size() == 10u);  // 0611 .. 0620
  // The enemy beside the road, its ZOC on the road hexes: the line runs past it.
  auto beside = supply_game({{"french", "F", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}},
                            "setup french 0603 : F\nsetup allied 0710 : A\n");
  REQUIRE(in_enemy_zoc(beside, hx("0610"), Side::French));
  CHECK(traces(beside, "F"));
  const auto line = supply_line(beside, Army::French, hx("0603"));
  REQUIRE(line);
  CHECK(std::find(line->begin(), line->end(), hx("0710")) == line->end());
}

TEST_CASE("14.2: a line may not cross prohibited terrain (a river without a bridge)", "[14.2]") {
  // A river between columns 07 and 08, the whole height of the map: 0903 is three hexes from the
  // road, but only across the river.
  std::string river = "river \"Cut\" :";
  const auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  for (int r = 1; r <= 20; ++r) {
    river += " 07" + two(r) + "/08" + two(r);
    if (r < 20) river += " 07" + two(r + 1) + "/08" + two(r);
  }
  const std::vector<TestUnit> units{{"french", "F", "infantry", 4, 4}};
  auto cut = supply_game(units, "setup french 0903 : F\n", "rules 1.0-9.0 14.0\n", river + "\n");
  CHECK_FALSE(traces(cut, "F"));
  auto bridged = supply_game(units, "setup french 0903 : F\n", "rules 1.0-9.0 14.0\n",
                             river + "\nbridge \"Pont\" : 0703/0803\n");
  CHECK(traces(bridged, "F"));
}

TEST_CASE("14.0: the check comes only on the first daylight turn of a day", "[14.0]") {
  auto state = supply_game({{"french", "Cut", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}},
                           "setup french 0603 : Cut\nsetup allied 0610 : A\n");
  REQUIRE_FALSE(traces(state, "Cut"));
  // 16/1400 (the opening turn), 16/1500, 16/1600 and the night turns: no check.
  CHECK_FALSE(supply_check_turn(*state.rules, 0));
  CHECK_FALSE(supply_check_turn(*state.rules, 1));
  CHECK_FALSE(supply_check_turn(*state.rules, 3));  // 16/2100, night
  CHECK(supply_check_turn(*state.rules, 5));        // 18/1200: day after night
  play_to_turn(state, 4);
  CHECK(state.units[unit(state, "Cut")].on_map());
  const auto events = play_to_turn(state, 5);
  CHECK(eliminated_ids(state, events) == std::vector<std::string>{"Cut"});
  CHECK(state.units[unit(state, "Cut")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "A")].on_map());  // five hexes from the Allied west edge
  // The check came as the turn's first phase began, before either side acted.
  CHECK(state.phase == Phase::Movement);
  CHECK(state.phasing == Side::French);
}

TEST_CASE("14.0: without the rule in force nobody is removed", "[14.0]") {
  auto state = supply_game({{"french", "Cut", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}},
                           "setup french 0603 : Cut\nsetup allied 0610 : A\n", "rules 1.0-9.0\n");
  CHECK_FALSE(rule_in_force(*state.rules, "14.0"));
  play_to_turn(state, 5);
  CHECK(state.units[unit(state, "Cut")].on_map());
}

TEST_CASE("14.0: a removed unit is a loss for morale and VP, and may never be reorganized", "[14.0][9.0]") {
  auto state = supply_game({{"french", "Cut", "infantry", 6, 4},
                            {"french", "Fed", "infantry", 4, 4},
                            {"allied", "A", "infantry", 3, 4}},
                           "setup french 0603 : Cut\nsetup french 0615 : Fed\nsetup allied 0610 : A\n"
                           "morale french demoralization 6\nvp coalition per-strength-point 1\n");
  REQUIRE(victory_points(state)[static_cast<std::size_t>(Side::Coalition)] == 0);
  const auto events = play_to_turn(state, 5);
  CHECK(eliminated_ids(state, events) == std::vector<std::string>{"Cut"});
  CHECK(state.units[unit(state, "Fed")].on_map());  // south of the blocker: in supply
  // 9.0: its strength is a loss like any eliminated unit's, and 6 reaches the level: demoralized.
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 6);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::French)]);
  CHECK(count_events<MoraleEvent>(events) == 1);
  // VP per enemy strength point eliminated (22.4A's schedule; 3.4).
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::Coalition)] == 6);
  // Marked for good (12.0 may not reorganize it); the others are not.
  CHECK(removed_out_of_supply(state, unit(state, "Cut")));
  CHECK_FALSE(removed_out_of_supply(state, unit(state, "Fed")));
  CHECK_FALSE(removed_out_of_supply(state, unit(state, "A")));
}

TEST_CASE("14.0: every line is traced against the same position, removals together", "[14.0]") {
  // A road down column 11 to the south edge; a trail along row 03 from the west edge to 1103.
  std::string road = "road \"R\" :";
  std::string trail = "trail \"T\" :";
  for (int n = 1; n <= 20; ++n)
    road += std::string(n < 10 ? " 110" : " 11") + std::to_string(n);
  for (int c = 1; c <= 11; ++c)
    trail += std::string(c < 10 ? " 0" : " ") + std::to_string(c) + "03";
  // X (French, at 1103) blocks A's way north and west; A (Allied, at 1110) blocks X's road south.
  // Traced one after the other, X's removal would reopen A's line; traced together, both are cut.
  auto state = make_game(road + "\n" + trail + "\nsupply french : south-edge\nsupply allied : west-edge\n",
                         {{"french", "X", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}},
                         "rules 1.0-9.0 14.0\nsetup french 1103 : X\nsetup allied 1110 : A\n",
                         "turns 16/1400 18/1200\n", 12, 20);
  CHECK_FALSE(traces(state, "X"));
  CHECK_FALSE(traces(state, "A"));
  GameState without_x = state;
  without_x.units[unit(state, "X")].status = UnitStatus::Eliminated;
  CHECK(traces(without_x, "A"));  // through 1103 and along the trail
  std::vector<Event> events;
  CHECK(check_supply(state, events) == 2);
  CHECK(eliminated_ids(state, events) == std::vector<std::string>{"X", "A"});
}

TEST_CASE("14.0 with 10.0: a leader is never traced nor removed, and an enemy leader alone blocks no line",
          "[14.0][14.2][10.0]") {
  const std::string leaders =
      "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
      "Wellington\tWellington\tallied\tcommander\t\t4\t\n";
  // Ney alone far off the road (no line of his own); Wellington alone on the French road south of F.
  auto state = make_game_with_leaders(kSupplyMap, {{"french", "F", "infantry", 4, 4}}, leaders,
                                      "rules 1.0-10.0 14.0\nsetup french 0603 : F\nsetup french 1210 : Ney\n"
                                      "setup allied 0612 : Wellington\n",
                                      "turns 16/1400 18/1200\n", 12, 20);
  CHECK(traces(state, "F"));  // 14.2: Wellington alone on the road does not cut it (10.1E)
  const int turn = static_cast<int>(state.rules->turns.size()) - 1;
  const auto events = play_to_turn(state, turn);
  CHECK(eliminated_ids(state, events).empty());  // neither F nor the leaders are removed
  CHECK(state.units[unit(state, "Ney")].on_map());
  CHECK(state.units[unit(state, "Wellington")].on_map());
}

TEST_CASE("14.0: a game opening on a day's first daylight turn makes the check as play begins", "[14.0]") {
  // 28.0 opens at 16/0900, the first daylight turn of 16 June (16/0600 is a night turn, 4.2).
  const std::vector<TestUnit> units{{"french", "Cut", "infantry", 4, 4}, {"allied", "A", "infantry", 4, 4}};
  auto cut =
      make_game(kSupplyMap, units, "rules 1.0-9.0 14.0\nsetup french 0603 : Cut\nsetup allied 0610 : A\n",
                "turns 16/0900 16/1600\n", 14, 20);
  CHECK(supply_check_turn(*cut.rules, 0));
  CHECK_FALSE(supply_check_turn(*cut.rules, 1));  // 16/1400
  // The removal needs an action to be reported: the game opens in a set-up with nothing to place,
  // and the French `end` begins play with the check.
  REQUIRE(cut.phase == Phase::Setup);
  REQUIRE(cut.units[unit(cut, "Cut")].on_map());
  const auto events = apply(cut, Side::French, EndPhaseAction{}, no_dice());
  CHECK(eliminated_ids(cut, events) == std::vector<std::string>{"Cut"});
  CHECK(cut.phase == Phase::Movement);
  CHECK(cut.turn == 0);
  // Everyone in supply: nothing to report, play begins at once.
  auto supplied =
      make_game(kSupplyMap, units, "rules 1.0-9.0 14.0\nsetup french 0603 : Cut\nsetup allied 0110 : A\n",
                "turns 16/0900 16/1600\n", 14, 20);
  CHECK(supplied.phase == Phase::Movement);
}

TEST_CASE("14.0 with 11.0: the day's check comes before the command segment (4.1)", "[14.0][11.0][4.1]") {
  // Ney stacked with Cut, whose road is cut at 0610. On the check turn Cut is removed first, so Ney
  // gives command to nobody (10.1C: no half allowance) and no mark is left on the removed unit.
  const std::string leaders = "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n";
  auto state = make_game_with_leaders(
      kSupplyMap, {{"french", "Cut", "infantry", 4, 4, "[1]"}, {"allied", "A", "infantry", 4, 4}}, leaders,
      "rules 1.0-11.0 14.0\nsetup french 0603 : Cut Ney\nsetup allied 0610 : A\n", "turns 16/1400 18/1200\n",
      14, 20);
  const UnitIndex ney = unit(state, "Ney");
  const UnitIndex cut = unit(state, "Cut");
  REQUIRE(gave_command(state, ney));  // in the opening turn Ney commands Cut
  const auto events = play_to_turn(state, 5);
  CHECK(eliminated_ids(state, events) == std::vector<std::string>{"Cut"});
  CHECK_FALSE(gave_command(state, ney));
  CHECK_FALSE(out_of_command(state, cut));
}
