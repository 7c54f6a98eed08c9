// The Campaign's special rules on corps morale and exits (22.4B, 22.5A, 22.5B), on small hand-built
// games with forced dice. The real scenario's rules in force: tests/data/rules_in_force_test.cpp.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/state/state_snapshot.hpp>

using namespace hd::test;

namespace {

// ---------------------------------------------------------------- 22.5A and 22.5B

// French [1] A, [2] B, [3] C, [1c] K, the Guard's Fri/Gr and Mich/Ch (Old Guard) and Chrt/Y (Young
// Guard); Prussian [1] P and [2] Q; Allied British X, W, Big and Big2, Netherlands N.
const std::vector<TestUnit> kMoraleUnits{
    {"french", "A", "infantry", 4, 4, "1/[1]"},
    {"french", "B", "infantry", 3, 4, "[2]"},
    {"french", "C", "infantry", 3, 4, "[3]"},
    {"french", "K", "cavalry", 2, 6, "[1c]"},
    {"french", "Fri/Gr", "infantry", 4, 4, "[G]"},
    {"french", "Mich/Ch", "infantry", 4, 4, "[G]"},
    {"french", "Chrt/Y", "infantry", 4, 4, "[G]"},
    {"prussian", "P", "infantry", 3, 4, "[1]"},
    {"prussian", "Q", "infantry", 3, 4, "[2]"},
    {"allied", "X", "infantry", 8, 4, "[5]", "british"},
    {"allied", "W", "infantry", 4, 4, "[5]", "british"},
    {"allied", "N", "infantry", 2, 4, "[N2]", "netherlands"},
    {"allied", "Big", "infantry", 20, 4, "[1]", "british"},
    {"allied", "Big2", "infantry", 20, 4, "[1]", "british"},
};

const std::string kMoraleLeaders =
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Erlon\tD'Erlon\tfrench\tofficer\t[2]\t\t\n"
    "Vandamme\tVandamme\tfrench\tofficer\t[3]\t\t\n"
    "Jacquinot\tJacquinot\tfrench\tofficer\t[1c]\t\t\n"
    "Drouot\tDrouot\tfrench\tofficer\t[G]\t\t\n"
    "Zieten\tZieten\tprussian\tofficer\t[1]\t\t\n"
    "Pirch\tPirch\tprussian\tofficer\t[2]\t\t\n";

const std::string kMoraleLevels =
    "corps-morale french [G] 20\ncorps-morale french [1] 9\ncorps-morale french [2] 6\n"
    "corps-morale french [3] 5\ncorps-morale french [1c] 3\n"
    "corps-morale prussian [1] 4\ncorps-morale prussian [2] 5\n"
    "nationality-morale allied british 40\nnationality-morale allied netherlands 7\n";

// A 12 x 20 map; the turns 16/1400-16/1600 (day) unless given.
GameState morale_game(const std::string& setup, const std::string& levels = kMoraleLevels,
                      const std::string& turns = "turns 16/1400 16/1600\n",
                      const std::string& rules = "rules 1.0-10.0 13.0 22.5A 22.5B\n") {
  return make_game_with_leaders("", kMoraleUnits, kMoraleLeaders, rules + levels + setup, turns, 12, 20);
}

// Ends phases until the Coalition combat phase of the current turn.
void to_coalition_combat(GameState& state) {
  while (state.phasing != Side::Coalition || state.phase != Phase::Combat)
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

// A hand-built corps morale record (kept in army-then-corps order, as 13.0 keeps them).
void set_corps(GameState& state, Army army, const char* corps, int losses, bool demoralized) {
  auto& records = corps_morale_state(state).corps;
  CorpsMorale record{army, corps, losses, demoralized};
  const auto at = std::lower_bound(records.begin(), records.end(), record, [](const auto& a, const auto& b) {
    return std::tie(a.army, a.corps) < std::tie(b.army, b.corps);
  });
  records.insert(at, record);
}

bool demoralized(const GameState& state, Army army, const char* corps) {
  const CorpsMorale* record = find_corps_morale(state, army, corps);
  return record && record->demoralized;
}

// Ends phases until `side`'s movement phase of the next turn; the events of all those actions.
std::vector<Event> to_next_movement(GameState& state, Side side) {
  const int turn = state.turn;
  std::vector<Event> events;
  while (!(state.turn > turn && state.phasing == side && state.phase == Phase::Movement)) {
    const auto more = apply(state, state.phasing, EndPhaseAction{}, no_dice());
    events.insert(events.end(), more.begin(), more.end());
  }
  return events;
}

std::vector<RuleEvent> rule_events(const std::vector<Event>& events, const char* rule) {
  std::vector<RuleEvent> found;
  for (const RuleEvent& e : events_of<RuleEvent>(events))
    if (e.rule == rule) found.push_back(e);
  return found;
}

}  // namespace

TEST_CASE(
    "22.5A a corps whose officer is within 5 hexes of a friendly demoralized leader is checked at its "
    "level less 2",
    "[rules][22.5A]") {
  // Reille's [1] is demoralized; D'Erlon's [2] has lost 4 of its 6.
  SECTION("within five hexes: [2] is checked at 4 and demoralized") {
    auto state = morale_game("setup french 0505 : A Reille\nsetup french 0510 : B Erlon\n");
    set_corps(state, Army::French, "[1]", 9, true);
    set_corps(state, Army::French, "[2]", 4, false);
    CHECK(corps_level_now(state, Army::French, "[2]") == 6);
    const auto events = to_next_movement(state, Side::French);
    CHECK(demoralized(state, Army::French, "[2]"));
    const auto proximity = rule_events(events, "22.5A");
    REQUIRE(proximity.size() == 1);
    CHECK(proximity[0].units == std::vector<UnitIndex>{unit(state, "Erlon"), unit(state, "Reille")});
    CHECK(format_event(state, Event{proximity[0]}).find("within 5 hexes (22.5A)") != std::string::npos);
    const auto morale = events_of<CorpsMoraleEvent>(events);
    REQUIRE(morale.size() == 1);
    CHECK(morale[0].corps == "[2]");
    CHECK(morale[0].level == 4);
    CHECK(morale[0].losses == 4);
    // The lowered level was for the check only.
    CHECK(corps_level_now(state, Army::French, "[2]") == 6);
  }
  SECTION("six hexes away: no check") {
    auto state = morale_game("setup french 0505 : A Reille\nsetup french 0511 : B Erlon\n");
    set_corps(state, Army::French, "[1]", 9, true);
    set_corps(state, Army::French, "[2]", 4, false);
    to_next_movement(state, Side::French);
    CHECK_FALSE(demoralized(state, Army::French, "[2]"));
  }
  SECTION("losses below the lowered level: no change") {
    auto state = morale_game("setup french 0505 : A Reille\nsetup french 0510 : B Erlon\n");
    set_corps(state, Army::French, "[1]", 9, true);
    set_corps(state, Army::French, "[2]", 3, false);
    const auto events = to_next_movement(state, Side::French);
    CHECK_FALSE(demoralized(state, Army::French, "[2]"));
    CHECK(rule_events(events, "22.5A").empty());
  }
}

TEST_CASE("22.5A the check goes on outward from each newly demoralized corps", "[rules][22.5A]") {
  // [1] demoralized at 0505; D'Erlon [2] 5 hexes from Reille; Vandamme [3] 5 hexes from D'Erlon but
  // 10 from Reille. [2] falls, then [3] because of D'Erlon.
  auto state = morale_game(
      "setup french 0505 : A Reille\nsetup french 0510 : B Erlon\nsetup french 0515 : C Vandamme\n");
  set_corps(state, Army::French, "[1]", 9, true);
  set_corps(state, Army::French, "[2]", 4, false);
  set_corps(state, Army::French, "[3]", 3, false);
  const auto events = to_next_movement(state, Side::French);
  CHECK(demoralized(state, Army::French, "[2]"));
  CHECK(demoralized(state, Army::French, "[3]"));
  const auto proximity = rule_events(events, "22.5A");
  REQUIRE(proximity.size() == 2);
  CHECK(proximity[1].units == std::vector<UnitIndex>{unit(state, "Vandamme"), unit(state, "Erlon")});
}

TEST_CASE("22.5A Exception 1: a demoralized French cavalry corps neither affects nor is affected",
          "[rules][22.5A]") {
  SECTION("a demoralized [1c] does not lower [2]") {
    auto state = morale_game("setup french 0505 : K Jacquinot\nsetup french 0506 : B Erlon\n");
    set_corps(state, Army::French, "[1c]", 3, true);
    set_corps(state, Army::French, "[2]", 5, false);
    to_next_movement(state, Side::French);
    CHECK_FALSE(demoralized(state, Army::French, "[2]"));
  }
  SECTION("[1c] beside a demoralized [1] is not checked") {
    auto state = morale_game("setup french 0505 : A Reille\nsetup french 0506 : K Jacquinot\n");
    set_corps(state, Army::French, "[1]", 9, true);
    set_corps(state, Army::French, "[1c]", 2, false);  // at its level less 2 (1), under its own (3)
    to_next_movement(state, Side::French);
    CHECK_FALSE(demoralized(state, Army::French, "[1c]"));
  }
}

TEST_CASE("22.5A only the phasing player's corps, and only leaders of their own army", "[rules][22.5A]") {
  // Prussian [1] demoralized, with Zieten 2 hexes from Pirch ([2]: 4 of 5 lost) and 4 from D'Erlon
  // (French [2]: 4 of 6 lost).
  auto state = morale_game(
      "setup prussian 0505 : P Zieten\nsetup prussian 0507 : Q Pirch\nsetup french 0509 : B Erlon\n");
  to_coalition_combat(state);
  set_corps(state, Army::French, "[2]", 4, false);
  set_corps(state, Army::Prussian, "[1]", 4, true);
  set_corps(state, Army::Prussian, "[2]", 4, false);
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());  // the French player turn of 16/1500
  REQUIRE(state.phasing == Side::French);
  CHECK_FALSE(demoralized(state, Army::Prussian, "[2]"));  // not the Coalition's segment
  CHECK_FALSE(demoralized(state, Army::French, "[2]"));    // Zieten is no friendly leader of the French
  to_next_movement(state, Side::Coalition);
  CHECK(demoralized(state, Army::Prussian, "[2]"));
  CHECK_FALSE(demoralized(state, Army::French, "[2]"));
}

