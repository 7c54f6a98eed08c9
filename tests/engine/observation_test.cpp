// 16.3 Observation (rules/observation/observation.hpp): the maximum distance by day, in rain and at
// night, counted to the observed hex; the line of sight of 7.3, never blocked between adjacent
// hexes; units and leaders observe and are observed, pieces off the map do neither. Hand-built
// games on an open 12 x 20 map; 26.0D's mud turns are in la_belle_alliance_variant_test.cpp.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/believed_refusal.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::engine;
using namespace hd::test;

namespace {

// A French observer (Eye, at 0501) and Allied units placed by `setup` (Near, Far and the leader
// Wlngtn); rules 1.0-10.0 (10.0: leaders in play); turns from `turns`.
GameState field(const std::string& map_body, const std::string& setup,
                const std::string& turns = "turns 16/1400 16/1600\n") {
  return make_game_with_leaders(map_body,
                                {{"french", "Eye", "infantry", 4, 4},
                                 {"allied", "Near", "infantry", 4, 4, "[1]", "british"},
                                 {"allied", "Far", "infantry", 4, 4, "[1]", "british"}},
                                "Wlngtn\tWellington\tallied\tcommander\t\t4\t\n",
                                "rules 1.0-10.0\nsetup french 0501 : Eye\n" + setup, turns, 12, 20);
}

bool seen(const GameState& state, const char* id) {
  return observed_by(state, Side::French)[unit(state, id)];
}

}  // namespace

TEST_CASE("16.3 by day a unit is observed up to ten hexes away, the observed hex counted", "[rules][16.3]") {
  const GameState state = field("", "setup allied 0511 : Near\nsetup allied 0512 : Far\n");
  REQUIRE(distance(hx("0501"), hx("0511")) == 10);
  CHECK(observation_distance(state) == 10);
  CHECK(seen(state, "Near"));
  CHECK_FALSE(seen(state, "Far"));  // eleven hexes
  CHECK_FALSE(seen(state, "Eye"));  // a side never observes its own
  // And the other way: the Coalition observes Eye from Near, not from Far alone.
  CHECK(observed_by(state, Side::Coalition)[unit(state, "Eye")]);
}

TEST_CASE("16.3 on a rain turn (4.3, 16.5) the distance is five hexes", "[rules][16.3][4.3]") {
  const GameState state = field("", "setup allied 0506 : Near\nsetup allied 0507 : Far\nrain 16/1400\n");
  CHECK(observation_distance(state) == 5);
  CHECK(seen(state, "Near"));
  CHECK_FALSE(seen(state, "Far"));
}

TEST_CASE("16.3 on a night turn (4.2) only adjacent hexes are observed", "[rules][16.3][4.2]") {
  const GameState state =
      field("", "setup allied 0502 : Near\nsetup allied 0503 : Far\n", "turns 16/2100 17/0000\n");
  CHECK(observation_distance(state) == 1);
  CHECK(seen(state, "Near"));
  CHECK_FALSE(seen(state, "Far"));
}

TEST_CASE("16.3 forest, town and chateau hexes and crest hexsides block the line of sight (7.3)",
          "[rules][16.3][7.3]") {
  const std::string setup = "setup allied 0504 : Near\n";
  CHECK(seen(field("", setup), "Near"));
  CHECK_FALSE(seen(field("forest \"W\" : 0503\n", setup), "Near"));
  CHECK_FALSE(seen(field("town \"T\" : 0502\n", setup), "Near"));
  CHECK_FALSE(seen(field("crest \"C\" : 0502/0503\n", setup), "Near"));
  // The observed unit's own hex does not hide it (7.3: the end hexes' terrain does not block).
  CHECK(seen(field("forest \"W\" : 0504\n", setup), "Near"));
  // Terrain beside the line does not block.
  CHECK(seen(field("forest \"W\" : 0402 0602\n", setup), "Near"));
}

TEST_CASE("16.3 the line of sight is never blocked between adjacent hexes", "[rules][16.3]") {
  // A crest on the hexside between them blocks 7.3's line (7.3D), not observation.
  const GameState state = field("crest \"C\" : 0501/0502\n", "setup allied 0502 : Near\n");
  CHECK_FALSE(line_of_sight_clear(*state.rules, hx("0501"), hx("0502")));
  CHECK(seen(state, "Near"));
  CHECK(observes(*state.rules, hx("0501"), hx("0502"), 1));
  CHECK(observes(*state.rules, hx("0501"), hx("0501"), 1));  // a hex observes itself
}

TEST_CASE("16.3 leaders observe and are observed; pieces off the map do neither", "[rules][16.3]") {
  // Wellington alone at 0508 is observed; Near waits to enter, so it is not.
  GameState state = field("", "setup allied 0508 : Wlngtn\nreinforce allied 16/1500 at 0512 : Near\n");
  CHECK(seen(state, "Wlngtn"));
  CHECK_FALSE(seen(state, "Near"));
  // Eye gone from the map: the French observe nothing, and a leader alone observes for his side.
  state.units[unit(state, "Eye")].status = UnitStatus::Eliminated;
  CHECK_FALSE(seen(state, "Wlngtn"));
  state.units[unit(state, "Eye")].status = UnitStatus::OnMap;
  CHECK(observed_by(state, Side::Coalition)[unit(state, "Eye")]);  // by Wellington, seven hexes off
}

