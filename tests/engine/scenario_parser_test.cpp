// The scenario format (docs/scenario-format.md) and the scenario validator, on small hand-built data.
#include <hd/engine/data/map_parser.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/data/scenario_validator.hpp>

#include <catch2/catch.hpp>

using namespace hd::engine;

namespace {

Hex h(const char* ccrr) {
  return *parse_hex(ccrr);
}

const char* kScenario = R"(scenario "Test Battle" rule 99.0
map test
area columns 01-08 rows 01-10
turns 16/1400 16/1600
rain 16/1500
first coalition
rules 1.0-9.0
optional 15.1 15.2
setup french 0505 : Alpha Beta:r
setup french 0303 w/1 unstacked : Gamma Delta
setup allied 0707 : Zulu Boss
reinforce allied 16/1500 at 0801 or 0108 half-ma : all [A] less Yank Zulu
morale french demoralization 5 disintegration 9
morale-at allied 16/1500 demoralization 7
corps-morale french [1] 4
control coalition : 0707 0708-09
vp french per-strength-point 1
vp coalition exit 0801 0101-03 2 per-strength-point
victory french decisive "Allies broken" : allied demoralized and controls french 0707
instant coalition "French rout" : french disintegrated
victory coalition marginal "Otherwise" : otherwise
special 99.4A "Something the engine does in code"
note "just for people"
victory french marginal "Close" : vp-net french -3
option 99.5A "More French"
  turns 16/1500 16/2100
  rain 16/2100
  reinforce french 16/2100 at 0110 : Echo
  remove allied Zulu
end
)";

const char* kMap = "map \"Test\" 8 10\nchateau \"Keep\" : 0606\nentry \"Road\" : 0110\n";

const char* kUnits =
    "id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\tfull_strength\t"
    "reduced_strength\tmovement\tvalue_source\tvariant\n"
    "Alpha\tA\tfrench\tfrench\t1/[1]\tinfantry\t4\t\t\t\t3000\t\t\t\t\t\n"
    "Beta\tB\tfrench\tfrench\t1/[1]\tinfantry\t4\t\t\t\t3000\t\t\t\t\t\n"
    "Gamma\tG\tfrench\tfrench\t2/[1]\tinfantry\t4\t\t\t\t3000\t\t\t\t\t\n"
    "Delta\tD\tfrench\tfrench\t2/[1]\tinfantry\t4\t\t\t\t3000\t\t\t\t\t\n"
    "Echo\tE\tfrench\tfrench\t[2]\tcavalry\t\t8\t\t\t1500\t\t\t\t\t\n"
    "Zulu\tZ\tallied\tbritish\t[A]\tinfantry\t\t\t\t\t2000\t5\t2\t4\tstated: test\t\n"
    "Yank\tY\tallied\tbritish\t[A]\tinfantry\t\t\t\t\t2000\t\t\t\t\t\n"
    "Xray\tX\tallied\tbritish\t[A]\tcavalry\t\t\t\t\t1000\t\t\t\t\t\n"
    "Tiny\tT\tfrench\tfrench\t[3]\tfoot_artillery\t\t\t1\t8\t\t\t\t\t\t\n"
    "Wagons\tW\tfrench\tfrench\t\tsupply_train\t\t\t\t\t\t0\t\t\tstated: test\t16.17\n";
const char* kDerived =
    "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\n"
    "french\tAlpha\t4\t2\t4\tderived: test\nfrench\tBeta\t4\t2\t4\tderived: test\n"
    "french\tGamma\t4\t2\t4\tderived: test\nfrench\tDelta\t4\t2\t4\tderived: test\n"
    "french\tEcho\t3\t1\t6\tderived: test\nallied\tZulu\t5\t2\t4\tstated: test\n"
    "allied\tYank\t4\t2\t4\tderived: test\nallied\tXray\t2\t1\t6\tderived: test\n"
    "french\tTiny\t1\t\t4\tderived: test\n"
    "french\tWagons\t0\t\t4\tderived: test\n";
