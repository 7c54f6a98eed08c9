// 10.0 Leaders: 10.1 movement and 10.2 combat, one case per rule, on small hand-built games with
// forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Wellington\tWellington\tallied\tcommander\t\t4\t\n";

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 12, 4}, {"french", "B", "infantry", 4, 4},
                                   {"french", "C", "infantry", 4, 4},  {"allied", "X", "infantry", 2, 4},
                                   {"allied", "Y", "infantry", 4, 4},  {"allied", "Cav", "cavalry", 4, 6}};

// A game with 10.0 in force (`rules 1.0-10.0`, as the campaign scenarios' lines read).
GameState leader_game(const std::string& setup, const std::string& map = "") {
  return make_game_with_leaders(map, kUnits, kLeaders, "rules 1.0-10.0\n" + setup);
}

// Dice in the order given; a die beyond them fails the test.
DieRoller dice(std::vector<int> values) {
  auto next = std::make_shared<std::size_t>(0);
  return [values, next] {
    if (*next >= values.size()) {
      FAIL("more dice rolled than forced");
      return 1;
    }
    return values[(*next)++];
  };
}

template <typename E>
const E* first_event(const std::vector<Event>& events) {
  for (const Event& event : events)
    if (const auto* e = std::get_if<E>(&event)) return e;
  return nullptr;
}

// Ends phases until the Coalition movement phase of the first turn.
void to_coalition_movement(GameState& state) {
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

}  // namespace

TEST_CASE("10.0 leaders are pieces only when 10.0 is in force", "[rules][10.0]") {
  const std::string setup = "setup french 0505 : A Ney Reille\n";
  const auto without = make_game_with_leaders("", kUnits, kLeaders, setup);
  CHECK(without.units.size() == 1);  // the set-up line's leaders are not placed: 10.0 is not played
  const auto with = leader_game(setup);
  REQUIRE(with.units.size() == 3);
  const UnitState& ney = with.units[unit(with, "Ney")];
  CHECK(ney.is_leader());
  CHECK(ney.on_map());
  CHECK(ney.hex == hx("0505"));
  CHECK(ney.strength() == 0);              // 10.0: no combat strength
  CHECK(ney.movement == kLeaderMovement);  // 10.1C (derived: docs/rules-notes.md)
  CHECK(is_commander(*with.rules, ney));   // 11.1A: a commander
  const UnitState& reille = with.units[unit(with, "Reille")];
  CHECK_FALSE(is_commander(*with.rules, reille));  // 11.1B: an officer, with his designation
  CHECK(reille.command == "[1]");
  CHECK(with.units_at(hx("0505")) == std::vector<UnitIndex>{unit(with, "A")});  // not combat units
  CHECK(with.leaders_at(hx("0505")).size() == 2);
}

TEST_CASE("10.1A a leader set up w/N goes with his line's units and is placed only with one",
          "[rules][10.1A]") {
  auto state = leader_game("setup french 0505 w/2 : B C Ney\nsetup allied 1111 : X\n");
  REQUIRE(state.phase == Phase::Setup);
  const UnitIndex ney = unit(state, "Ney");
  CHECK(state.units[ney].hex == state.units[unit(state, "B")].hex);
  apply(state, Side::French, PlaceAction{unit(state, "C"), hx("0507")}, no_dice());
  // Only the hexes of the radius holding a friendly combat unit.
  std::vector<Hex> expected{state.units[unit(state, "B")].hex, hx("0507")};
  std::sort(expected.begin(), expected.end());
  CHECK(placement_hexes(state, ney) == expected);
  CHECK(refused_by(state, Side::French, PlaceAction{ney, hx("0506")}) == "10.1A");
  CHECK(validate(state, Side::French, PlaceAction{ney, hx("0506")})->code == RefusalCode::LeaderPlacedAlone);
  CHECK(refused_by(state, Side::French, PlaceAction{ney, hx("0507")}) == "");
}

TEST_CASE("10.1B leaders stack freely: two units and two leaders end the phase in one hex",
          "[rules][10.1B]") {
  auto state = leader_game(
      "setup french 0505 : B C Ney\nsetup french 0504 : Reille\nsetup french 0503 : A\n"
      "setup allied 1111 : X\n");
  // Into a hex already at the limit of two units.
  CHECK(refused_by(state, Side::French, move(state, "Reille", {"0505"})) == "");
  apply(state, Side::French, move(state, "Reille", {"0505"}), no_dice());
  CHECK(state.leaders_at(hx("0505")).size() == 2);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");
  // A third combat unit still over-stacks (5.4): units are counted, leaders are not.
  apply(state, Side::French, move(state, "A", {"0504", "0505"}), no_dice());
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "5.4");
}