namespace {

// The same game with 16.3 in force (as if chosen), its knowledge judged as play begins (16.3's
// opening hook, as start_game() runs it).
void with_observation(GameState& state) {
  change_rules(state, [](Ruleset& rules) { rules.optional_rules.push_back("16.3"); });
  REQUIRE(rule_in_force(*state.rules, "16.3"));
  const RuleModule* observation = find_rule_module("16.3");
  REQUIRE(observation);
  REQUIRE(observation->hooks.opening);
  observation->hooks.opening(state);
}

Hex at(const Sighting& s) {
  return Hex{s.column, s.row};
}

}  // namespace

TEST_CASE("16.3 each side knows where it last saw each enemy piece and whether it observes it now",
          "[rules][16.3][knowledge]") {
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  CHECK_FALSE(knowledge_kept(state));  // without 16.3 nothing is kept
  with_observation(state);
  REQUIRE(knowledge_kept(state));
  const Sighting* near = sighting(state, Side::French, unit(state, "Near"));
  REQUIRE(near);
  CHECK(near->observed);
  CHECK(at(*near) == hx("0511"));
  CHECK(near->turn == state.turn);
  CHECK_FALSE(sighting(state, Side::French, unit(state, "Far")));  // never seen
  const Sighting* eye = sighting(state, Side::Coalition, unit(state, "Eye"));
  REQUIRE(eye);
  CHECK(eye->observed);
}

