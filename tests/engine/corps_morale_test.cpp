// 13.0 Corps Morale: losses by corps (13.0) and by Allied nationality (13.1), demoralization, its
// effects (13.2) and recovery through reorganization (13.3), on small hand-built games with forced
// dice.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

namespace {

// French [1]: A (4), B (3), E (foot, 4 MP), Cav; French [2]: C and D (12 each). Allied British X and
// W (20), Z (3); Netherlands Y (2).
const std::vector<TestUnit> kUnits{
    {"french", "A", "infantry", 4, 4, "1/[1]"},
    {"french", "B", "infantry", 3, 4, "2/[1]"},
    {"french", "E", "infantry", 4, 4, "3/[1]"},
    {"french", "Cav", "cavalry", 2, 6, "[1]"},
    {"french", "C", "infantry", 12, 4, "[2]"},
    {"french", "D", "infantry", 12, 4, "[2]"},
    {"allied", "X", "infantry", 20, 4, "[5]", "british"},
    {"allied", "W", "infantry", 20, 4, "[5]", "british"},
    {"allied", "Z", "infantry", 3, 4, "[6]", "british"},
    {"allied", "Y", "infantry", 2, 4, "[N2]", "netherlands"},
};

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Picton\tPicton\tallied\tofficer\t[5]\t\t\n"
    "Cole\tCole\tallied\tofficer\t[6]\t\t\n";

// The levels: French [1] 7, [2] 30; British 5, Netherlands 2 (13.1).
const std::string kLevels =
    "corps-morale french [1] 7\ncorps-morale french [2] 30\n"
    "nationality-morale allied british 5\nnationality-morale allied netherlands 2\n";

GameState corps_game(const std::string& setup, const std::string& map = "",
                     const std::string& rules = "rules 1.0-10.0 13.0\n") {
  return make_game_with_leaders(map, kUnits, kLeaders, rules + kLevels + setup);
}

int losses(const GameState& state, Army army, const char* corps) {
  const CorpsMorale* record = find_corps_morale(state, army, corps);
  return record ? record->losses : 0;
}

bool demoralized(const GameState& state, Army army, const char* corps) {
  const CorpsMorale* record = find_corps_morale(state, army, corps);
  return record && record->demoralized;
}

// Declines an advance after combat, if one is offered (6.7A).
void decline_advance(GameState& state) {
  if (state.pending_advance && state.pending_retreats.empty())
    apply(state, state.pending_advance->side, AdvanceAction{}, no_dice());
}

// French [1] loses A (4) and B (3), each attacking at 1-5 and rolling 3 (Ae): 7, its level.
GameState first_corps_demoralized(std::vector<Event>& events) {
  auto state = corps_game(
      "setup french 0505 : A\nsetup allied 0506 : X\n"
      "setup french 0908 : B\nsetup allied 0909 : W\nsetup french 0101 : E Reille\n");
  to_french_combat(state);
  events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(3));
  REQUIRE(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  decline_advance(state);
  const auto second = apply(state, Side::French, attack(state, {"B"}, {"W"}), die(3));
  events.insert(events.end(), second.begin(), second.end());
  REQUIRE(state.units[unit(state, "B")].status == UnitStatus::Eliminated);
  decline_advance(state);
  return state;
}

// The Allies lose Y (Netherlands, 2) and Z (British, 3): C and D attack at 6-1 and 4-1, rolling 1 (De).
GameState allied_losses(std::vector<Event>& events) {
  auto state = corps_game(
      "setup french 0505 : C\nsetup allied 0506 : Y\n"
      "setup french 0908 : D\nsetup allied 0909 : Z\n");
  to_french_combat(state);
  events = apply(state, Side::French, attack(state, {"C"}, {"Y"}), die(1));
  decline_advance(state);
  const auto second = apply(state, Side::French, attack(state, {"D"}, {"Z"}), die(1));
  events.insert(events.end(), second.begin(), second.end());
  REQUIRE(state.units[unit(state, "Y")].status == UnitStatus::Eliminated);
  REQUIRE(state.units[unit(state, "Z")].status == UnitStatus::Eliminated);
  decline_advance(state);
  return state;
}

// Ends phases until `side`'s `phase` of the next turn.
void to_next(GameState& state, Side side, Phase phase) {
  const int turn = state.turn;
  while (!(state.turn > turn && state.phasing == side && state.phase == phase))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

// A hand-built corps morale record: the corps demoralized (13.0), as after its losses reached its level.
void set_demoralized(GameState& state, Army army, const char* corps, int losses) {
  corps_morale_state(state).corps.push_back(CorpsMorale{army, corps, losses, true});
}

// What reorganization (12.0, reorganization_rules_test) does before it calls 13.3: the eliminated unit
// returns to the map at its reduced strength; the army's 9.0 count follows the units eliminated (the engine's
// invariant).
void return_reorganized(GameState& state, const char* id, const char* hex) {
  UnitState& returned = state.units[unit(state, id)];
  REQUIRE(returned.status == UnitStatus::Eliminated);
  state.eliminated_strength[static_cast<std::size_t>(returned.army)] -= returned.strength();
  returned.status = UnitStatus::OnMap;
  returned.reduced = returned.reduced_strength > 0;
  returned.hex = hx(hex);
}

// A unit of the order of battle that is not in the game: for asking which corps it belongs to.
UnitState unit_of(Army army, const char* id, const char* command) {
  UnitState piece;
  piece.army = army;
  piece.id = id;
  piece.command = command;
  return piece;
}

bool accepted(const GameState& state, const MoveAction& move) {
  const auto refusal = validate(state, Side::French, move);
  INFO((refusal ? refusal->rule : std::string("accepted")));
  return !refusal;
}

}  // namespace

TEST_CASE("13.0 the module is in force only where the scenario names 13.0", "[rules][13.0]") {
  CHECK(rule_in_force(*corps_game("").rules, "13.0"));
  CHECK_FALSE(rule_in_force(*corps_game("", "", "rules 1.0-10.0\n").rules, "13.0"));
}

TEST_CASE("13.0 the corps of a unit is its command designation's corps; 13.1 the Allies' their nationality",
          "[rules][13.0][13.1]") {
  const auto state =
      corps_game("setup french 0505 : A Cav Reille Ney\nsetup allied 0909 : X Z Picton Cole\n");
  const Ruleset& rules = *state.rules;
  CHECK(corps_of(rules, state.units[unit(state, "A")]) == "[1]");       // "1/[1]": a division of [1]
  CHECK(corps_of(rules, state.units[unit(state, "Cav")]) == "[1]");     // "[1]": the corps' own unit
  CHECK(corps_of(rules, state.units[unit(state, "Reille")]) == "[1]");  // the officer of [1]
  CHECK_FALSE(corps_of(rules, state.units[unit(state, "Ney")]));        // a commander: no corps
  CHECK(corps_of(rules, state.units[unit(state, "X")]) == "british");   // 13.1
  // An Allied officer: the nationality every unit of his command shares ([5]: X and W, British).
  CHECK(corps_of(rules, state.units[unit(state, "Picton")]) == "british");
  CHECK(corps_of(rules, state.units[unit(state, "Cole")]) == "british");
  CHECK(corps_morale_level(rules, Army::French, "[1]") == 7);
  CHECK(corps_morale_level(rules, Army::Allied, "netherlands") == 2);
  CHECK_FALSE(corps_morale_level(rules, Army::French, "[3]"));
}

TEST_CASE("13.0 a corps' losses are counted as its units are eliminated, and reported", "[rules][13.0]") {
  auto state = corps_game("setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(3));  // 1-5, 3: Ae
  REQUIRE(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK(losses(state, Army::French, "[1]") == 4);
  CHECK_FALSE(demoralized(state, Army::French, "[1]"));                           // 4 of 7
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 4);  // 9.0 counts on too
  const auto counted = events_of<CorpsLossEvent>(events);
  REQUIRE(counted.size() == 1);
  CHECK(counted[0].army == Army::French);
  CHECK(counted[0].corps == "[1]");
  CHECK(counted[0].strength == 4);
  CHECK(counted[0].losses == 4);
  CHECK(events_of<CorpsMoraleEvent>(events).empty());
  CHECK(format_event(state, counted[0]) == "french corps [1] loses 4 SP, losses now 4 (13.0)");
}

TEST_CASE("13.0 without 13.0 in force no corps losses are kept", "[rules][13.0]") {
  auto state = corps_game("setup french 0505 : A\nsetup allied 0506 : X\n", "", "rules 1.0-10.0\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(3));
  REQUIRE(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK(find_corps_morale_state(state) == nullptr);  // no slot: 13.0 keeps no state in this game
  CHECK(events_of<CorpsLossEvent>(events).empty());
}

TEST_CASE("13.0 a corps is demoralized the instant its losses reach its level; other corps are not",
          "[rules][13.0]") {
  std::vector<Event> events;
  auto state = first_corps_demoralized(events);
  CHECK(losses(state, Army::French, "[1]") == 7);  // reaches 7: demoralized (13.0 "reach or exceed")
  CHECK(demoralized(state, Army::French, "[1]"));
  CHECK_FALSE(demoralized(state, Army::French, "[2]"));
  const auto morale = events_of<CorpsMoraleEvent>(events);
  REQUIRE(morale.size() == 1);
  CHECK(morale[0].corps == "[1]");
  CHECK(morale[0].demoralized);
  CHECK(morale[0].losses == 7);
  CHECK(morale[0].level == 7);
  CHECK(format_event(state, morale[0]) == "french corps [1] demoralized: losses 7 reach its level 7 (13.0)");
  // Every unit of the corps and its officer are of a demoralized corps; the other corps' are not.
  CHECK(corps_demoralized(state, state.units[unit(state, "E")]));
  CHECK_FALSE(corps_demoralized(state, unit_of(Army::French, "C", "[2]")));
  // 13.2: the view marks the counters of the demoralized corps, for every viewer.
  const GameView shown = view(state, Viewer{Viewer::Kind::Seat, Army::Allied, std::nullopt});
  CHECK(shown.units[unit(state, "E")].corps_demoralized);
  CHECK(shown.units[unit(state, "A")].corps_demoralized);
  CHECK_FALSE(shown.units[unit(state, "X")].corps_demoralized);  // British: not demoralized
  // 9.0 is untouched: the French army has no level here and is not demoralized.
  CHECK_FALSE(state.demoralized[static_cast<std::size_t>(Army::French)]);
}

TEST_CASE("13.1 each Allied nationality is demoralized when total Allied losses reach its level",
          "[rules][13.1]") {
  std::vector<Event> events;
  auto state = allied_losses(events);
  CHECK(losses(state, Army::Allied, "netherlands") == 2);
  CHECK(losses(state, Army::Allied, "british") == 3);
  // The British have lost only 3 of their own, but the Allies 5 in all: British level 5 reached.
  CHECK(corps_morale_measure(state, Army::Allied, "british") == 5);
  CHECK(demoralized(state, Army::Allied, "netherlands"));
  CHECK(demoralized(state, Army::Allied, "british"));
  const auto morale = events_of<CorpsMoraleEvent>(events);
  REQUIRE(morale.size() == 2);
  CHECK(morale[0].corps == "netherlands");  // at 2, after the first combat
  CHECK(morale[1].corps == "british");      // at 5, after the second
  CHECK(format_event(state, morale[1]) ==
        "allied nationality british demoralized: losses 5 reach its level 5 (13.1)");
  CHECK(corps_demoralized(state, unit_of(Army::Allied, "X", "[5]")));  // British
}

TEST_CASE("13.1 a nationality is demoralized by the others' losses before it has any of its own",
          "[rules][13.1]") {
  auto state = corps_game("setup french 0505 : D\nsetup allied 0506 : Z\nsetup allied 1111 : Y\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"D"}, {"Z"}), die(1));  // 4-1, 1: De
  REQUIRE(state.units[unit(state, "Z")].status == UnitStatus::Eliminated);
  CHECK(losses(state, Army::Allied, "netherlands") == 0);
  CHECK(demoralized(state, Army::Allied, "netherlands"));    // Allied total 3 >= 2
  CHECK_FALSE(demoralized(state, Army::Allied, "british"));  // 3 < 5
  CHECK(corps_demoralized(state, state.units[unit(state, "Y")]));
  CHECK(events_of<CorpsMoraleEvent>(events).size() == 1);
}

TEST_CASE("13.2 a demoralized corps' units pay 2 MP to enter clear hexes", "[rules][13.2]") {
  auto state = corps_game("setup french 0101 : E\nsetup french 0808 : C\nsetup allied 1212 : X\n");
  const auto three_clear = move(state, "E", {"0201", "0301", "0401"});
  const auto two_clear = move(state, "E", {"0201", "0301"});
  CHECK(accepted(state, three_clear));  // 4 MP: 1 MP a clear hex
  set_demoralized(state, Army::French, "[1]", 7);
  CHECK(refused_by(state, Side::French, three_clear) == "5.1");  // 6 MP of 4
  CHECK(accepted(state, two_clear));                             // 4 MP of 4
  int spent = 0;
  REQUIRE_FALSE(check_move(state, two_clear.move, &spent));
  CHECK(spent == 8);  // half MP
  // Another corps moves as before.
  CHECK(accepted(state, move(state, "C", {"0908", "1008", "1108"})));
}

TEST_CASE("13.2 other movement costs stay the same: roads, trails, forest", "[rules][13.2]") {
  auto state = corps_game("setup french 0101 : E\nsetup french 0303 : A\nsetup allied 1212 : X\n",
                          "road \"R\" : 0101 0102 0103 0104 0105 0106 0107 0108 0109\n"
                          "forest \"F\" : 0403 0503\n"
                          "trail \"T\" : 0303 0304 0305 0306 0307\n");
  set_demoralized(state, Army::French, "[1]", 7);
  CHECK(accepted(state, move(state, "E", {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109"})));
  CHECK(accepted(state, move(state, "A", {"0403", "0503"})));                  // forest: 2 MP each, as before
  CHECK(accepted(state, move(state, "A", {"0304", "0305", "0306", "0307"})));  // the trail's 1 MP each
}

TEST_CASE("13.2 reachable hexes follow the same costs", "[rules][13.2]") {
  auto state = corps_game("setup french 0505 : E\nsetup allied 1212 : X\n");
  const auto farthest = [&] {
    int most = 0;
    for (const ReachableHex& r : reachable_hexes(state, unit(state, "E")))
      most = std::max(most, distance(hx("0505"), r.hex));
    return most;
  };
  CHECK(farthest() == 4);
  set_demoralized(state, Army::French, "[1]", 7);
  CHECK(farthest() == 2);
}

TEST_CASE("13.2 (10.1C) the officer of a demoralized corps pays 2 MP for clear hexes; a commander does not",
          "[rules][13.2]") {
  auto state = corps_game("setup french 0101 : E Reille Ney\nsetup allied 1212 : X\n");
  // 10.1C: 6 MP as cavalry: six clear hexes; demoralized, three.
  const std::vector<const char*> six{"0201", "0301", "0401", "0501", "0601", "0701"};
  CHECK(accepted(state, move(state, "Reille", six)));
  set_demoralized(state, Army::French, "[1]", 7);
  CHECK(refused_by(state, Side::French, move(state, "Reille", six)) == "5.1");
  CHECK(accepted(state, move(state, "Reille", {"0201", "0301", "0401"})));
  CHECK(accepted(state, move(state, "Ney", six)));
}

TEST_CASE("13.2 no unit of a demoralized corps advances after combat", "[rules][13.2]") {
  // D ([2], 12) with A ([1], 4): both attack Y (2) at 8-1 (6-1) and roll 1: De. Only D may advance.
  auto state = corps_game("setup french 0505 : A\nsetup french 0507 : D\nsetup allied 0506 : Y\n");
  to_french_combat(state);
  set_demoralized(state, Army::French, "[1]", 7);
  apply(state, Side::French, attack(state, {"A", "D"}, {"Y"}), die(1));
  REQUIRE(state.units[unit(state, "Y")].status == UnitStatus::Eliminated);
  REQUIRE(state.pending_advance);
  CHECK(state.pending_advance->candidates == std::vector<UnitIndex>{unit(state, "D")});
  const auto refusal = validate(state, Side::French, AdvanceAction{unit(state, "A"), hx("0506")});
  REQUIRE(refusal);
  CHECK(refusal->code == RefusalCode::DemoralizedMayNotAdvance);
  CHECK(refusal->rule == "13.2");
  CHECK_FALSE(validate(state, Side::French, AdvanceAction{unit(state, "D"), hx("0506")}));
}

TEST_CASE("13.2 a demoralized corps alone in an attack is offered no advance", "[rules][13.2]") {
  auto state = corps_game("setup french 0505 : A\nsetup allied 0506 : Z\n");
  to_french_combat(state);
  set_demoralized(state, Army::French, "[1]", 7);
  apply(state, Side::French, attack(state, {"A"}, {"Z"}), die(1));  // 4-3: 1-1, 1: Dr
  // Z retreats; A could advance, but its corps is demoralized.
  while (!state.pending_retreats.empty()) {
    const UnitIndex z = state.pending_retreats.front().unit;
    apply(state, Side::Coalition, RetreatAction{z, retreat_hexes(state, z).front(), std::nullopt, false},
          no_dice());
  }
  CHECK_FALSE(state.pending_advance);
}

TEST_CASE("13.3 reorganization takes the unit's full strength off its corps and restores good morale",
          "[rules][13.3]") {
  std::vector<Event> events;
  auto state = first_corps_demoralized(events);
  to_next(state, Side::French, Phase::Movement);
  // 12.0 returns A at its reduced strength (2) to its officer's hex, then calls 13.3.
  return_reorganized(state, "A", "0505");
  std::vector<Event> recovered;
  REQUIRE(recover_corps_losses(state, unit(state, "A"), recovered));
  CHECK(losses(state, Army::French, "[1]") == 3);  // 7 less A's full 4
  CHECK_FALSE(demoralized(state, Army::French, "[1]"));
  CHECK(reorganized(state, unit(state, "A")));
  const auto taken = events_of<CorpsLossEvent>(recovered);
  REQUIRE(taken.size() == 1);
  CHECK(taken[0].strength == -4);
  const auto morale = events_of<CorpsMoraleEvent>(recovered);
  REQUIRE(morale.size() == 1);
  CHECK_FALSE(morale[0].demoralized);
  CHECK(format_event(state, morale[0]) ==
        "french corps [1] recovers good morale: losses 3 below its level 7 (13.3)");
  // Eliminated again (2-20, 1-5, 3: Ae), A counts its full strength, 4, not its reduced 2.
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(3));
  REQUIRE(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK(losses(state, Army::French, "[1]") == 7);
  CHECK(demoralized(state, Army::French, "[1]"));
}

TEST_CASE("13.3 good morale returns only below the level", "[rules][13.3]") {
  std::vector<Event> events;
  auto state = first_corps_demoralized(events);
  corps_morale_state(state).corps.front().losses = 12;  // hand-built: [1] has lost 12
  return_reorganized(state, "B", "0102");
  std::vector<Event> recovered;
  REQUIRE(recover_corps_losses(state, unit(state, "B"), recovered));
  CHECK(losses(state, Army::French, "[1]") == 9);  // 12 - 3: still at or above 7
  CHECK(demoralized(state, Army::French, "[1]"));
  CHECK(events_of<CorpsMoraleEvent>(recovered).empty());
}

TEST_CASE("13.3 with 13.1 a nationality recovers when the Allied total falls below its level",
          "[rules][13.1][13.3]") {
  std::vector<Event> events;
  auto state = allied_losses(events);
  return_reorganized(state, "Z", "1111");
  std::vector<Event> recovered;
  REQUIRE(recover_corps_losses(state, unit(state, "Z"), recovered));
  // British losses 0, Allied total 2: the British (5) recover; the Netherlands (2) do not.
  CHECK_FALSE(demoralized(state, Army::Allied, "british"));
  CHECK(demoralized(state, Army::Allied, "netherlands"));
  return_reorganized(state, "Y", "1110");
  REQUIRE(recover_corps_losses(state, unit(state, "Y"), recovered));
  CHECK_FALSE(demoralized(state, Army::Allied, "netherlands"));  // total 0
  CHECK(events_of<CorpsMoraleEvent>(recovered).size() == 2);
}

TEST_CASE("13.3 recovery refuses what it cannot apply and changes nothing", "[rules][13.3]") {
  std::vector<Event> events;
  auto state = first_corps_demoralized(events);
  const GameState before = state;
  std::vector<Event> none;
  CHECK_FALSE(recover_corps_losses(state, 999, none));                    // no such unit
  CHECK_FALSE(recover_corps_losses(state, unit(state, "A"), none));       // not back on the map
  CHECK_FALSE(recover_corps_losses(state, unit(state, "Reille"), none));  // a leader
  CHECK(none.empty());
  CHECK(state == before);
  // 13.0 not in force: nothing to recover.
  auto plain = corps_game("setup french 0505 : A\nsetup allied 0909 : X\n", "", "rules 1.0-10.0\n");
  const GameState plain_before = plain;
  CHECK_FALSE(recover_corps_losses(plain, unit(plain, "A"), none));
  CHECK(plain == plain_before);
}

TEST_CASE("13.0 corps losses are in the state hash and the snapshot", "[rules][13.0]") {
  std::vector<Event> events;
  const auto state = first_corps_demoralized(events);
  auto changed = state;
  corps_morale_state(changed).corps.front().losses += 1;
  CHECK(state_hash(changed) != state_hash(state));
  const auto restored = restore_state(state, snapshot_state(state));
  REQUIRE(restored);
  CHECK(*restored == state);
  REQUIRE(find_corps_morale_state(*restored));
  CHECK(find_corps_morale_state(*restored)->corps.size() == 1);
  CHECK(find_corps_morale_state(*restored)->corps.front().demoralized);
}

TEST_CASE("13.2 a reinforcement of a demoralized corps pays 2 MP for a clear entry hex, not on a road",
          "[rules][13.2]") {
  auto state = corps_game(
      "reinforce french 16/1400 at 0112 : E\nreinforce french 16/1400 at 0101 : B\n"
      "setup allied 0909 : X\n",
      "road \"R\" : 0101 0102\n");
  const UnitState& e = state.units[unit(state, "E")];
  const UnitState& b = state.units[unit(state, "B")];
  CHECK(entry_cost(state, e, hx("0112")) == 2);  // clear: 1 MP
  set_demoralized(state, Army::French, "[1]", 7);
  CHECK(entry_cost(state, e, hx("0112")) == 4);  // 2 MP
  CHECK(entry_cost(state, b, hx("0101")) == 1);  // the road's 1/2 MP (5.6)
}
