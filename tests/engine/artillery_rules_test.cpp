// Artillery (7.0-7.4) and line of sight (7.3), one case per rule, with forced dice and small maps.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/board/hex_layout.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using namespace hd::test;

namespace {

AttackAction bombard(const GameState& state, std::vector<const char*> bombarding,
                     std::vector<const char*> defenders, std::vector<const char*> attackers = {}) {
  AttackAction a;
  for (const char* id : bombarding)
    a.bombarding.push_back(unit(state, id));
  for (const char* id : defenders)
    a.defenders.push_back(unit(state, id));
  for (const char* id : attackers)
    a.attackers.push_back(unit(state, id));
  return a;
}

bool pending_retreat_of(const GameState& state, UnitIndex u) {
  return std::any_of(state.pending_retreats.begin(), state.pending_retreats.end(),
                     [&](const PendingRetreat& p) { return p.unit == u; });
}

// A ruleset with a map and one idle unit, for line-of-sight questions.
GameState sight_game(const std::string& map_body) {
  return make_game(map_body, {{"french", "Idle", "infantry", 1, 4}}, "setup french 0101 : Idle\n");
}

bool clear(const GameState& state, const char* from, const char* to) {
  return line_of_sight_clear(*state.rules, hx(from), hx(to));
}

}  // namespace

// ---- 7.3 line of sight -------------------------------------------------------------------------

TEST_CASE("7.3 the sight line's integer geometry matches the hex layout", "[rules][7.3][los]") {
  // Corners of los_corners are HexLayout's corners scaled: x by 3 / (width * sqrt(3) / 2), y by 2 / width.
  const HexLayout layout(1.0, Point{0, 0});
  for (Hex hex : {hx("0505"), hx("0606"), hx("1201")}) {
    const auto exact = los_corners(hex);
    const auto real = layout.corners(hex);
    for (std::size_t i = 0; i < 6; ++i) {
      CHECK(std::abs(real[i].x * 2.0 / std::sqrt(3.0) - static_cast<double>(exact[i].x) / 3.0) < 1e-9);
      CHECK(std::abs(real[i].y * 2.0 - static_cast<double>(exact[i].y)) < 1e-9);
    }
  }
}

TEST_CASE("7.3 on an open map all twelve hexes at range 2 are in sight", "[rules][7.3][los]") {
  const auto state = sight_game("");
  for (const char* from : {"0505", "0606"}) {
    int targets = 0;
    int along_hexsides = 0;
    for (int column = 1; column <= 12; ++column) {
      for (int row = 1; row <= 12; ++row) {
        const Hex to{column, row};
        if (distance(hx(from), to) != 2) continue;
        ++targets;
        CHECK(line_of_sight_clear(*state.rules, hx(from), to));
        const SightLine line = trace_sight_line(hx(from), to);
        if (line.congruent.empty()) {
          // Straight through the centre of the hex between.
          CHECK(line.hexes.size() == 1u);
          CHECK(line.crossed.size() == 2u);
          CHECK(line.junctions.empty());
        } else {
          // Exactly along the hexside between two hexes, entering neither: two corners touched.
          ++along_hexsides;
          CHECK(line.hexes.empty());
          CHECK(line.crossed.empty());
          CHECK(line.congruent.size() == 1u);
          REQUIRE(line.junctions.size() == 2u);
          for (const auto& hexes : line.around)
            CHECK(hexes.size() == 3u);
        }
      }
    }
    CHECK(targets == 12);
    CHECK(along_hexsides == 6);
  }
}

TEST_CASE("7.3 a straight line along a column crosses each hex between", "[rules][7.3][los]") {
  const SightLine line = trace_sight_line(hx("0503"), hx("0507"));
  CHECK(line.hexes == std::vector<Hex>{hx("0504"), hx("0505"), hx("0506")});
  CHECK(line.crossed.size() == 4u);
  CHECK(line.congruent.empty());
  CHECK(line.junctions.empty());
  // An even column works the same way.
  CHECK(trace_sight_line(hx("0602"), hx("0605")).hexes == std::vector<Hex>{hx("0603"), hx("0604")});
}