TEST_CASE("22.5A no proximity segment at night (4.2)", "[rules][22.5A]") {
  // 16/1600 (day), then the night turn 16/2100.
  auto state = morale_game("setup french 0505 : A Reille\nsetup french 0510 : B Erlon\n", kMoraleLevels,
                           "turns 16/1600 16/2100\n");
  to_coalition_combat(state);
  set_corps(state, Army::French, "[1]", 9, true);
  set_corps(state, Army::French, "[2]", 4, false);
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());  // the night turn's French movement
  REQUIRE(state.current_turn().night);
  REQUIRE(state.phasing == Side::French);
  CHECK_FALSE(demoralized(state, Army::French, "[2]"));
}

TEST_CASE("22.5B an Old Guard unit's Ar lowers by 7 every French corps within 10 hexes, checked at once",
          "[rules][22.5B]") {
  // Fri/Gr (4) attacks X (8) at 1-2 and rolls 3: Ar. A ([1], 3 lost of 9) is 3 hexes away, C ([3])
  // 11 hexes away.
  auto state = morale_game(
      "setup french 0505 : Fri/Gr\nsetup allied 0506 : X\n"
      "setup french 0805 : A\nsetup french 0516 : C\n");
  set_corps(state, Army::French, "[1]", 3, false);
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"Fri/Gr"}, {"X"}), die(3));
  const auto combat = events_of<CombatResolvedEvent>(events);
  REQUIRE(combat.size() == 1);
  REQUIRE(combat[0].result == CombatResult::AttackerRetreat);
  CHECK(has_modifier(combat[0].odds, "French corps [1], [G] reduced by 7 (22.5B)"));
  CHECK(corps_level_now(state, Army::French, "[G]") == 13);
  CHECK(corps_level_now(state, Army::French, "[1]") == 2);
  CHECK(corps_level_now(state, Army::French, "[3]") == 5);  // 11 hexes away
  CHECK(demoralized(state, Army::French, "[1]"));           // 3 lost against 2, at once
  const auto morale = events_of<CorpsMoraleEvent>(events);
  REQUIRE(morale.size() == 1);
  CHECK(morale[0].level == 2);
  // The slot reads back from a snapshot.
  const auto restored = restore_state(state, snapshot_state(state));
  REQUIRE(restored);
  CHECK(corps_level_now(*restored, Army::French, "[1]") == 2);
}

