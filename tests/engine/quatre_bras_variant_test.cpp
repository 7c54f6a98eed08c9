// 23.0B on the real Quatre Bras Variant: the leaders it frees set up with any unit of their command,
// and the [N2] units keep out of French zones of control as they set up.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <set>

using namespace hd::engine;

namespace {

GameState quatre_bras_variant() {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"quatre-bras-variant", {}, {}, std::nullopt});
  REQUIRE(game.value);
  CHECK(game.value->rules->by_the_book());
  return *game.value;
}

UnitIndex find(const GameState& state, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].id == id) return static_cast<UnitIndex>(i);
  FAIL("no unit " << id);
  return 0;
}

Hex hex(const char* ccrr) {
  return *parse_hex(ccrr);
}

// The rule that refuses `action`, or "" if it is valid.
std::string refused_by(const GameState& state, Side side, const Action& action) {
  const auto refusal = validate(state, side, action);
  return refusal ? refusal->rule : "";
}

}  // namespace

TEST_CASE("23.0B Ney and Reille set up with any [2] unit, Kellermann with any [3c] unit", "[rules][23.0B]") {
  GameState state = quatre_bras_variant();
  // The freed leaders give the French a set-up of their own, before the Allies'.
  REQUIRE(state.phase == Phase::Setup);
  REQUIRE(state.phasing == Side::French);
  std::set<Hex> second_corps;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && unit.army == Army::French && unit.command.ends_with("[2]"))
      second_corps.insert(unit.hex);
  REQUIRE(second_corps.size() >= 4);
  for (const char* leader : {"Ney", "Reille"}) {
    const auto hexes = placement_hexes(state, find(state, leader));
    CHECK(std::set<Hex>(hexes.begin(), hexes.end()) == second_corps);
  }
  CHECK(refused_by(state, Side::French, PlaceAction{find(state, "Ney"), hex("1451")}) ==
        "23.0B");  // Lf-Ds: [G]
  CHECK(refused_by(state, Side::French, PlaceAction{find(state, "Kellermann"), hex("1647")}) == "23.0B");
  CHECK(refused_by(state, Side::French, PlaceAction{find(state, "Kellermann"), hex("1356")}) == "");  // Marc
  apply(state, Side::French, PlaceAction{find(state, "Ney"), hex("1548")}, [] { return 1; });         // Pire
  CHECK(state.units[find(state, "Ney")].hex == hex("1548"));
  // A French combat unit's hex stays fixed (19.2C's set-up), 23.0B frees only the leaders.
  CHECK(placement_hexes(state, find(state, "Pire")).empty());
  CHECK(refused_by(state, Side::French, PlaceAction{find(state, "Pire"), hex("1549")}) == "3.2C");
}

TEST_CASE("23.0B [N2] units do not set up in a French ZOC; Wellington sets up with any Allied unit",
          "[rules][23.0B]") {
  GameState state = quatre_bras_variant();
  apply(state, Side::French, EndPhaseAction{}, [] { return 1; });
  REQUIRE(state.phase == Phase::Setup);
  REQUIRE(state.phasing == Side::Coalition);
  std::vector<UnitIndex> n2;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (!state.units[i].is_leader() && state.units[i].command.ends_with("[N2]"))
      n2.push_back(static_cast<UnitIndex>(i));
  REQUIRE(n2.size() >= 3);  // Blndt, Wmar, Opstl (19.0)
  // The scenario's own placement already keeps them out (ending the set-up at once accepts it).
  for (UnitIndex u : n2)
    CHECK_FALSE(in_enemy_zoc(state, state.units[u].hex, Side::Coalition));
  // A hex of the 5-hex radius in a French ZOC, free of units: offered to no [N2] unit, refused by 23.0B.
  std::optional<Hex> in_zoc;
  for (int c = 11; c <= 21 && !in_zoc; ++c)
    for (int r = 35; r <= 47 && !in_zoc; ++r)
      if (distance(Hex{c, r}, hex("1641")) <= 5 && state.units_at(Hex{c, r}).empty() &&
          in_enemy_zoc(state, Hex{c, r}, Side::Coalition))
        in_zoc = Hex{c, r};
  REQUIRE(in_zoc);
  for (UnitIndex u : n2) {
    const auto hexes = placement_hexes(state, u);
    CHECK_FALSE(hexes.empty());
    CHECK(std::find(hexes.begin(), hexes.end(), *in_zoc) == hexes.end());
  }
  CHECK(refused_by(state, Side::Coalition, PlaceAction{n2.front(), *in_zoc}) == "23.0B");
  // Wellington: any hex holding an Allied unit, Mrln's far-off 0738 among them.
  const auto wellington = placement_hexes(state, find(state, "Wellington"));
  CHECK(std::find(wellington.begin(), wellington.end(), hex("0738")) != wellington.end());
  apply(state, Side::Coalition, PlaceAction{find(state, "Wellington"), hex("0738")}, [] { return 1; });
  CHECK(state.units[find(state, "Wellington")].hex == hex("0738"));
}