const char* kLeaders =
    "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\nBoss\tThe Boss\tallied\tcommander\t\t3\t\n"
    "HQ\tAn HQ\tfrench\theadquarters\t\t\t16.14\n"
    "CoS\tA chief of staff\tfrench\tchief_of_staff\t\t1\t16.1C\n"
    "Sick\tThe sick one\tfrench\tcommander\t\tceil(1d6/2)\t16.1C\n"
    "Ada\tAda\tfrench\tofficer\t[1]\t\t\nBea\tBea\tfrench\tofficer\t[1]\t\t16.1C\n";

struct Fixture {
  std::vector<DataError> errors;
  GameMap map = load_map();

  static GameMap load_map() {
    auto parsed = parse_map(kMap, "test.map");
    REQUIRE(parsed.map);
    return std::move(*parsed.map);
  }
  OrderOfBattle oob = OrderOfBattle::load({kUnits, kDerived, kLeaders}, "armies", errors);
  std::vector<TrackTurn> track{
      {{16, 1400}, false}, {{16, 1500}, false}, {{16, 1600}, false}, {{16, 2100}, true}};

  std::vector<DataError> validate(const std::string& text, ScenarioReport& report) {
    auto parsed = parse_scenario(text, "s.txt");
    if (!parsed.scenario) return parsed.errors;
    return validate_scenario(*parsed.scenario, ScenarioContext{map, "test", oob, track}, "s.txt", report);
  }
  std::string messages(const std::string& text) {
    ScenarioReport report;
    std::string all;
    for (const auto& e : validate(text, report))
      all += e.to_string() + "\n";
    return all;
  }
};

}  // namespace

TEST_CASE("a scenario file parses into its parts", "[scenario]") {
  const auto parsed = parse_scenario(kScenario, "s.txt");
  std::string errors;
  for (const auto& e : parsed.errors)
    errors += e.to_string() + "\n";
  INFO(errors);
  REQUIRE(parsed.scenario);
  const Scenario& s = *parsed.scenario;
  CHECK(s.name == "Test Battle");
  CHECK(s.rule == "99.0");
  CHECK(s.area.contains(h("0810")));
  CHECK_FALSE(s.area.contains(h("0911")));
  CHECK(s.first_turn == TurnName{16, 1400});
  CHECK(s.last_turn == TurnName{16, 1600});
  CHECK(s.rain == std::vector<TurnName>{{16, 1500}});
  CHECK(s.first_side == Side::Coalition);
  CHECK(s.optional == std::vector<std::string>{"15.1", "15.2"});

  REQUIRE(s.forces.placements.size() == 3);
  CHECK(s.forces.placements[0].units[1].id == "Beta");
  CHECK(s.forces.placements[0].units[1].reduced);
  CHECK(s.forces.placements[1].radius == 1);
  CHECK(s.forces.placements[1].unstacked);

  REQUIRE(s.forces.reinforcements.size() == 1);
  const Reinforcement& r = s.forces.reinforcements[0];
  CHECK(r.hexes == std::vector<Hex>{h("0801"), h("0108")});
  CHECK(r.half_movement);
  CHECK_FALSE(r.unstacked);
  REQUIRE(r.units.size() == 1);
  CHECK(r.units[0].command == "[A]");
  CHECK(r.units[0].less == std::vector<std::string>{"Yank", "Zulu"});

  REQUIRE(s.forces.morale.size() == 2);
  CHECK(s.forces.morale[0].disintegration == 9);
  CHECK(s.forces.morale[1].from_turn == TurnName{16, 1500});
  CHECK(s.forces.corps_morale.at(0).group == "[1]");
  CHECK(s.forces.control.at(0).hexes.size() == 3u);
  REQUIRE(s.forces.vp.size() == 2);
  CHECK(s.forces.vp[1].kind == VpKind::Exit);
  CHECK(s.forces.vp[1].hexes.size() == 4u);
  CHECK(s.forces.vp[1].per_strength_point);

  REQUIRE(s.forces.victory.size() == 4);
  CHECK(s.forces.victory[3].condition.terms.at(0).kind == ConditionTerm::Kind::VpNet);
  CHECK(s.forces.victory[3].condition.terms.at(0).number == -3);
  const Condition& decisive = s.forces.victory[0].condition;
  REQUIRE(decisive.terms.size() == 2);
  CHECK(decisive.terms[0].kind == ConditionTerm::Kind::Demoralized);
  CHECK(decisive.terms[0].army == Army::Allied);
  CHECK(decisive.terms[1].kind == ConditionTerm::Kind::Controls);
  CHECK(decisive.connectors == std::vector<std::string>{"and"});
  CHECK(s.forces.victory[1].instant);
  CHECK(s.forces.specials.at(0).rule == "99.4A");

  REQUIRE(s.options.size() == 1);
  CHECK(s.options[0].id == "99.5A");
  CHECK(s.options[0].additions.reinforcements.size() == 1);
  CHECK(s.options[0].turns == std::make_pair(TurnName{16, 1500}, TurnName{16, 2100}));
  CHECK(s.options[0].rain == std::vector<TurnName>{{16, 2100}});
  CHECK(s.options[0].removals == std::vector<std::pair<Army, std::string>>{{Army::Allied, "Zulu"}});
  CHECK(s.notes == std::vector<std::string>{"just for people"});
}