// Declines the defender's advance after an Ae (6.7A).
void decline_advance(GameState& state) {
  REQUIRE(state.pending_advance);
  apply(state, state.pending_advance->side, AdvanceAction{}, no_dice());
}

TEST_CASE("22.5B each defeat lowers again; Ae counts; a Young Guard unit or a success does not",
          "[rules][22.5B]") {
  // Fri/Gr attacks Big (20), Mich/Ch Big2 (20), each at 1-5, rolling 3: Ae.
  auto state = morale_game(
      "setup allied 0506 : Big\nsetup french 0505 : Fri/Gr\nsetup french 0508 : Mich/Ch\n"
      "setup allied 0509 : Big2\n"
      "setup allied 0303 : X\nsetup french 0304 : Chrt/Y\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"Fri/Gr"}, {"Big"}), die(3));
  REQUIRE(state.units[unit(state, "Fri/Gr")].status == UnitStatus::Eliminated);
  decline_advance(state);
  CHECK(corps_level_now(state, Army::French, "[G]") == 13);
  apply(state, Side::French, attack(state, {"Mich/Ch"}, {"Big2"}), die(3));
  decline_advance(state);
  CHECK(corps_level_now(state, Army::French, "[G]") == 6);
  // Chrt/Y (4) on X (8) at 1-2, rolling 4: Ar, but Chartrand's is of the Young Guard.
  const auto young = apply(state, Side::French, attack(state, {"Chrt/Y"}, {"X"}), die(4));
  REQUIRE(events_of<CombatResolvedEvent>(young)[0].result == CombatResult::AttackerRetreat);
  CHECK(corps_level_now(state, Army::French, "[G]") == 6);
}

TEST_CASE("22.5B a Guard success lowers nothing", "[rules][22.5B]") {
  auto state = morale_game("setup french 0505 : Fri/Gr\nsetup allied 0506 : X\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"Fri/Gr"}, {"X"}), die(1));  // 1-2, 1: Dr
  REQUIRE(events_of<CombatResolvedEvent>(events)[0].result == CombatResult::DefenderRetreat);
  CHECK(corps_level_now(state, Army::French, "[G]") == 20);
}

TEST_CASE("22.5B no reduction when the attack demoralizes the British nationality", "[rules][22.5B]") {
  const auto play = [](int british_level) {
    auto state =
        morale_game("setup french 0505 : Fri/Gr Chrt/Y\nsetup allied 0506 : N\n",
                    "corps-morale french [G] 20\nnationality-morale allied british " +
                        std::to_string(british_level) + "\nnationality-morale allied netherlands 2\n");
    to_french_combat(state);
    // Fri/Gr and Chrt/Y (8) on N (2) at 4-1, rolling 6: Ex. N (Netherlands, 2) is eliminated: the
    // Allied total (2, 13.1) reaches the Netherlands level (2), and the British one if it is 2.
    const auto events = apply(state, Side::French, attack(state, {"Fri/Gr", "Chrt/Y"}, {"N"}), die(6));
    REQUIRE(events_of<CombatResolvedEvent>(events)[0].result == CombatResult::Exchange);
    return state;
  };
  // Only the Netherlands demoralized: the Guard's corps is lowered.
  CHECK(corps_level_now(play(40), Army::French, "[G]") == 13);
  // The British demoralized by the same attack: no reduction.
  CHECK(corps_level_now(play(2), Army::French, "[G]") == 20);
}

TEST_CASE("24.1A the Defeat of the Old Guard is in effect, but not for an Ex against a demoralized defender",
          "[rules][24.1A][22.5B]") {
  const std::string levels =
      "corps-morale french [G] 20\nnationality-morale allied british 40\nnationality-morale allied "
      "netherlands 7\n";
  // Fri/Gr and Chrt/Y (8) on N (2) at 4-1, rolling 6: Ex. N's loss (2) does not reach the Netherlands
  // level (7): whether N was demoralized is the hand-built record's.
  const auto exchange = [&](const char* rules, bool demoralized_before) {
    auto state = morale_game("setup french 0505 : Fri/Gr Chrt/Y\nsetup allied 0506 : N\n", levels,
                             "turns 16/1400 16/1600\n", rules);
    if (demoralized_before) set_corps(state, Army::Allied, "netherlands", 7, true);
    to_french_combat(state);
    const auto events = apply(state, Side::French, attack(state, {"Fri/Gr", "Chrt/Y"}, {"N"}), die(6));
    const auto combat = events_of<CombatResolvedEvent>(events);
    REQUIRE(combat[0].result == CombatResult::Exchange);
    INFO(rules << demoralized_before);
    CHECK(has_modifier(combat[0].odds, "reduced by 7 (24.1A, 22.5B)") ==
          (std::string(rules).find("24.1A") != std::string::npos && !demoralized_before));
    return *corps_level_now(state, Army::French, "[G]");
  };
  const char* grand = "rules 1.0-10.0 13.0 24.1A\n";
  const char* campaign = "rules 1.0-10.0 13.0 22.5B\n";
  CHECK(exchange(grand, false) == 13);
  CHECK(exchange(grand, true) == 20);     // 24.1A's exception
  CHECK(exchange(campaign, true) == 13);  // 22.5B alone has none
  // An Ar against a demoralized defender still counts: Fri/Gr (4) on X (8) at 1-2, rolling 3.
  auto state = morale_game("setup french 0505 : Fri/Gr\nsetup allied 0506 : X\n", levels,
                           "turns 16/1400 16/1600\n", grand);
  set_corps(state, Army::Allied, "british", 40, true);
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"Fri/Gr"}, {"X"}), die(3));
  REQUIRE(events_of<CombatResolvedEvent>(events)[0].result == CombatResult::AttackerRetreat);
  CHECK(corps_level_now(state, Army::French, "[G]") == 13);
}

