// The per-viewer path: under the standard rules every viewer sees the whole board, and the view is
// a function of the state alone (equal states, equal bytes; any visible change, a different view).
#include "rules_fixture.hpp"

#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

TEST_CASE("every seat and spectator sees every unit under the standard rules", "[view]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 4, 4},
                 {"allied", "X", "infantry", 4, 4},
                 {"prussian", "P", "cavalry", 3, 6}},
                "setup french 0505 : A\nsetup allied 0909 : X\nreinforce prussian 16/1500 at 1201 : P\n");
  const std::vector<Viewer> viewers{{Viewer::Kind::Seat, Army::French, std::nullopt},
                                    {Viewer::Kind::Seat, Army::Allied, std::nullopt},
                                    {Viewer::Kind::Seat, Army::Prussian, std::nullopt},
                                    {Viewer::Kind::Spectator, std::nullopt, Side::French},
                                    {Viewer::Kind::Spectator, std::nullopt, std::nullopt}};
  const std::string reference = serialize(view(state, viewers.back()));
  for (const Viewer& viewer : viewers) {
    const GameView v = view(state, viewer);
    CHECK(v.units.size() == 3u);
    CHECK(serialize(v) == reference);
  }
  const GameView v = view(state, viewers.front());
  CHECK(v.units[unit(state, "A")].hex == hx("0505"));
  CHECK_FALSE(v.units[unit(state, "P")].hex);  // waiting off the map
  CHECK(v.units[unit(state, "P")].arrival_turn == 1);
}

TEST_CASE("views change with the state and only with it; events pass redact() whole", "[view]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}}, "setup french 0505 : A\n");
  const Viewer seat{Viewer::Kind::Seat, Army::French, std::nullopt};
  const std::string before = serialize(view(state, seat));
  CHECK(serialize(view(state, seat)) == before);
  const auto events = apply(state, Side::French, move(state, "A", {"0506"}), no_dice());
  CHECK(serialize(view(state, seat)) != before);
  REQUIRE(events.size() == 1u);
  const auto redacted = redact(state, events.front(), seat);
  REQUIRE(redacted);
  CHECK(std::get<UnitMovedEvent>(*redacted).path == std::vector<Hex>{hx("0506")});
}

TEST_CASE("the view marks units moved this phase (5.0) and out of command (11.3), for every viewer",
          "[view][11.3]") {
  // 11.0 in force, with no leader: the opening's command segment leaves A out of command.
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "rules 1.0-11.0\nsetup french 0505 : A\nsetup allied 0909 : X\n");
  const Viewer enemy{Viewer::Kind::Seat, Army::Allied, std::nullopt};
  GameView v = view(state, enemy);
  CHECK(v.units[unit(state, "A")].out_of_command);
  CHECK_FALSE(v.units[unit(state, "X")].out_of_command);  // the Coalition's segment has not come yet
  CHECK_FALSE(v.units[unit(state, "A")].moved);
  apply(state, Side::French, move(state, "A", {"0506"}), no_dice());
  v = view(state, enemy);
  CHECK(v.units[unit(state, "A")].moved);
  CHECK(serialize(v).find(" moved ooc") != std::string::npos);
  CHECK_FALSE(v.units[unit(state, "X")].moved);
  // Without 11.0 nobody is out of command.
  const auto plain = make_game("", {{"french", "A", "infantry", 4, 4}}, "setup french 0505 : A\n");
  CHECK_FALSE(view(plain, Viewer{}).units[0].out_of_command);
}