TEST_CASE("7.3A forest, town and chateau hexes between block; the end hexes do not", "[rules][7.3A][los]") {
  CHECK_FALSE(clear(sight_game("forest \"W\" : 0504\n"), "0503", "0506"));
  CHECK_FALSE(clear(sight_game("town \"T\" : 0505\n"), "0503", "0506"));
  CHECK_FALSE(clear(sight_game("chateau \"C\" : 0504\n"), "0503", "0505"));
  CHECK(clear(sight_game("marsh \"M\" : 0504\n"), "0503", "0505"));
  CHECK(clear(sight_game("forest \"W\" : 0503 0505\n"), "0503", "0505"));  // firing and target hexes
  CHECK(clear(sight_game("forest \"W\" : 0404 0604\n"), "0503", "0505"));  // beside the line
  CHECK(clear(sight_game("stream \"S\" : 0503/0504\nriver \"R\" : 0504/0505\n"), "0503", "0505"));
}

TEST_CASE("7.3D a crest hexside blocks, even a side of the firing or target hex", "[rules][7.3D][los]") {
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0503/0504\n"), "0503", "0505"));
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0504/0505\n"), "0503", "0505"));
  CHECK(clear(sight_game("crest \"C\" : 0505/0506\n"), "0503", "0505"));  // behind the target
  CHECK(clear(sight_game("crest \"C\" : 0504/0604\n"), "0503", "0505"));  // beside the line
}

TEST_CASE("7.3B along a hexside: blocked by a crest there, or if both hexes beside it block",
          "[rules][7.3B][los]") {
  // 0505 -> 0705 runs along the hexside 0604/0605.
  REQUIRE(trace_sight_line(hx("0505"), hx("0705")).congruent ==
          std::vector<Hexside>{*Hexside::between(hx("0604"), hx("0605"))});
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0604/0605\n"), "0505", "0705"));
  CHECK(clear(sight_game("forest \"W\" : 0604\n"), "0505", "0705"));
  CHECK(clear(sight_game("town \"T\" : 0605\n"), "0505", "0705"));
  CHECK_FALSE(clear(sight_game("forest \"W\" : 0604\ntown \"T\" : 0605\n"), "0505", "0705"));
}

TEST_CASE("7.3C a corner where blocked hexsides, or a blocked hexside and a blocked hex, meet blocks",
          "[rules][7.3C][los]") {
  // The line 0505 -> 0705 touches the corner of 0505, 0604 and 0605, then that of 0604, 0605, 0705.
  CHECK(clear(sight_game("crest \"C\" : 0505/0604\n"), "0505", "0705"));
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0505/0604 0505/0605\n"), "0505", "0705"));
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0505/0604\nforest \"W\" : 0605\n"), "0505", "0705"));
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0604/0705 0605/0705\n"), "0505", "0705"));
  CHECK_FALSE(clear(sight_game("crest \"C\" : 0604/0705\nforest \"W\" : 0604\n"), "0505", "0705"));
  // The firing and target hexes' terrain does not count as a blocked hex (7.3).
  CHECK(clear(sight_game("crest \"C\" : 0505/0604\nforest \"W\" : 0505 0705\n"), "0505", "0705"));
}

TEST_CASE("7.3 line of sight is symmetric and a longer line along hexsides meets every corner",
          "[rules][7.3][los]") {
  const auto state = sight_game(
      "forest \"W\" : 0605 0406\ntown \"T\" : 0707\ncrest \"C\" : 0504/0505 0606/0607 0807/0808\n");
  for (int c1 = 3; c1 <= 8; ++c1)
    for (int r1 = 3; r1 <= 8; ++r1)
      for (int c2 = 3; c2 <= 8; ++c2)
        for (int r2 = 3; r2 <= 8; ++r2) {
          const Hex a{c1, r1};
          const Hex b{c2, r2};
          CHECK(line_of_sight_clear(*state.rules, a, b) == line_of_sight_clear(*state.rules, b, a));
        }
  // 0505 -> 0905: along 0604/0605, through the centre of 0705, along 0804/0805.
  const SightLine line = trace_sight_line(hx("0505"), hx("0905"));
  CHECK(line.hexes == std::vector<Hex>{hx("0705")});
  CHECK(line.congruent.size() == 2u);
  CHECK(line.junctions.size() == 4u);
  CHECK(line.crossed.empty());
}

// ---- 7.0-7.4 bombardment -----------------------------------------------------------------------