// ---------------------------------------------------------------- 22.4B

namespace {

// 14 columns by 20 rows; the road 0601-0620 runs from the exit hex 0601 (north edge) to the French
// supply edge (south).
const std::string kExitMap =
    "road \"Chaussee\" : 0601 0602 0603 0604 0605 0606 0607 0608 0609 0610 0611 0612 0613 0614 0615 0616 "
    "0617 0618 0619 0620\n"
    "supply french : south-edge\n"
    "supply allied : west-edge\n";

const std::vector<TestUnit> kExitUnits{
    {"french", "A", "infantry", 4, 4, "1/[1]"},
    {"french", "B", "infantry", 3, 4, "[2]"},
    {"french", "G", "infantry", 16, 4, "[3]"},
    {"allied", "X", "infantry", 4, 4, "[5]", "british"},
};

const std::string kExitLeaders =
    "Ney\tNey\tfrench\tcommander\t\t1\t\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n";

GameState exit_game(const std::string& rules = "rules 1.0-11.0 14.0 22.4B\n") {
  return make_game_with_leaders(
      kExitMap, kExitUnits, kExitLeaders,
      rules +
          "setup french 0605 : A B Ney Reille\nsetup french 0606 : G\nsetup allied 1010 : X\n"
          "vp french exit 0601 2 per-strength-point\n",
      "turns 16/1400 18/1200\n", 14, 20);
}

// Takes the pieces off the map at 0601 as a move there would (5.5A).
void exit_at_0601(GameState& state, std::vector<const char*> ids) {
  for (const char* id : ids) {
    UnitState& piece = state.units[unit(state, id)];
    piece.hex = hx("0601");
    piece.status = UnitStatus::Exited;
    if (!piece.is_leader()) state.exited_strength[static_cast<std::size_t>(Side::French)] += piece.strength();
  }
}

int french_vp(const GameState& state) {
  return victory_points(state)[static_cast<std::size_t>(Side::French)];
}

}  // namespace