TEST_CASE("10.1C leaders pay cavalry costs with an allowance of 6", "[rules][10.1C]") {
  auto state = leader_game("setup french 0505 : Ney\nsetup french 0705 : B\nsetup allied 1111 : X\n",
                           "forest \"W\" : 0506\n");
  int spent = 0;
  CHECK_FALSE(check_move(state, move(state, "Ney", {"0506"}).move, &spent));
  CHECK(spent == 8);  // forest: 4 MP mounted (2 MP on foot)
  CHECK_FALSE(check_move(state, move(state, "B", {"0706"}).move, &spent));
  CHECK(spent == 2);
  CHECK(refused_by(state, Side::French, move(state, "Ney", {"0504", "0503", "0502", "0501"})) == "");
  auto far = leader_game("setup french 0501 : Ney\nsetup allied 1111 : X\n");
  CHECK(refused_by(far, Side::French, move(far, "Ney", {"0502", "0503", "0504", "0505", "0506", "0507"})) ==
        "");
  CHECK(refused_by(far, Side::French,
                   move(far, "Ney", {"0502", "0503", "0504", "0505", "0506", "0507", "0508"})) == "5.1");
}

TEST_CASE("10.1D a leader enters an EZOC only where a friendly combat unit is, and leaves it freely",
          "[rules][10.1D]") {
  // X at 0510 holds 0509 (B's hex) and its other neighbours in its ZOC.
  auto state = leader_game("setup french 0505 : Ney\nsetup french 0509 : B\nsetup allied 0510 : X\n");
  REQUIRE(in_enemy_zoc(state, hx("0509"), Side::French));
  // In and out again: a combat unit would have to stop in 0509 (5.0).
  CHECK(refused_by(state, Side::French, move(state, "Ney", {"0506", "0507", "0508", "0509", "0508"})) == "");
  // A neighbour of X with no friendly unit: refused, by 10.1D.
  Hex lone{};
  Hex before{};
  for (Hex z : neighbours(hx("0510"))) {
    if (z == hx("0509")) continue;
    for (Hex m : neighbours(z))
      if (distance(m, hx("0510")) == 2 && distance(m, hx("0505")) <= 4) {
        lone = z;
        before = m;
      }
  }
  REQUIRE(lone != Hex{});
  state.units[unit(state, "Ney")].hex = before;  // hand-placed beside the lone EZOC hex
  MoveAction into = move(state, "Ney", {});
  into.move.path = {lone};
  const auto refusal = validate(state, Side::French, into);
  REQUIRE(refusal);
  CHECK(refusal->rule == "10.1D");
  CHECK(refusal->code == RefusalCode::LeaderEntersZoc);
  // Reachable hexes agree: 0509 is reachable, the lone EZOC hex is not.
  const auto reach = reachable_hexes(state, unit(state, "Ney"));
  const auto reached = [&](Hex hex) {
    return std::any_of(reach.begin(), reach.end(), [&](const ReachableHex& r) { return r.hex == hex; });
  };
  CHECK(reached(hx("0509")));
  CHECK_FALSE(reached(lone));
}

TEST_CASE("10.1E leaders have no ZOC and do not block; one caught alone goes to the nearest friendly unit",
          "[rules][10.1E]") {
  // Ney alone at 0505; B at 0502 and C at 0805 are both 3 hexes away: the lower hex number wins.
  auto state = leader_game(
      "setup french 0505 : Ney\nsetup french 0502 : B\nsetup french 0805 : C\n"
      "setup allied 0511 : Cav\n");
  REQUIRE(distance(hx("0505"), hx("0502")) == distance(hx("0505"), hx("0805")));
  CHECK_FALSE(in_enemy_zoc(state, hx("0506"), Side::Coalition));  // 10.1E: no ZOC
  to_coalition_movement(state);
  // The cavalry rides next to him and into his hex: he neither stops nor blocks it.
  const auto ride = move(state, "Cav", {"0510", "0509", "0508", "0507", "0506", "0505"});
  CHECK(refused_by(state, Side::Coalition, ride) == "");
  const auto events = apply(state, Side::Coalition, ride, no_dice());
  const UnitIndex ney = unit(state, "Ney");
  CHECK(state.units[ney].hex == hx("0502"));  // placed, no MP, no die
  const auto* placed = first_event<UnitPlacedEvent>(events);
  REQUIRE(placed);
  CHECK(placed->unit == ney);
  CHECK(placed->from == hx("0505"));
  CHECK(placed->to == hx("0502"));
  CHECK(format_event(state, *placed) ==
        "Ney placed with the nearest friendly unit in 0502 from 0505 (10.1E)");
}