TEST_CASE("7.1 artillery bombards an enemy two hexes away; it is not affected and may not advance",
          "[rules][7.1]") {
  auto state = make_game("", {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : Art\nsetup allied 0505 : X\n");
  to_french_combat(state);
  CHECK(owed_combat(state).empty());  // 7.1A: voluntary
  const auto odds = compute_odds(state, bombard(state, {"Art"}, {"X"}));
  CHECK(odds.attack == 4);
  CHECK(odds.defence == 2);
  CHECK(odds.computed.to_string() == "2-1");
  CHECK(has_modifier(odds, "Art bombards from 0503 (7.1)"));
  const auto events = apply(state, Side::French, bombard(state, {"Art"}, {"X"}), die(1));  // 2-1, 1: Dr
  const auto& resolved = std::get<CombatResolvedEvent>(events.front());
  CHECK(resolved.result == CombatResult::DefenderRetreat);
  CHECK(resolved.attackers == std::vector<UnitIndex>{unit(state, "Art")});
  CHECK(state.units[unit(state, "Art")].fought);
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0506"), std::nullopt, false}, no_dice());
  CHECK_FALSE(state.pending_advance);  // 7.1E: the bombarding artillery does not advance
  CHECK(state.units[unit(state, "Art")].hex == hx("0503"));
}

TEST_CASE("7.1 only artillery bombards, only the phasing side's, once a phase, and not in the movement phase",
          "[rules][7.0]") {
  auto state = make_game("",
                         {{"french", "Art", "horse_artillery", 4, 6},
                          {"french", "Inf", "infantry", 4, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : Art\nsetup french 0703 : Inf\nsetup allied 0505 : X\n");
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X"})) == "4.1");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, bombard(state, {"Inf"}, {"X"})) == "7.0");
  CHECK(refused_by(state, Side::French, bombard(state, {"Art", "Art"}, {"X"})) == "7.1");
  AttackAction elect = bombard(state, {}, {"X"});
  elect.attackers.clear();
  elect.retreat_on_ar.push_back(unit(state, "Art"));
  CHECK(refused_by(state, Side::French, elect) == "6.1");
  apply(state, Side::French, bombard(state, {"Art"}, {"X"}), die(2));  // 2-1, 2: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0506"), std::nullopt, false}, no_dice());
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X"})) == "6.1B");
}

TEST_CASE("7.1B range 2 counts the target hex, not the artillery's; every type reaches 2", "[rules][7.1B]") {
  CHECK(bombardment_range(UnitType::FootArtillery) == 2);
  CHECK(bombardment_range(UnitType::HorseArtillery) == 2);
  CHECK(bombardment_range(UnitType::HeavyArtillery) == 2);  // 16.10 (3 hexes) is a variant rule
  auto state = make_game("",
                         {{"french", "Near", "heavy_artillery", 4, 4},
                          {"french", "Far", "heavy_artillery", 4, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0705 : Near\nsetup french 0502 : Far\nsetup allied 0505 : X\n");
  to_french_combat(state);
  REQUIRE(distance(hx("0705"), hx("0505")) == 2);
  REQUIRE(distance(hx("0502"), hx("0505")) == 3);
  CHECK(refused_by(state, Side::French, bombard(state, {"Near"}, {"X"})) == "");
  CHECK(refused_by(state, Side::French, bombard(state, {"Far"}, {"X"})) == "7.1B");
}

TEST_CASE("7.1C stacked bombarding artillery bombard the same target", "[rules][7.1C]") {
  auto state = make_game("",
                         {{"french", "A1", "foot_artillery", 2, 4},
                          {"french", "A2", "foot_artillery", 2, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : A1 A2\nsetup allied 0505 : X\n");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, bombard(state, {"A1"}, {"X"})) == "7.1C");
  CHECK(refused_by(state, Side::French, bombard(state, {"A1", "A2"}, {"X"})) == "");
  CHECK(compute_odds(state, bombard(state, {"A1", "A2"}, {"X"})).attack == 4);
}

TEST_CASE("7.1D artillery in several hexes bombards together and the strengths add up; 7.1E Ex spares it",
          "[rules][7.1D]") {
  auto state = make_game("",
                         {{"french", "A1", "foot_artillery", 4, 4},
                          {"french", "A2", "foot_artillery", 4, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : A1\nsetup french 0705 : A2\nsetup allied 0505 : X\n");
  to_french_combat(state);
  const auto odds = compute_odds(state, bombard(state, {"A1", "A2"}, {"X"}));
  CHECK(odds.attack == 8);
  CHECK(odds.computed.to_string() == "4-1");
  CHECK(has_modifier(odds, "A1 bombards"));
  CHECK(has_modifier(odds, "A2 bombards"));
  const auto events = apply(state, Side::French, bombard(state, {"A1", "A2"}, {"X"}), die(6));  // 4-1, 6: Ex
  CHECK(std::get<CombatResolvedEvent>(events.front()).result == CombatResult::Exchange);
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "A1")].on_map());
  CHECK(state.units[unit(state, "A2")].on_map());
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 0);
}

TEST_CASE("7.1E, 7.2 in a combined attack Ae strikes only the adjacent attackers", "[rules][7.1E]") {
  auto state = make_game("",
                         {{"french", "Art", "foot_artillery", 1, 4},
                          {"french", "Inf", "infantry", 1, 4},
                          {"allied", "X", "infantry", 9, 4}},
                         "setup french 0503 : Art\nsetup french 0504 : Inf\nsetup allied 0505 : X\n");
  to_french_combat(state);
  const auto action = bombard(state, {"Art"}, {"X"}, {"Inf"});
  CHECK(compute_odds(state, action).computed.to_string() == "1-5");
  apply(state, Side::French, action, die(3));  // 1-5, 3: Ae
  CHECK(state.units[unit(state, "Inf")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "Art")].on_map());
  REQUIRE(state.pending_advance);  // the defender may advance into the adjacent attacker's hex
  CHECK(state.pending_advance->vacated == std::vector<Hex>{hx("0504")});
}

TEST_CASE("7.1E on an Ar bombarding artillery retreats only if its owner elects to", "[rules][7.1E]") {
  for (bool elect : {false, true}) {
    auto state = make_game("",
                           {{"french", "Art", "foot_artillery", 1, 4},
                            {"french", "Inf", "infantry", 1, 4},
                            {"allied", "X", "infantry", 4, 4}},
                           "setup french 0503 : Art\nsetup french 0504 : Inf\nsetup allied 0505 : X\n");
    to_french_combat(state);
    auto action = bombard(state, {"Art"}, {"X"}, {"Inf"});
    if (elect) action.retreat_on_ar.push_back(unit(state, "Art"));
    CHECK(refused_by(state, Side::French, action) == "");
    apply(state, Side::French, action, die(5));  // 1-2, 5: Ar
    CHECK(pending_retreat_of(state, unit(state, "Inf")));
    CHECK(pending_retreat_of(state, unit(state, "Art")) == elect);
  }
}

TEST_CASE("7.2 with defenders in two hexes the artillery need be in range of only one", "[rules][7.2]") {
  auto state = make_game("",
                         {{"french", "Art", "foot_artillery", 4, 4},
                          {"french", "Inf", "infantry", 4, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0503 : Art\nsetup french 0506 : Inf\nsetup allied 0505 : X\n"
                         "setup allied 0605 : Y\n");
  to_french_combat(state);
  REQUIRE(distance(hx("0503"), hx("0605")) > 2);
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X", "Y"}, {"Inf"})) == "");
  CHECK(compute_odds(state, bombard(state, {"Art"}, {"X", "Y"}, {"Inf"})).attack == 8);
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X", "Y"})) == "7.1");  // alone: one hex
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"Y"}, {"Inf"})) == "7.1B");
}

TEST_CASE("7.3 no bombardment without a clear line of sight", "[rules][7.3]") {
  auto state = make_game("forest \"W\" : 0504\n",
                         {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : Art\nsetup allied 0505 : X\n");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X"})) == "7.3");
}

TEST_CASE("7.4A artillery in an EZOC attacks normally and may not bombard", "[rules][7.4A]") {
  auto state = make_game("",
                         {{"french", "Art", "foot_artillery", 4, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0504 : Art\nsetup allied 0505 : X\nsetup allied 0502 : Y\n");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X"})) == "7.4A");
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"Y"})) == "7.4A");
  AttackAction adjacent;
  adjacent.attackers.push_back(unit(state, "Art"));
  adjacent.defenders.push_back(unit(state, "X"));
  CHECK(refused_by(state, Side::French, adjacent) == "");
  apply(state, Side::French, adjacent, die(6));          // 2-1, 6: Ar
  CHECK(pending_retreat_of(state, unit(state, "Art")));  // 7.4B: normal results
}