TEST_CASE("22.4B exit VP count only at the end of the game", "[rules][22.4B]") {
  auto state = exit_game();
  exit_at_0601(state, {"A", "B", "Ney", "Reille"});
  CHECK(french_vp(state) == 0);  // the conditions are judged at the end
  state.phase = Phase::GameOver;
  CHECK(french_vp(state) == 14);  // Ney commands Reille, who commands A; Ney's unit capacity B
  // Without 22.4B every SP exited scores at once.
  auto plain = exit_game("rules 1.0-11.0 14.0\n");
  exit_at_0601(plain, {"A", "B"});
  CHECK(french_vp(plain) == 14);
}

TEST_CASE("22.4B an exited unit scores only if the leaders exited put it in command", "[rules][22.4B]") {
  SECTION("no commander: Reille is out of command, so is A") {
    auto state = exit_game();
    exit_at_0601(state, {"A", "B", "Reille"});
    state.phase = Phase::GameOver;
    CHECK(french_vp(state) == 0);
  }
  SECTION("Ney alone: capacity 1 puts one unit in command") {
    auto state = exit_game();
    exit_at_0601(state, {"A", "B", "Ney"});
    state.phase = Phase::GameOver;
    CHECK(french_vp(state) == 8);  // A (4), the first unit
  }
  SECTION("a leader still on the map does not count") {
    auto state = exit_game();
    exit_at_0601(state, {"A", "Reille"});
    state.phase = Phase::GameOver;
    CHECK(french_vp(state) == 0);
  }
}