TEST_CASE("16.3 a piece is seen at every hex of its move where an enemy observes it, and sees from there",
          "[rules][16.3][knowledge]") {
  // Scout goes 0301-0401-0501-0601-0701 along the top row; Near, at 0511, is ten hexes from 0501 and
  // more than ten from both ends of the move.
  GameState state = make_game_with_leaders(
      "", {{"french", "Scout", "infantry", 4, 4}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
      "rules 1.0-9.0\nsetup french 0301 : Scout\nsetup allied 0511 : Near\n", "turns 16/1400 16/1600\n", 12,
      20);
  const std::vector<const char*> path{"0401", "0501", "0601", "0701"};  // the hexes entered
  REQUIRE(distance(hx("0501"), hx("0511")) == 10);
  REQUIRE(distance(hx("0301"), hx("0511")) > 10);
  REQUIRE(distance(hx("0701"), hx("0511")) > 10);
  with_observation(state);
  CHECK_FALSE(sighting(state, Side::French, unit(state, "Near")));
  CHECK_FALSE(sighting(state, Side::Coalition, unit(state, "Scout")));

  apply(state, Side::French, move(state, "Scout", path), no_dice());
  REQUIRE(state.units[unit(state, "Scout")].hex == hx("0701"));
  // The French saw Near from the middle of the move; neither observes the other now.
  const Sighting* near = sighting(state, Side::French, unit(state, "Near"));
  REQUIRE(near);
  CHECK(at(*near) == hx("0511"));
  CHECK_FALSE(near->observed);
  // The Allies last saw Scout at the last hex of its move within ten hexes of Near.
  Hex last_in_sight{};
  for (const char* hex : path)
    if (distance(hx(hex), hx("0511")) <= 10) last_in_sight = hx(hex);
  const Sighting* scout = sighting(state, Side::Coalition, unit(state, "Scout"));
  REQUIRE(scout);
  CHECK(at(*scout) == last_in_sight);
  CHECK_FALSE(scout->observed);
  // The knowledge is part of the state: its hash differs from the same board never observed.
  GameState unseen = state;
  unseen.rule_state.find<KnowledgeState>(kObservationRule)->french.clear();
  CHECK(state_hash(unseen) != state_hash(state));
}

TEST_CASE("16.3 is offered where the scenario allows it: chosen, it plays by the book", "[rules][16.3]") {
  GameState state = field("", "setup allied 0511 : Near\noptional 16.3\n");
  const auto refusal = optional_rule_refusal(state.rules->scenario, state.rules->oob, "16.3");
  INFO((refusal ? *refusal : std::string("no refusal")));
  CHECK_FALSE(refusal);
  CHECK_FALSE(rule_unfinished("16.3"));
  // In force, its module keeps each side's knowledge and nothing is missing: the game is by the book.
  with_observation(state);
  CHECK(knowledge_kept(state));
  CHECK(state.rules->missing_rules.empty());
  CHECK(state.rules->by_the_book());
}

namespace {

const UnitView& shown(const GameView& view, const GameState& state, const char* id) {
  const UnitIndex index = unit(state, id);
  for (const UnitView& u : view.units)
    if (u.unit == index) return u;
  FAIL("unit " << id << " not in the view");
  return view.units.front();
}

const Viewer kFrenchSeat{Viewer::Kind::Seat, Army::French, std::nullopt};
const Viewer kAlliedSeat{Viewer::Kind::Seat, Army::Allied, std::nullopt};
const Viewer kEverything{Viewer::Kind::Spectator, std::nullopt, std::nullopt};
const Viewer kFrenchSpectator{Viewer::Kind::Spectator, std::nullopt, Side::French};

}  // namespace

TEST_CASE("16.3 a side is shown the enemy it observes where it stands, the rest where last seen or nowhere",
          "[rules][16.3][fog]") {
  // Near (ten hexes off) is observed; Far (fourteen) never was.
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  const GameView before = view(state, kFrenchSeat);
  CHECK(shown(before, state, "Far").hex == hx("0515"));  // without 16.3 everything shows
  with_observation(state);
  const GameView french = view(state, kFrenchSeat);
  CHECK(shown(french, state, "Near").hex == hx("0511"));
  CHECK_FALSE(shown(french, state, "Near").unobserved);
  CHECK(shown(french, state, "Far").unobserved);
  CHECK_FALSE(shown(french, state, "Far").hex);
  CHECK_FALSE(shown(french, state, "Far").last_seen_turn);
  CHECK(shown(french, state, "Eye").hex == hx("0501"));  // its own, always
  // A spectator shown the French view sees the same; one shown everything sees Far where it stands.
  CHECK(serialize(view(state, kFrenchSpectator)) == serialize(french));
  CHECK(shown(view(state, kEverything), state, "Far").hex == hx("0515"));

  // Near leaves the French sight (moved off by hand, as a move the French do not see would): it is
  // shown where last seen, with the turn, no longer where it stands.
  state.units[unit(state, "Near")].hex = hx("0518");
  update_knowledge(state, {});
  const GameView french_after = view(state, kFrenchSeat);
  const UnitView& near = shown(french_after, state, "Near");
  CHECK(near.unobserved);
  CHECK(near.hex == hx("0511"));
  CHECK(near.last_seen_turn == state.turn);
  CHECK(shown(view(state, kAlliedSeat), state, "Near").hex == hx("0518"));
}

TEST_CASE("16.3 nothing of an enemy piece the side does not observe reaches its view (non-interference)",
          "[rules][16.3][fog]") {
  // Two games that differ only in where Far, never observed by the French, stands and whether it is
  // reduced: the French views are the same bytes; the Allied views differ.
  GameState a = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  GameState b = field("", "setup allied 0511 : Near\nsetup allied 0617 : Far\n");
  b.units[unit(b, "Far")].reduced = true;
  with_observation(a);
  with_observation(b);
  CHECK(serialize(view(a, kFrenchSeat)) == serialize(view(b, kFrenchSeat)));
  CHECK(serialize(view(a, kFrenchSpectator)) == serialize(view(b, kFrenchSpectator)));
  CHECK(serialize(view(a, kAlliedSeat)) != serialize(view(b, kAlliedSeat)));
  // The same difference within the French sight shows (the test can fail).
  GameState c = field("", "setup allied 0511 : Near\nsetup allied 0510 : Far\n");
  with_observation(c);
  CHECK(serialize(view(a, kFrenchSeat)) != serialize(view(c, kFrenchSeat)));
}

TEST_CASE("16.3 of an enemy move a side is shown only the hexes it observed", "[rules][16.3][fog]") {
  GameState state = make_game_with_leaders(
      "", {{"french", "Scout", "infantry", 4, 4}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
      "rules 1.0-9.0\nsetup french 0301 : Scout\nsetup allied 0511 : Near\n", "turns 16/1400 16/1600\n", 12,
      20);
  with_observation(state);
  const std::vector<const char*> path{"0401", "0501", "0601", "0701"};
  const auto events = apply(state, Side::French, move(state, "Scout", path), no_dice());
  const auto moved = events_of<UnitMovedEvent>(events);
  REQUIRE(moved.size() == 1);
  // The French see their own move whole; the Allies only where Near observed Scout.
  const auto french = redact(state, Event{moved.front()}, kFrenchSeat);
  REQUIRE(french);
  CHECK(std::get<UnitMovedEvent>(*french).path.size() == 4);
  const auto allied = redact(state, Event{moved.front()}, kAlliedSeat);
  REQUIRE(allied);
  std::vector<Hex> expected;
  for (const char* hex : path)
    if (distance(hx(hex), hx("0511")) <= 10) expected.push_back(hx(hex));
  REQUIRE_FALSE(expected.empty());
  CHECK(std::get<UnitMovedEvent>(*allied).path == expected);
  // A move no enemy observed at all is not shown to the other side.
  GameState far = make_game_with_leaders(
      "", {{"french", "Scout", "infantry", 4, 4}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
      "rules 1.0-9.0\nsetup french 0301 : Scout\nsetup allied 0519 : Near\n", "turns 16/1400 16/1600\n", 12,
      20);
  with_observation(far);
  const auto unseen =
      events_of<UnitMovedEvent>(apply(far, Side::French, move(far, "Scout", path), no_dice()));
  REQUIRE(unseen.size() == 1);
  CHECK_FALSE(redact(far, Event{unseen.front()}, kAlliedSeat));
  CHECK(redact(far, Event{unseen.front()}, kEverything));
}

TEST_CASE("16.3 the kept fields of view answer as the traced lines of sight do, on the real map",
          "[rules][16.3][7.3]") {
  // The whole NLB map under the hand-built game: the map file's statements after its header.
  const std::string map_file = read_data("map/nlb.map");
  const std::size_t header = map_file.find("\nmap ");
  REQUIRE(header != std::string::npos);
  const std::string body = map_file.substr(map_file.find('\n', header + 1) + 1);
  GameState state =
      make_game_with_leaders(body, {{"french", "Eye", "infantry", 4, 4}}, "",
                             "rules 1.0-10.0\nsetup french 2020 : Eye\n", "turns 16/1400 16/1600\n", 57, 67);
  CHECK_FALSE(state.rules->fields_of_view);  // kept only with 16.3 in force
  with_observation(state);
  const Ruleset& rules = *state.rules;
  REQUIRE(rules.fields_of_view);
  int clear = 0, blocked = 0;
  // Every 23rd hex of the grid observes every hex within ten, asked twice (traced, then kept).
  for (int i = 0; i < 57 * 67; i += 23) {
    const Hex observer{1 + i / 67, 1 + i % 67};
    for (int column = observer.column - 10; column <= observer.column + 10; ++column)
      for (int row = observer.row - 10; row <= observer.row + 10; ++row) {
        const Hex observed{column, row};
        if (!rules.map.bounds().contains(observed) || distance(observer, observed) > 10) continue;
        const bool traced = line_of_sight_clear(rules, observer, observed);
        INFO(format_hex(observer) << " to " << format_hex(observed));
        REQUIRE(rules.fields_of_view->clear(rules, observer, observed) == traced);
        REQUIRE(rules.fields_of_view->clear(rules, observer, observed) == traced);
        (traced ? clear : blocked) += 1;
      }
  }
  // The work is real: the map's forests, towns and crests block many lines, and most are clear.
  CHECK(blocked > 1000);
  CHECK(clear > blocked);
}

TEST_CASE("16.3 an enemy's action line names only its side and verb, but for ends, attacks and exchanges",
          "[rules][16.3][fog]") {
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  const std::string move = "coalition move Far 0515 0516";
  CHECK(redact_action_line(state, move, kFrenchSeat) == move);  // without 16.3 every line is whole
  with_observation(state);
  CHECK(redact_action_line(state, move, kFrenchSeat) == "coalition move");
  CHECK(redact_action_line(state, move, kFrenchSpectator) == "coalition move");
  CHECK(redact_action_line(state, "coalition retreat Near 0512", kFrenchSeat) == "coalition retreat");
  CHECK(redact_action_line(state, "coalition place Far 0514", kFrenchSeat) == "coalition place");
  // The side's own lines, and a spectator shown everything, keep them whole.
  CHECK(redact_action_line(state, move, kAlliedSeat) == move);
  CHECK(redact_action_line(state, move, kEverything) == move);
  CHECK(redact_action_line(state, "french move Eye 0501 0502", kFrenchSeat) == "french move Eye 0501 0502");
  // What names nothing unseen stays whole for the enemy too.
  for (const std::string line :
       {"coalition end", "coalition attack Near on Eye die 4", "coalition exchange Near"})
    CHECK(redact_action_line(state, line, kFrenchSeat) == line);
}

namespace {

bool reaches(const GameState& state, const char* id, const char* hex) {
  for (const ReachableHex& r : reachable_hexes(state, unit(state, id)))
    if (r.hex == hx(hex)) return true;
  return false;
}

}  // namespace

TEST_CASE("16.3 a side's questions are answered on the board it believes, not the one that is",
          "[rules][16.3][fog]") {
  // By day: Near (0511) is ten hexes from Eye (0501) and observed; Far (0515) never was.
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  with_observation(state);
  GameState believed = believed_board(state, Side::French);
  CHECK(believed.units[unit(state, "Near")].hex == hx("0511"));
  CHECK(believed.units[unit(state, "Far")].status == UnitStatus::Withdrawn);  // never seen
  CHECK(believed.units[unit(state, "Eye")].hex == hx("0501"));                // its own, as they are
  CHECK(believed_board(state, Side::Coalition).units[unit(state, "Far")].hex == hx("0515"));
  // Eye goes out of Near's sight (0301 is twelve hexes off), and Near moves on unseen: the French
  // believe it where they last saw it.
  state.units[unit(state, "Eye")].hex = hx("0301");
  update_knowledge(state, {});
  state.units[unit(state, "Near")].hex = hx("0611");
  update_knowledge(state, {});
  REQUIRE_FALSE(observes_now(state, Side::French, unit(state, "Near")));
  believed = believed_board(state, Side::French);
  CHECK(believed.units[unit(state, "Near")].hex == hx("0511"));
  // Back in sight of 0511 (Eye at 0501 again), with Near elsewhere unseen: the French see it is gone.
  state.units[unit(state, "Eye")].hex = hx("0501");
  state.units[unit(state, "Near")].hex = hx("0820");
  update_knowledge(state, {});
  REQUIRE(side_observes_hex(state, Side::French, hx("0511")));
  REQUIRE_FALSE(observes_now(state, Side::French, unit(state, "Near")));
  CHECK(believed_board(state, Side::French).units[unit(state, "Near")].status == UnitStatus::Withdrawn);
}

TEST_CASE("16.3 the hexes a unit can reach, asked on the believed board, ignore an unseen enemy's zone",
          "[rules][16.3][fog][5.3F]") {
  // At night (1 hex) Near, three hexes down Eye's column, is not observed. On the board that is, its
  // zone of control may not be entered at night (5.3F): Eye cannot reach 0503 or pass it. On the
  // board the French believe there is no Near, so no zone.
  GameState state = field("", "setup allied 0504 : Near\n", "turns 16/2100 17/0000\n");
  with_observation(state);
  REQUIRE_FALSE(observes_now(state, Side::French, unit(state, "Near")));
  CHECK(reaches(state, "Eye", "0502"));
  CHECK_FALSE(reaches(state, "Eye", "0503"));
  const GameState believed = believed_board(state, Side::French);
  CHECK(reaches(believed, "Eye", "0503"));
  CHECK(reaches(believed, "Eye", "0505"));
}

namespace {

// By day: Eye (French, 4-6) at 0501 and the Allied Near at 0505, behind the forest of 0503 (7.3:
// the line 0501-0505 crosses it), so the French do not observe Near. `observation`: 16.3 in force.
GameState behind_forest(bool observation) {
  GameState state = make_game_with_leaders(
      "forest \"W\" : 0503\n",
      {{"french", "Eye", "infantry", 4, 6}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
      "rules 1.0-9.0\nsetup french 0501 : Eye\nsetup allied 0505 : Near\n", "turns 16/1400 16/1600\n", 12,
      20);
  if (observation) with_observation(state);
  return state;
}

// A hex next to 0504 two hexes from Near (0505): out of its zone of control.
const char* beyond_the_zone() {
  static std::string name;
  for (Hex next : neighbours(hx("0504")))
    if (distance(next, hx("0505")) == 2 && next != hx("0503")) name = format_hex(next);
  REQUIRE_FALSE(name.empty());
  return name.c_str();
}

}  // namespace

TEST_CASE("16.3 a move an unseen enemy bars halts where it stops the unit, in its sight, not refused",
          "[rules][16.3][fog][5.3]") {
  // Eye goes 0502, 0503 (the forest), 0504 and on. 0504 is in Near's zone of control, where a move
  // stops (5.3): on the board that is the path goes on past it. Without 16.3 that is refused.
  GameState plain = behind_forest(false);
  const MoveAction through = move(plain, "Eye", {"0502", "0503", "0504", beyond_the_zone()});
  const auto refused = validate(plain, Side::French, through);
  REQUIRE(refused);
  CHECK(refused->code == RefusalCode::StopInZoc);
  // With 16.3 the French do not observe Near: they believe the way open, and the move is made as far
  // as it goes. Eye halts in 0504, in Near's zone and in its sight, 4 MP spent (1 + 2 + 1).
  GameState state = behind_forest(true);
  REQUIRE_FALSE(observes_now(state, Side::French, unit(state, "Near")));
  CHECK_FALSE(validate(state, Side::French, through));
  const std::vector<Event> events = apply(state, Side::French, through, no_dice());
  const auto* moved = std::get_if<UnitMovedEvent>(&events.front());
  REQUIRE(moved);
  CHECK(moved->path == std::vector<Hex>{hx("0502"), hx("0503"), hx("0504")});
  CHECK(moved->spent_half == 8);
  CHECK(state.units[unit(state, "Eye")].hex == hx("0504"));
  CHECK(state.units[unit(state, "Eye")].moved);
  CHECK(observes_now(state, Side::French, unit(state, "Near")));
}

TEST_CASE("16.3 a move refused on the board its side believes is refused with that board's reason",
          "[rules][16.3][fog][5.1]") {
  // The same path three hexes longer is beyond Eye's 6 MP. On the board that is, the walk stops first
  // at Near's zone (5.3), which would tell where Near stands; the French are told what they can
  // know: the move costs too much (5.1).
  GameState state = behind_forest(true);
  MoveAction far = move(state, "Eye", {"0502", "0503", "0504", beyond_the_zone()});
  for (int away = 3; away <= 4; ++away)
    for (Hex next : neighbours(far.move.path.back()))
      if (distance(next, hx("0505")) == away) {
        far.move.path.push_back(next);
        break;
      }
  REQUIRE(far.move.path.size() == 6);
  const auto real = validate(behind_forest(false), Side::French, far);
  REQUIRE(real);
  CHECK(real->code == RefusalCode::StopInZoc);
  const auto told = validate(state, Side::French, far);
  REQUIRE(told);
  CHECK(told->code == RefusalCode::NotEnoughMovement);
  CHECK(told->rule == "5.1");
  CHECK(state.units[unit(state, "Eye")].hex == hx("0501"));  // nothing moved
}

TEST_CASE("16.3 an action refused on both boards is told with the reason of the board its side believes",
          "[rules][16.3][fog][6.1]") {
  // Eye, three hexes from Near and not observing it, attacks it. On the board that is Near stands in
  // 0505 and the reason is the distance; on the board the French believe Near is nowhere.
  GameState state = behind_forest(true);
  to_french_combat(state);
  const AttackAction attack{{unit(state, "Eye")}, {unit(state, "Near")}};
  const auto real = validate(state, Side::French, attack);
  REQUIRE(real);
  const Refusal told = refusal_told(state, Side::French, attack, *real);
  const auto believed = validate(believed_board(state, Side::French), Side::French, attack);
  REQUIRE(believed);
  CHECK(told == *believed);
  CHECK(told.code != real->code);
  CHECK(real->code == RefusalCode::NotAdjacentToDefender);
  // Without 16.3, and where the believed board accepts the action, the refusal is the real one.
  GameState plain = behind_forest(false);
  to_french_combat(plain);
  const auto plain_refusal = validate(plain, Side::French, attack);
  REQUIRE(plain_refusal);
  CHECK(refusal_told(plain, Side::French, attack, *plain_refusal) == *plain_refusal);
}

TEST_CASE("16.3 a retreat an unseen enemy's zone bars is refused naming neither the piece nor its hex",
          "[rules][16.3][fog][6.6A]") {
  // By day: Eye (French) at 0503 must retreat; 0504 is a forest hex next to it, in the zone of the
  // Allied Near at 0505. Eye is two hexes from Near and the forest of 0504 blocks the line (7.3), so
  // no French piece observes Near. On the board that is 0504 is no retreat hex (6.6A: not into an
  // EZOC); on the board the French believe there is no Near and 0504 is open.
  const auto game = [](bool observation) {
    GameState state = make_game_with_leaders(
        "forest \"W\" : 0504\n",
        {{"french", "Eye", "infantry", 4, 6}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
        "rules 1.0-9.0\nsetup french 0503 : Eye\nsetup allied 0505 : Near\n", "turns 16/1400 16/1600\n", 12,
        20);
    if (observation) with_observation(state);
    to_french_combat(state);
    state.pending_retreats.push_back(PendingRetreat{unit(state, "Eye"), 1, false});
    return state;
  };
  const GameState state = game(true);
  REQUIRE_FALSE(observes_now(state, Side::French, unit(state, "Near")));
  const RetreatAction retreat{unit(state, "Eye"), hx("0504"), std::nullopt, false};
  const auto real = validate(state, Side::French, retreat);
  REQUIRE(real);
  CHECK(real->code == RefusalCode::NotRetreatHex);
  CHECK_FALSE(validate(believed_board(state, Side::French), Side::French, retreat));
  // The French are told the umpire's no: 16.3's own refusal, citing the rule that forbids it there
  // (6.6A), with no argument (no piece, no hex).
  const Refusal told = refusal_told(state, Side::French, retreat, *real);
  CHECK(told.code == RefusalCode::RuleOwn);
  CHECK(told.rule == "16.3");
  CHECK(told.reason == kRefusedByUnobserved);
  CHECK(told.args.empty());
  const std::string words = describe(redact(state, told, kFrenchSeat), state);
  CHECK(words.find("6.6A") != std::string::npos);
  CHECK(words.find("Near") == std::string::npos);
  CHECK(words.find("0505") == std::string::npos);
  // Without 16.3 the refusal is the real one, which may say what bars the hex.
  const GameState plain = game(false);
  const auto plain_refusal = validate(plain, Side::French, retreat);
  REQUIRE(plain_refusal);
  CHECK(refusal_told(plain, Side::French, retreat, *plain_refusal) == *plain_refusal);
}

TEST_CASE("16.3 a refusal does not name an enemy piece its seat does not observe", "[rules][16.3][fog]") {
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  const Refusal refusal =
      refuse_by_rule("12.0", "officer-near-enemy", "{0} is within ten hexes of the enemy unit {1}",
                     {RefusalArg::of_unit(unit(state, "Near")), RefusalArg::of_unit(unit(state, "Far"))});
  CHECK(redact(state, refusal, kFrenchSeat) == refusal);  // without 16.3 every piece is seen
  with_observation(state);
  const Refusal french = redact(state, refusal, kFrenchSeat);
  CHECK(french.args[0] == RefusalArg::of_unit(unit(state, "Near")));  // observed: named
  CHECK(french.args[1] == RefusalArg::hidden_unit());                 // never seen: "a unit"
  CHECK(redact(state, refusal, kFrenchSpectator).args[1] == RefusalArg::hidden_unit());
  // The Allies' own pieces, and a spectator shown everything, are named.
  CHECK(redact(state, refusal, kAlliedSeat) == refusal);
  CHECK(redact(state, refusal, kEverything) == refusal);
}

TEST_CASE("16.3 an enemy piece retreating, advancing or placed out of sight is not shown doing so",
          "[rules][16.3][fog]") {
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  with_observation(state);
  const UnitIndex near = unit(state, "Near");
  const UnitIndex far = unit(state, "Far");
  // 0510 is nine hexes from Eye (0501), 0516 fifteen.
  CHECK(redact(state, UnitRetreatedEvent{near, hx("0511"), hx("0510"), std::nullopt}, kFrenchSeat));
  CHECK_FALSE(redact(state, UnitRetreatedEvent{far, hx("0515"), hx("0516"), std::nullopt}, kFrenchSeat));
  CHECK_FALSE(redact(state, UnitAdvancedEvent{far, hx("0515"), hx("0516")}, kFrenchSpectator));
  CHECK_FALSE(redact(state, UnitPlacedEvent{far, hx("0515"), hx("0516")}, kFrenchSeat));
  // The Allies see their own, and a spectator shown everything sees all.
  CHECK(redact(state, UnitAdvancedEvent{far, hx("0515"), hx("0516")}, kAlliedSeat));
  CHECK(redact(state, UnitPlacedEvent{far, hx("0515"), hx("0516")}, kEverything));
}

TEST_CASE("16.3 an action is shown to a side unless the side learns nothing of it", "[rules][16.3][fog]") {
  // Far (0515) moves to 0516, unseen by the French before and after; Near (0511) moves to 0510, seen.
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  with_observation(state);
  GameState after = state;
  after.units[unit(state, "Far")].hex = hx("0516");
  const std::vector<Event> far_moved{
      UnitMovedEvent{unit(state, "Far"), {hx("0515"), hx("0516")}, 2, false, false}};
  update_knowledge(after, far_moved);
  CHECK_FALSE(action_shown(state, after, far_moved, "coalition move Far 0516", Side::French));
  CHECK(action_shown(state, after, far_moved, "coalition move Far 0516", Side::Coalition));
  GameState seen = state;
  seen.units[unit(state, "Near")].hex = hx("0510");
  const std::vector<Event> near_moved{
      UnitMovedEvent{unit(state, "Near"), {hx("0511"), hx("0510")}, 2, false, false}};
  update_knowledge(seen, near_moved);
  CHECK(action_shown(state, seen, near_moved, "coalition move Near 0510", Side::French));
  // Ends of phases are always shown; and everything where 16.3 is not kept.
  CHECK(action_shown(state, state, {}, "coalition end", Side::French));
  const GameState plain = field("", "setup allied 0511 : Near\nsetup allied 0515 : Far\n");
  CHECK(action_shown(plain, plain, far_moved, "coalition move Far 0516", Side::French));
}

TEST_CASE("16.3 a side's VP count a victory-point hex as it last observed it (3.4B)",
          "[rules][16.3][fog][3.4]") {
  // 0515 is worth 5 VP to whichever side holds it (the scenario's vp lines); the French hold it as
  // play begins. Eye, at 0501, does not observe it (fourteen hexes).
  const std::string vp =
      "vp french hex 0515 5 at-end\nvp coalition hex 0515 5 at-end\ncontrol french : 0515\n";
  GameState state = field("", "setup allied 0511 : Near\nsetup allied 0517 : Far\n" + vp);
  with_observation(state);
  REQUIRE(victory_points(state)[0] == 5);
  CHECK(view(state, kFrenchSeat).victory_points == victory_points(state));

  // Far takes 0515 out of the French sight (by hand, as an unseen move would).
  state.units[unit(state, "Far")].hex = hx("0515");
  state.control[hx("0515")] = Side::Coalition;
  update_knowledge(state, {});
  REQUIRE(victory_points(state) == std::array<int, 2>{0, 5});
  // The French still count it theirs, and are shown it theirs; the Allies and everything see it taken.
  const GameView french = view(state, kFrenchSeat);
  CHECK(french.victory_points == std::array<int, 2>{5, 0});
  CHECK(std::count(french.control.begin(), french.control.end(), std::pair{hx("0515"), Side::French}) == 1);
  CHECK(view(state, kAlliedSeat).victory_points == std::array<int, 2>{0, 5});
  CHECK(view(state, kEverything).victory_points == std::array<int, 2>{0, 5});
  // Non-interference: the same game where nobody took it gives the French the same view.
  GameState untouched = field("", "setup allied 0511 : Near\nsetup allied 0517 : Far\n" + vp);
  with_observation(untouched);
  untouched.units[unit(untouched, "Far")].hex = hx("0516");
  update_knowledge(untouched, {});
  CHECK(serialize(view(untouched, kFrenchSeat)) == serialize(french));

  // Eye comes within sight of 0515: the French see who holds it, and count it so.
  state.units[unit(state, "Eye")].hex = hx("0507");
  update_knowledge(state, {});
  CHECK(view(state, kFrenchSeat).victory_points == std::array<int, 2>{0, 5});
  // It stays counted so after Eye goes back out of sight.
  state.units[unit(state, "Eye")].hex = hx("0501");
  update_knowledge(state, {});
  CHECK(view(state, kFrenchSeat).victory_points == std::array<int, 2>{0, 5});
}

TEST_CASE("16.3 a moving piece sees the victory-point hexes in its sight along its way (3.4B)",
          "[rules][16.3][fog][3.4]") {
  // The Allies hold 0511 unseen: Scout passes within ten hexes of it at 0501 and ends out of sight.
  GameState state = make_game_with_leaders(
      "", {{"french", "Scout", "infantry", 4, 4}, {"allied", "Near", "infantry", 4, 4, "[1]", "british"}}, "",
      "rules 1.0-9.0\nsetup french 0301 : Scout\nsetup allied 0519 : Near\nvp french hex 0511 5 at-end\n"
      "vp coalition hex 0511 5 at-end\ncontrol french : 0511\n",
      "turns 16/1400 16/1600\n", 12, 20);
  with_observation(state);
  state.control[hx("0511")] = Side::Coalition;  // taken unseen
  update_knowledge(state, {});
  REQUIRE(view(state, kFrenchSeat).victory_points == std::array<int, 2>{5, 0});
  apply(state, Side::French, move(state, "Scout", {"0401", "0501", "0601", "0701"}), no_dice());
  REQUIRE(distance(hx("0701"), hx("0511")) > 10);
  CHECK(view(state, kFrenchSeat).victory_points == std::array<int, 2>{0, 5});
}

TEST_CASE("16.3 games whose maps block sight alike share their kept fields of view; others do not",
          "[rules][16.3][7.3]") {
  const std::string setup = "setup allied 0511 : Near\nsetup allied 0515 : Far\n";
  GameState one = field("forest \"W\" : 0503\n", setup);
  GameState two = field("forest \"W\" : 0503\n", setup);
  GameState other = field("forest \"W\" : 0504\n", setup);
  with_observation(one);
  with_observation(two);
  with_observation(other);
  REQUIRE(one.rules != two.rules);  // two rulesets, loaded apart
  CHECK(one.rules->fields_of_view == two.rules->fields_of_view);
  CHECK(one.rules->fields_of_view != other.rules->fields_of_view);
  // And what the shared fields answer is each map's own (a forest at 0503 or 0504 blocks Eye's sight).
  CHECK_FALSE(observes(*two.rules, hx("0501"), hx("0504"), 10));  // behind the forest
  CHECK(observes(*other.rules, hx("0501"), hx("0504"), 10));      // in it
  CHECK_FALSE(observes(*other.rules, hx("0501"), hx("0505"), 10));
}

TEST_CASE("16.3 a player who knows only what its side observes chooses alike whatever it cannot see",
          "[rules][16.3][fog][play]") {
  // Both Allied units are out of Eye's sight, in one game to the south, in the other to the
  // south-east. The battle-seeking player closes on the nearest enemy: on the board that is, it
  // heads for where they are; on the board the French believe, there is no enemy to head for.
  GameState a = field("", "setup allied 0515 : Near\nsetup allied 0517 : Far\n");
  GameState b = field("", "setup allied 0917 : Near\nsetup allied 1019 : Far\n");
  with_observation(a);
  with_observation(b);
  REQUIRE_FALSE(observes_now(a, Side::French, unit(a, "Near")));
  REQUIRE_FALSE(observes_now(b, Side::French, unit(b, "Near")));
  int differ_with_everything = 0, fallbacks = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    SplitMix64 random_a(seed), random_b(seed);
    const Action in_a =
        choose_action_from_knowledge(a, random_a, RandomPlayerStyle::BattleSeeking, &fallbacks);
    const Action in_b =
        choose_action_from_knowledge(b, random_b, RandomPlayerStyle::BattleSeeking, &fallbacks);
    INFO("seed " << seed);
    CHECK_FALSE(validate(a, Side::French, in_a));  // legal on the board that is
    CHECK(format_action(a, Side::French, in_a) == format_action(b, Side::French, in_b));
    SplitMix64 knowing_a(seed), knowing_b(seed);
    const Action all_a = choose_random_action(a, knowing_a, RandomPlayerStyle::BattleSeeking);
    const Action all_b = choose_random_action(b, knowing_b, RandomPlayerStyle::BattleSeeking);
    if (format_action(a, Side::French, all_a) != format_action(b, Side::French, all_b))
      ++differ_with_everything;
  }
  CHECK(fallbacks == 0);
  // The test can fail: a player who sees everything chooses differently in the two games.
  CHECK(differ_with_everything > 0);
}

namespace {

bool in_area(const std::vector<Hex>& area, const char* hex) {
  return std::binary_search(area.begin(), area.end(), hx(hex));
}

}  // namespace

TEST_CASE("16.3 the observed area: at night a lone unit observes its own hex and its six neighbours",
          "[rules][16.3][observed-area]") {
  GameState state = field("", "setup allied 0511 : Near\n", "turns 16/2100 17/0000\n");
  REQUIRE(observation_distance(state) == 1);
  state.units[unit(state, "Eye")].hex = hx("0505");  // away from the map's edge
  std::vector<Hex> expected{hx("0505")};
  for (Hex next : neighbours(hx("0505")))
    expected.push_back(next);
  std::sort(expected.begin(), expected.end());
  CHECK(observed_area(state, Side::French) == expected);
  // At the map's edge the area stops at the edge: 0501 and its four neighbours on the grid.
  state.units[unit(state, "Eye")].hex = hx("0501");
  const std::vector<Hex> edge = observed_area(state, Side::French);
  CHECK(edge.size() == 4);
  CHECK(in_area(edge, "0501"));
  CHECK(in_area(edge, "0502"));
  CHECK_FALSE(in_area(edge, "0503"));
}

TEST_CASE("16.3 the observed area by day: ten hexes, blocked by forest and crest (7.3), adjacent never",
          "[rules][16.3][observed-area]") {
  const std::vector<Hex> open = observed_area(field("", "setup allied 0515 : Near\n"), Side::French);
  CHECK(std::is_sorted(open.begin(), open.end()));
  CHECK(std::adjacent_find(open.begin(), open.end()) == open.end());  // each hex once
  CHECK(in_area(open, "0501"));
  CHECK(in_area(open, "0511"));        // ten hexes, the observed hex counted
  CHECK_FALSE(in_area(open, "0512"));  // eleven
  for (Hex hex : open)
    CHECK(distance(hx("0501"), hex) <= 10);
  // A forest at 0503 hides 0504 beyond it, not the forest hex itself nor 0502 before it.
  const std::vector<Hex> forest = observed_area(field("forest \"W\" : 0503\n", ""), Side::French);
  CHECK(in_area(forest, "0502"));
  CHECK(in_area(forest, "0503"));
  CHECK_FALSE(in_area(forest, "0504"));
  CHECK(forest.size() < open.size());
  // A crest between 0501 and 0502 blocks the line beyond, never the adjacent hex.
  const std::vector<Hex> crest = observed_area(field("crest \"C\" : 0501/0502\n", ""), Side::French);
  CHECK(in_area(crest, "0502"));
  CHECK_FALSE(in_area(crest, "0503"));
}

TEST_CASE("16.3 the observed area is each side's own and agrees with who observes whom",
          "[rules][16.3][observed-area]") {
  GameState state = field("forest \"W\" : 0503\n", "setup allied 0504 : Near\nsetup allied 0515 : Far\n");
  const std::vector<Hex> plain = observed_area(state, Side::French);
  with_observation(state);  // the kept fields of view answer the same as tracing each line
  REQUIRE(state.rules->fields_of_view);
  CHECK(observed_area(state, Side::French) == plain);
  for (Side side : {Side::French, Side::Coalition}) {
    const std::vector<Hex> area = observed_area(state, side);
    const std::vector<bool> observed = observed_by(state, side);
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const UnitState& piece = state.units[i];
      if (!piece.on_map()) continue;
      if (side_of(piece.army) == side)
        CHECK(std::binary_search(area.begin(), area.end(), piece.hex));  // its own hexes
      else
        CHECK(observed[i] == std::binary_search(area.begin(), area.end(), piece.hex));
    }
  }
  // Near (behind the forest) is not observed by the French; the Allies' area is not the French one.
  CHECK_FALSE(in_area(observed_area(state, Side::French), "0504"));
  CHECK(observed_area(state, Side::Coalition) != observed_area(state, Side::French));
  // A side with no piece on the map observes nothing.
  state.units[unit(state, "Eye")].status = UnitStatus::Eliminated;
  CHECK(observed_area(state, Side::French).empty());
}