TEST_CASE("7.4E artillery across an unbridged river is in no EZOC and may bombard across it",
          "[rules][7.4E]") {
  auto state = make_game("river \"R\" : 0504/0505\n",
                         {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "X", "infantry", 2, 4}},
                         "setup french 0504 : Art\nsetup allied 0505 : X\n");
  to_french_combat(state);
  AttackAction adjacent;
  adjacent.attackers.push_back(unit(state, "Art"));
  adjacent.defenders.push_back(unit(state, "X"));
  CHECK(refused_by(state, Side::French, adjacent) == "TEC");
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"X"})) == "");
}

TEST_CASE("8.1C no bombardment into or through a chateau", "[rules][8.1C]") {
  auto into = make_game("chateau \"H\" : 0505\n",
                        {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "X", "infantry", 2, 4}},
                        "setup french 0503 : Art\nsetup allied 0505 : X\n");
  to_french_combat(into);
  CHECK(refused_by(into, Side::French, bombard(into, {"Art"}, {"X"})) == "8.1C");
  auto through = make_game("chateau \"H\" : 0504\n",
                           {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "X", "infantry", 2, 4}},
                           "setup french 0503 : Art\nsetup allied 0505 : X\n");
  to_french_combat(through);
  CHECK(refused_by(through, Side::French, bombard(through, {"Art"}, {"X"})) == "8.1C");
}