TEST_CASE("a valid scenario validates and totals each army", "[scenario]") {
  Fixture f;
  REQUIRE(f.errors.empty());
  ScenarioReport report;
  const auto errors = f.validate(kScenario, report);
  std::string text;
  for (const auto& e : errors)
    text += e.to_string() + "\n";
  INFO(text);
  CHECK(errors.empty());
  const auto& french = report.armies[static_cast<std::size_t>(Army::French)];
  CHECK(french.units_set_up == 4);
  CHECK(french.strength_set_up == 4 + 2 + 4 + 4);  // Beta set up reduced
  const auto& allied = report.armies[static_cast<std::size_t>(Army::Allied)];
  CHECK(allied.units_set_up == 1);
  CHECK(allied.leaders == 1);
  CHECK(allied.units_entering == 1);  // all [A] less Yank Zulu: Xray
  CHECK(allied.strength_entering == 2);
}

TEST_CASE("scenario mistakes are reported with file and line", "[scenario]") {
  Fixture f;
  const std::string head =
      "scenario \"T\" rule 1.0\nmap test\narea columns 01-08 rows 01-10\nturns 16/1400 16/1600\n";
  // 16.14: an army HQ only where the scenario plays 16.14.
  CHECK_THAT(
      f.messages(head + "setup french 0505 : Alpha HQ\n"),
      Catch::Contains("s.txt:5: army HQ 'HQ' is named, but the scenario's rules do not include 16.14"));
  CHECK_THAT(f.messages(head + "rules 1.0-11.0 16.14\nsetup french 0505 : Alpha HQ\n"),
             !Catch::Contains("army HQ"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha CoS\n"),
             Catch::Contains("chief of staff 'CoS' is named, but the scenario's rules do not include 16.14"));
  CHECK_THAT(f.messages(head + "rules 1.0-11.0 16.14\nsetup french 0505 : Alpha CoS\n"),
             !Catch::Contains("chief of staff"));
  // 16.17: a supply train only where the scenario plays 16.17.
  CHECK_THAT(
      f.messages(head + "setup french 0505 : Wagons\n"),
      Catch::Contains("s.txt:5: supply train 'Wagons' is named, but the scenario's rules do not include 16.17"));
  CHECK_THAT(f.messages(head + "rules 1.0-9.0 14.0 16.17\nsetup french 0505 : Wagons\n"),
             !Catch::Contains("supply train"));
  // 16.1C: the sick Napoleon's rolled capacity and a second officer of one corps are not built.
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha Sick\n"),
             Catch::Contains("commander 'Sick' has no whole command capacity"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha Ada\nsetup french 0506 : Beta Bea\n"),
             Catch::Contains("officers 'Ada' and 'Bea' share the organization [1]"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha Ada\n"),
             !Catch::Contains("share the organization"));
  CHECK_THAT(f.messages(head + "setup french 0909 : Alpha\n"),
             Catch::Contains("s.txt:5: set-up hex 0909 is off the map"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Nobody\n"),
             Catch::Contains("s.txt:5: unknown french unit or leader 'Nobody'"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha\nsetup french 0506 : Alpha\n"),
             Catch::Contains("s.txt:6: unit 'Alpha' is set up or enters more than once"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Alpha Beta Gamma\n"),
             Catch::Contains("3 units set up in 0505 (limit 2"));
  CHECK_THAT(f.messages(head + "setup french 0606 : Alpha Beta\n"),
             Catch::Contains("limit 1, a chateau: 8.1"));
  CHECK_THAT(f.messages(head + "setup french 0505 unstacked : Alpha Beta\n"),
             Catch::Contains("unstacked set-up puts 2 units"));
  CHECK_THAT(f.messages(head + "reinforce allied 16/1500 at 0505 : Xray\n"),
             Catch::Contains("entry hex 0505 is neither on the playing area's edge nor a named entry hex"));
  CHECK(f.messages(head + "reinforce french 16/1500 at 0110 : Echo\n").empty());  // a named entry hex
  CHECK(f.messages(head + "reinforce french 16/1500 at 0810 : Echo\n").empty());  // on the area's edge
  CHECK_THAT(f.messages(head + "reinforce allied 16/1800 at 0801 : Xray\n"),
             Catch::Contains("not on the turn track"));
  CHECK_THAT(f.messages(head + "reinforce allied 16/2100 at 0801 : Xray\n"),
             Catch::Contains("outside the scenario's turns"));
  CHECK_THAT(f.messages(head + "setup allied 0505 : all [Q]\n"),
             Catch::Contains("no allied units in command [Q]"));
  CHECK_THAT(f.messages(head + "setup allied 0505 : all [A] less Alpha\n"),
             Catch::Contains("'less Alpha': not a unit of [A]"));
  CHECK_THAT(f.messages(head + "setup french 0505 : Tiny:r\n"),
             Catch::Contains("unit 'Tiny' has no reduced side"));
  CHECK_THAT(f.messages(head + "morale french demoralization 9 disintegration 5\n"),
             Catch::Contains("below the demoralization level"));
  CHECK_THAT(f.messages(head + "corps-morale french [7] 5\n"),
             Catch::Contains("no corps [7] in the french army"));
  CHECK_THAT(f.messages(head + "corps-morale french 2/[1] 5\n"),  // 13.0
             Catch::Contains("corps-morale names a corps, not 2/[1]"));
  CHECK_THAT(f.messages(head + "option X \"x\"\nremove allied Yank\nend\n"),
             Catch::Contains("removes 'Yank', which is not in the scenario"));
  CHECK_THAT(f.messages(head + "setup french 0202 w/0 : Alpha Beta Gamma\n"),
             Catch::Contains("3 units set up in 0202"));
  CHECK_THAT(f.messages(head + "setup french 0101 w/1 unstacked : Alpha Beta Gamma Delta\n"),
             Catch::Contains("4 units cannot fit within 1 hexes of 0101"));
  CHECK_THAT(f.messages(head + "victory french big \"x\" : allied confused\n"),
             Catch::Contains("unknown condition 'allied'"));
  CHECK_THAT(f.messages(head + "victory french big \"x\" : otherwise and\n"),
             Catch::Contains("condition ends with 'and'"));
  CHECK_THAT(f.messages(head + "bogus thing\n"), Catch::Contains("unknown statement 'bogus'"));
  CHECK_THAT(f.messages(head + "option A \"a\"\nmap other\nend\n"),
             Catch::Contains("cannot appear inside an option block"));
  CHECK_THAT(f.messages(head + "option A \"a\"\n"), Catch::Contains("option 'A' has no 'end'"));
  CHECK_THAT(f.messages(head + "option A \"a\"\nreinforce allied 16/2100 at 0801 : Xray\nend\n"),
             Catch::Contains("turn 16/2100 is outside the scenario's turns"));
  CHECK(f.messages(head +
                   "option A \"a\"\nturns 16/1400 16/2100\nreinforce allied 16/2100 at 0801 : Xray\nend\n")
            .empty());
  CHECK_THAT(f.messages(head + "option A \"a\"\nturns 16/1400 16/2200\nend\n"),
             Catch::Contains("not a span of the turn track"));
  CHECK_THAT(f.messages(head + "victory french x \"x\" : vp-net french -x\n"),
             Catch::Contains("expected a whole number, found '-x'"));
  CHECK_THAT(f.messages("map test\n"), Catch::Contains("the first statement must be"));
  CHECK_THAT(f.messages("scenario \"T\" rule 1.0\n"), Catch::Contains("no 'area' statement"));
}

TEST_CASE("18.5C a secret option: secret SIDE until TURN, adding only what cannot show before",
          "[scenario]") {
  Fixture f;
  const std::string head =
      "scenario \"T\" rule 1.0\nmap test\narea columns 01-08 rows 01-10\nturns 16/1400 16/1600\n";
  const auto parsed = parse_scenario(
      head + "option S \"s\"\nreinforce french 16/1500 at 0110 : Echo\nsecret french until 16/1500\nend\n",
      "s.txt");
  REQUIRE(parsed.scenario);
  REQUIRE(parsed.scenario->options.size() == 1u);
  REQUIRE(parsed.scenario->options[0].secret);
  CHECK(parsed.scenario->options[0].secret->side == Side::French);
  CHECK(parsed.scenario->options[0].secret->reveal == TurnName{16, 1500});
  CHECK(f.messages(
             head +
             "option S \"s\"\nreinforce french 16/1500 at 0110 : Echo\nsecret french until 16/1500\nend\n")
            .empty());
  CHECK_THAT(f.messages(head + "secret french until 16/1500\n"),
             Catch::Contains("'secret' belongs inside an option block"));
  CHECK_THAT(f.messages(head + "option S \"s\"\nsecret french 16/1500\nend\n"),
             Catch::Contains("expected: secret SIDE until TURN"));
  // What would show before the reveal is refused: set-up units, removals, levels, early arrivals.
  CHECK_THAT(
      f.messages(head + "option S \"s\"\nsecret french until 16/1500\nsetup french 0505 : Echo\nend\n"),
      Catch::Contains("s.txt:5: secret option S may add only reinforcements"));
  CHECK_THAT(f.messages(head + "option S \"s\"\nsecret french until 16/1500\nremove allied Zulu\nend\n"),
             Catch::Contains("may add only reinforcements"));
  CHECK_THAT(
      f.messages(head + "option S \"s\"\nsecret french until 16/1500\nmorale french demoralization 5\nend\n"),
      Catch::Contains("may add only reinforcements"));
  CHECK_THAT(
      f.messages(
          head +
          "option S \"s\"\nsecret french until 16/1500\nreinforce french 16/1400 at 0110 : Echo\nend\n"),
      Catch::Contains("may not arrive before its reveal turn"));
}

TEST_CASE("turn names and the turn track", "[scenario]") {
  CHECK(parse_turn_name("16/1400") == TurnName{16, 1400});
  CHECK(parse_turn_name("17/2400") == TurnName{17, 2400});
  CHECK_FALSE(parse_turn_name("16/2500"));
  CHECK_FALSE(parse_turn_name("16/1460"));
  CHECK_FALSE(parse_turn_name("16-1400"));
  CHECK(TurnName{16, 2400} < TurnName{17, 300});
  CHECK(TurnName{17, 300}.to_string() == "17/0300");

  const auto track = parse_turn_track("turn 16/2000 day\nturn 16/2100 night\nturn 17/0000 night\n", "t.txt");
  REQUIRE(track.turns);
  CHECK(track.turns->size() == 3u);
  CHECK(track.turns->at(1).night);
  const auto bad = parse_turn_track("turn 16/2100 night\nturn 16/2000 day\n", "t.txt");
  CHECK_FALSE(bad.turns);
  REQUIRE_FALSE(bad.errors.empty());
  CHECK(bad.errors[0].to_string() == "t.txt:2: turn 16/2000 is not after 16/2100");
}

TEST_CASE("14.1: a scenario playing 14.0 needs a supply source for each army in its playing area",
          "[scenario][14.1]") {
  Fixture f;
  const std::string head = "scenario \"T\" rule 1.0\nmap test\nturns 16/1400 16/1600\n";
  const std::string forces = "setup french 0505 : Alpha\nsetup allied 0707 : Zulu\n";
  const std::string whole = head + "area columns 01-08 rows 01-10\n" + forces;
  // No supply lines on the map: both armies named.
  const std::string none = f.messages(whole + "rules 1.0-14.0\n");
  CHECK_THAT(none, Catch::Contains("14.1: the scenario plays 14.0 but the french army has no supply source"));
  CHECK_THAT(none, Catch::Contains("the allied army has no supply source"));
  CHECK(f.messages(whole + "rules 1.0-9.0\n").find("14.1") == std::string::npos);  // 14.0 not played
  // French supply on the south edge, Allied on the west edge (14.1).
  auto parsed =
      parse_map(std::string(kMap) + "supply french : south-edge\nsupply allied : west-edge\n", "test.map");
  REQUIRE(parsed.map);
  f.map = std::move(*parsed.map);
  CHECK(f.messages(whole + "rules 1.0-14.0\n").find("14.1") == std::string::npos);
  // A playing area that leaves out the south edge leaves the French without a source.
  const std::string north =
      f.messages(head + "area columns 01-08 rows 01-08\n" + forces + "rules 1.0-14.0\n");
  CHECK_THAT(north, Catch::Contains("the french army has no supply source"));
  CHECK(north.find("the allied army") == std::string::npos);
}

TEST_CASE("28.0C-D an entry on several turns is a choice made in advance: choice NAME [by TURN]",
          "[scenario][28.0C][28.0D]") {
  const auto parsed = parse_scenario(
      "scenario \"T\" rule 1.0\nmap test\narea columns 01-08 rows 01-10\nturns 16/1400 16/2100\n"
      "special 28.0D \"choices\"\n"
      "reinforce french 16/1400 at 0110 or 16/1600 at 0810 or 0801 choice f-1 by 16/1400 : Echo\n",
      "s.txt");
  REQUIRE(parsed.scenario);
  const Reinforcement& r = parsed.scenario->forces.reinforcements.at(0);
  CHECK(r.turn == TurnName{16, 1400});
  CHECK(r.hexes == std::vector<Hex>{h("0110")});
  REQUIRE(r.later_times.size() == 1);
  CHECK(r.later_times[0].turn == TurnName{16, 1600});
  CHECK(r.later_times[0].hexes == std::vector<Hex>{h("0810"), h("0801")});
  CHECK(r.choice == "f-1");
  CHECK(r.choose_by == TurnName{16, 1400});
  CHECK(entry_times(r).size() == 2);

  Fixture f;
  const std::string head = "scenario \"T\" rule 1.0\nmap test\narea columns 01-08 rows 01-10\n"
                           "turns 16/1400 16/2100\nfirst french\n";
  const std::string plays = "special 28.0D \"choices\"\n";
  CHECK(f.messages(head + plays + "reinforce french 16/1400 at 0110 or 16/1600 at 0810 choice f-1 : Echo\n")
            .empty());
  CHECK_THAT(f.messages(head + plays + "reinforce french 16/1400 at 0110 or 16/1600 at 0810 : Echo\n"),
             Catch::Contains("an entry on other turns is chosen in advance"));
  CHECK_THAT(f.messages(head + "reinforce french 16/1400 at 0110 or 16/1600 at 0810 choice f-1 : Echo\n"),
             Catch::Contains("the scenario's rules do not include 28.0D"));
  CHECK_THAT(f.messages(head + plays + "reinforce french 16/1400 at 0110 choice f-1 : Echo\n"),
             Catch::Contains("offers nothing to choose"));
  CHECK_THAT(f.messages(head + plays + "reinforce french 16/1400 at 0110 or 0810 choice f-1 by 16/1500 : Echo\n"),
             Catch::Contains("is due after its first entry turn 16/1400"));
  CHECK_THAT(f.messages(head + plays + "reinforce allied 16/1500 at 0801 or 0108 choice a-1 : Xray\n"),
             Catch::Contains("its side does not move first"));
  CHECK_THAT(f.messages(head + plays + "reinforce french 16/1400 at 0110 or 0810 choice f-1 : Echo\n" +
                        "reinforce french 16/1500 at 0110 or 0810 choice f-1 : Tiny\n"),
             Catch::Contains("differs from its line 7"));
  CHECK_THAT(f.messages(head + "reinforce french 16/1400 at 0110 or 0810 secret : Echo\n"),
             Catch::Contains("'choice NAME [by TURN]'"));
}