TEST_CASE("10.1E an enemy passing by catches a lone leader at that instant, though it moves on",
          "[rules][10.1E]") {
  // Ney alone at 0505; the cavalry rides from 0608 past him through 0605, next to him, and ends its
  // move at 0707, three hexes off. He is caught as it passes and placed with B (0502), nearest then.
  auto state = leader_game("setup french 0505 : Ney\nsetup french 0502 : B\nsetup allied 0608 : Cav\n");
  to_coalition_movement(state);
  REQUIRE(distance(hx("0605"), hx("0505")) == 1);
  REQUIRE(distance(hx("0707"), hx("0505")) == 3);
  REQUIRE(distance(hx("0607"), hx("0505")) > 1);
  // Riding only as far as 0607 he is not caught.
  auto stopped = state;
  apply(stopped, Side::Coalition, move(stopped, "Cav", {"0607"}), no_dice());
  CHECK(stopped.units[unit(stopped, "Ney")].hex == hx("0505"));
  const auto by = move(state, "Cav", {"0607", "0606", "0605", "0705", "0706", "0707"});
  REQUIRE(refused_by(state, Side::Coalition, by) == "");
  const auto events = apply(state, Side::Coalition, by, no_dice());
  const UnitIndex ney = unit(state, "Ney");
  CHECK(state.units[ney].hex == hx("0502"));
  // The move first, then his placement.
  REQUIRE(events.size() >= 2);
  CHECK(std::holds_alternative<UnitMovedEvent>(events[0]));
  const auto* placed = first_event<UnitPlacedEvent>(events);
  REQUIRE(placed);
  CHECK(placed->unit == ney);
  CHECK(placed->from == hx("0505"));
}

TEST_CASE("10.1E a leader alone out of enemy ZOC stays where he is", "[rules][10.1E]") {
  auto state = leader_game("setup french 0505 : Ney\nsetup french 0502 : B\nsetup allied 0511 : Cav\n");
  to_coalition_movement(state);
  const auto events = apply(state, Side::Coalition, move(state, "Cav", {"0510", "0509", "0508"}), no_dice());
  CHECK(state.units[unit(state, "Ney")].hex == hx("0505"));  // 0508 is 3 hexes off: not caught
  CHECK(first_event<UnitPlacedEvent>(events) == nullptr);
}

TEST_CASE("10.2 leaders neither attack nor defend and add no strength", "[rules][10.2]") {
  auto state = leader_game("setup french 0505 : A Ney\nsetup allied 0506 : X Wellington\n");
  to_french_combat(state);
  AttackAction by_leader = attack(state, {"A", "Ney"}, {"X"});
  CHECK(refused_by(state, Side::French, by_leader) == "10.2");
  CHECK(validate(state, Side::French, by_leader)->code == RefusalCode::LeaderCannotFight);
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"X", "Wellington"})) == "10.2");
  const AttackAction fair = attack(state, {"A"}, {"X"});
  CHECK(refused_by(state, Side::French, fair) == "");
  CHECK(compute_odds(state, fair).computed.to_string() == "6-1");  // 12 against X's 2, nothing for him
  const auto options = combat_options(state);
  REQUIRE(options.size() == 1);
  CHECK(options.front().defenders == std::vector<UnitIndex>{unit(state, "X")});
  CHECK(options.front().attackers == std::vector<UnitIndex>{unit(state, "A")});
}

TEST_CASE("10.2 a lone leader is never a combat option", "[rules][10.2]") {
  auto state = leader_game("setup french 0505 : A\nsetup allied 0506 : Wellington\nsetup allied 0909 : Y\n");
  // He was caught alone in A's ZOC at the start: already with Y (10.1E), so nothing to attack.
  CHECK(state.units[unit(state, "Wellington")].hex == hx("0506"));  // the opening is not an action
  to_french_combat(state);
  CHECK(state.units[unit(state, "Wellington")].hex == hx("0909"));  // placed after the first action
  CHECK(combat_options(state).empty());
}