TEST_CASE("22.4B no exit VP without a French line of supply from the exit hex", "[rules][22.4B]") {
  auto state = exit_game();
  exit_at_0601(state, {"A", "B", "Ney", "Reille"});
  state.units[unit(state, "X")].hex = hx("0610");  // on the road, beyond the five free hexes (14.2)
  state.phase = Phase::GameOver;
  CHECK(french_vp(state) == 0);
  state.units[unit(state, "X")].hex = hx("1010");
  CHECK(french_vp(state) == 14);
}

TEST_CASE("22.4A with 22.4B: all SP exited count towards the 20, the doubling doubles what scores",
          "[rules][22.4A][22.4B]") {
  // 23 SP exited; Ney's capacity puts A (4) in command, B (3) and G (16) not.
  auto state = exit_game("rules 1.0-11.0 14.0 22.4A 22.4B\n");
  exit_at_0601(state, {"A", "B", "G", "Ney"});
  CHECK(french_vp(state) == 0);
  state.phase = Phase::GameOver;
  CHECK(french_vp(state) == 16);  // A's 4 SP, 2 VP each, doubled
}

TEST_CASE("22.4C the level of victory by net French VP at the end, the middle thresholds reconstructed",
          "[rules][22.4C]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "rules 1.0-9.0 22.4C\nsetup french 0505 : A\nsetup allied 0909 : X\n"
                         "vp french per-strength-point 1\nvp coalition per-strength-point 1\n"
                         "victory coalition win \"the French fail to win\" : otherwise\n");
  constexpr auto allied = static_cast<std::size_t>(Army::Allied);
  constexpr auto french = static_cast<std::size_t>(Army::French);
  state.eliminated_strength[allied] = 300;
  CHECK_FALSE(rules_victory(state).result);  // only at the end
  state.phase = Phase::GameOver;
  const auto at = [&](int french_vp, int coalition_vp) {
    state.eliminated_strength[allied] = french_vp;
    state.eliminated_strength[french] = coalition_vp;
    const GameResult result = final_result(state);
    return std::string(result.winner == Side::French ? "french " : "coalition ") + result.level;
  };
  CHECK(at(230, 0) == "french decisive");
  CHECK(at(240, 10) == "french decisive");
  CHECK(at(229, 0) == "french tactical");
  CHECK(at(185, 0) == "french tactical");
  CHECK(at(184, 0) == "french marginal");
  CHECK(at(140, 0) == "french marginal");
  CHECK(at(139, 0) == "coalition marginal");
  CHECK(at(95, 0) == "coalition marginal");
  CHECK(at(94, 0) == "coalition tactical");
  CHECK(at(60, 10) == "coalition tactical");
  CHECK(at(49, 0) == "coalition decisive");
  CHECK(at(0, 40) == "coalition decisive");
  // Without 22.4C the scenario's line decides.
  change_rules(state, [](Ruleset& rules) { rules.scenario.rules = {"1.0-9.0"}; });
  CHECK(at(200, 0) == "coalition win");
}