TEST_CASE("6.3A a bombardment alone crosses no stream: the defender is not doubled", "[rules][6.3A][7.1]") {
  auto state = make_game("stream \"S\" : 0504/0505\n",
                         {{"french", "Art", "foot_artillery", 4, 4},
                          {"french", "Inf", "infantry", 4, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0503 : Art\nsetup french 0504 : Inf\nsetup allied 0505 : X\n");
  to_french_combat(state);
  CHECK(compute_odds(state, bombard(state, {"Art"}, {"X"})).defence == 2);
  CHECK(compute_odds(state, bombard(state, {"Art"}, {"X"}, {"Inf"})).defence == 4);  // Inf is across it
}

TEST_CASE("6.6C a unit retreated into a hex later bombarded adds no strength but suffers the result",
          "[rules][6.6C]") {
  auto state = make_game("",
                         {{"french", "Inf", "infantry", 8, 4},
                          {"french", "Art", "foot_artillery", 3, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Z", "infantry", 3, 4}},
                         "setup french 0504 : Inf\nsetup french 0508 : Art\nsetup allied 0505 : X\n"
                         "setup allied 0506 : Z\n");
  to_french_combat(state);
  AttackAction first;
  first.attackers.push_back(unit(state, "Inf"));
  first.defenders.push_back(unit(state, "X"));
  apply(state, Side::French, first, die(2));  // 4-1, 2: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0506"), std::nullopt, false}, no_dice());
  apply(state, Side::French, AdvanceAction{}, no_dice());
  // X has fought, but its new hex is bombarded: it joins the defence with no strength.
  CHECK(refused_by(state, Side::French, bombard(state, {"Art"}, {"Z"})) == "6.1D");
  const auto action = bombard(state, {"Art"}, {"X", "Z"});
  CHECK(refused_by(state, Side::French, action) == "");
  const auto odds = compute_odds(state, action);
  CHECK(odds.defence == 3);
  CHECK(odds.computed.to_string() == "1-1");
  CHECK(has_modifier(odds, "(6.6C)"));
  // An adjacent attack (no bombardment) may not strike X again (6.1B).
  apply(state, Side::French, action, die(1));  // 1-1, 1: Dr
  CHECK(pending_retreat_of(state, unit(state, "X")));
  CHECK(pending_retreat_of(state, unit(state, "Z")));
}

TEST_CASE("6.6C a bombarded hex holding only retreated units is resolved at 6-1", "[rules][6.6C]") {
  auto state = make_game("",
                         {{"french", "Inf", "infantry", 8, 4},
                          {"french", "Art", "foot_artillery", 1, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0504 : Inf\nsetup french 0508 : Art\nsetup allied 0505 : X\n");
  to_french_combat(state);
  AttackAction first;
  first.attackers.push_back(unit(state, "Inf"));
  first.defenders.push_back(unit(state, "X"));
  apply(state, Side::French, first, die(2));  // 4-1, 2: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0506"), std::nullopt, false}, no_dice());
  apply(state, Side::French, AdvanceAction{}, no_dice());
  CHECK(refused_by(state, Side::French, first) == "6.1B");
  const auto odds = compute_odds(state, bombard(state, {"Art"}, {"X"}));
  CHECK(odds.defence == 0);
  CHECK(odds.computed.to_string() == "6-1");
  apply(state, Side::French, bombard(state, {"Art"}, {"X"}), die(1));  // 6-1, 1: De
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
}

TEST_CASE("6.6D displaced artillery yet to fight may not fire this combat phase", "[rules][6.6D]") {
  // A's only retreat hex is 0504 (lakes close 0404 and 0604; 0405 and 0605 are in X's ZOC), where
  // B and the artillery stand.
  auto state = make_game("lake \"L\" : 0505/0404 0505/0604\n",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"french", "Art", "foot_artillery", 3, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "W", "infantry", 2, 4}},
                         "setup french 0505 : A\nsetup french 0504 : B Art\nsetup allied 0506 : X\n"
                         "setup allied 0406 : W\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(5));  // 1-1, 5: Ar
  REQUIRE(retreat_hexes(state, unit(state, "A")).empty());
  apply(state, Side::French, RetreatAction{unit(state, "A"), hx("0504"), unit(state, "Art"), false},
        no_dice());
  apply(state, Side::French, RetreatAction{unit(state, "Art"), hx("0404"), std::nullopt, false}, no_dice());
  apply(state, Side::Coalition, AdvanceAction{}, no_dice());
  REQUIRE(distance(hx("0404"), hx("0406")) == 2);
  AttackAction bombard;
  bombard.defenders = {unit(state, "W")};
  bombard.bombarding = {unit(state, "Art")};
  CHECK(state.units[unit(state, "Art")].may_not_fire);
  CHECK_FALSE(state.units[unit(state, "Art")].fought);  // 6.6D: it may still be attacked
  CHECK(refused_by(state, Side::French, bombard) == "6.6D");
  // The same bombardment by artillery that was not displaced would be legal.
  GameState undisplaced = state;
  undisplaced.units[unit(state, "Art")].may_not_fire = false;
  CHECK(refused_by(undisplaced, Side::French, bombard) == "");
  // The flag lasts the phase only.
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK_FALSE(state.units[unit(state, "Art")].may_not_fire);
}

TEST_CASE("6.6D a unit is displaced only once by a single combat", "[rules][6.6D]") {
  // X and V (0506) must retreat; their only hex is 0507, holding Y and Z.
  auto state = make_game("lake \"L\" : 0506/0406 0506/0606\n",
                         {{"french", "A", "infantry", 9, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "V", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 1, 4},
                          {"allied", "Z", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X V\nsetup allied 0507 : Y Z\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X", "V"}), die(1));  // 9 to 4 = 2-1, 1: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0507"), unit(state, "Y"), false},
        no_dice());
  // Y, displaced, retreats on into 0508.
  apply(state, Side::Coalition, RetreatAction{unit(state, "Y"), hx("0508"), std::nullopt, false}, no_dice());
  REQUIRE(state.pending_retreats.front().unit == unit(state, "V"));
  // 0507 now holds X and Z. V may displace Z, which has not been displaced; X was not displaced either.
  CHECK(refused_by(state, Side::Coalition,
                   RetreatAction{unit(state, "V"), hx("0507"), unit(state, "Z"), false}) == "");
  // Move Y back into 0507 by hand to build the case: Y was displaced by this very combat.
  GameState again = state;
  again.units[unit(state, "Z")].hex = hx("0509");
  again.units[unit(state, "Y")].hex = hx("0507");
  CHECK(refused_by(again, Side::Coalition,
                   RetreatAction{unit(state, "V"), hx("0507"), unit(state, "Y"), false}) == "6.6D");
  CHECK(refused_by(again, Side::Coalition,
                   RetreatAction{unit(state, "V"), hx("0507"), unit(state, "X"), false}) == "");
}