TEST_CASE("10.2 his units eliminated: a die of 1 or 2 kills the leader", "[rules][10.2]") {
  auto state =
      leader_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\nsetup allied 0509 : Y\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), dice({1, 2}));  // 6-1, 1: De
  const UnitIndex wellington = unit(state, "Wellington");
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  CHECK(state.units[wellington].status == UnitStatus::Eliminated);
  CHECK(leader_eliminated(state, Army::Allied, "Wellington"));
  const auto* rolled = first_event<DieRolledEvent>(events);
  REQUIRE(rolled);
  CHECK(rolled->rule == "10.2");
  CHECK(rolled->die == 2);
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::Allied)] == 2);  // X only: no strength
}

TEST_CASE("10.2 his units eliminated: a die of 3 to 6 sends him to the nearest friendly unit",
          "[rules][10.2]") {
  auto state = leader_game(
      "setup french 0505 : A\nsetup allied 0506 : X Wellington\nsetup allied 0509 : Y\nsetup allied 0112 : "
      "Cav\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), dice({1, 3}));
  const UnitIndex wellington = unit(state, "Wellington");
  CHECK(state.units[wellington].on_map());
  CHECK(state.units[wellington].hex == hx("0509"));
  CHECK_FALSE(leader_eliminated(state, Army::Allied, "Wellington"));
  const auto* placed = first_event<UnitPlacedEvent>(events);
  REQUIRE(placed);
  CHECK(placed->to == hx("0509"));
}

TEST_CASE("10.2 his units forced to retreat: the die is rolled as the last one leaves", "[rules][10.2]") {
  auto state =
      leader_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\nsetup allied 1111 : Y\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), dice({4}));  // 6-1, 4: Dr; no leader die yet
  REQUIRE(state.pending_retreats.size() == 1);
  const UnitIndex x = unit(state, "X");
  const auto open = retreat_hexes(state, x);
  REQUIRE_FALSE(open.empty());
  apply(state, Side::Coalition, RetreatAction{x, open.front(), std::nullopt, false}, dice({5}));
  const UnitIndex wellington = unit(state, "Wellington");
  CHECK(state.units[wellington].on_map());
  CHECK(state.units[wellington].hex == open.front());  // X's new hex is the nearest friendly unit
}

TEST_CASE("10.2 his units retreat and the die shows 1: eliminated, never to return", "[rules][10.2]") {
  auto state =
      leader_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\nsetup allied 1111 : Y\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), dice({4}));
  const UnitIndex x = unit(state, "X");
  const auto events =
      apply(state, Side::Coalition, RetreatAction{x, retreat_hexes(state, x).front(), std::nullopt, false},
            dice({1}));
  CHECK(state.units[unit(state, "Wellington")].status == UnitStatus::Eliminated);
  CHECK(count_events<UnitEliminatedEvent>(events) == 1);
  // An eliminated leader never moves again.
  if (state.pending_advance) apply(state, Side::French, AdvanceAction{}, no_dice());  // 6.7A: declined
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  CHECK(refused_by(state, Side::Coalition, move(state, "Wellington", {"0101"})) == "5.5A");
}

TEST_CASE("10.1 leader moves are offered, notated and visible like units", "[rules][10.1]") {
  auto state = leader_game("setup french 0505 : B Ney\nsetup allied 1111 : X\n");
  const UnitIndex ney = unit(state, "Ney");
  bool offered = false;
  for (const Action& action : legal_actions(state, Side::French))
    if (const auto* m = std::get_if<MoveAction>(&action)) offered = offered || m->move.unit == ney;
  CHECK(offered);
  const Action action = move(state, "Ney", {"0506", "0507"});
  const std::string line = format_action(state, Side::French, action);
  CHECK(line == "french move Ney 0506 0507");
  const auto parsed = parse_action_line(state, line);
  REQUIRE(std::holds_alternative<NotatedAction>(parsed));
  CHECK(std::get<MoveAction>(std::get<NotatedAction>(parsed).action).move.unit == ney);
  // The other side sees him where he is, as it sees the unit he is with.
  Viewer allied;
  allied.kind = Viewer::Kind::Seat;
  allied.army = Army::Allied;
  const GameView seen = view(state, allied);
  REQUIRE(seen.units.size() == state.units.size());
  CHECK(seen.units[ney].hex == hx("0505"));
  CHECK(seen.units[ney].type == UnitType::Leader);
}
