// Structured refusals (state/refusal.hpp): each reason has its own code, the rule that refused and
// typed arguments; the words are written from them (describe(), format_refusal()); redact() hides a
// unit the viewer may not see.
#include "rules_fixture.hpp"

#include <hd/engine/visibility/view.hpp>

#include <set>

using namespace hd::test;

TEST_CASE("every refusal code has its own name and a pattern using only its arguments", "[refusal]") {
  std::set<std::string_view> names;
  std::size_t index = 0;
  for (RefusalCode code : all_refusal_codes()) {
    CHECK(static_cast<std::size_t>(code) == index++);  // the table is in the enum's order
    INFO(to_string(code));
    CHECK(names.insert(to_string(code)).second);
    CHECK(to_string(code) != "?");
    CHECK_FALSE(refusal_pattern(code).empty());
  }
  CHECK(names.size() == static_cast<std::size_t>(RefusalCode::RuleOwn) + 1);
}

TEST_CASE("5.1C, 5.1 a refused move names its unit and its costs as arguments", "[refusal][5.1]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 2}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  const auto far = validate(state, Side::French, move(state, "A", {"0504", "0503", "0502"}));
  REQUIRE(far);
  CHECK(far->code == RefusalCode::NotEnoughMovement);
  CHECK(far->rule == "5.1");
  REQUIRE(far->args.size() == 3u);
  CHECK(far->args[0] == RefusalArg::of_half_mp(6));
  CHECK(far->args[1] == RefusalArg::of_unit(unit(state, "A")));
  CHECK(far->args[2] == RefusalArg::of_half_mp(4));
  CHECK(describe(*far, state) == "the move costs 3 MP; A has 2 MP");

  apply(state, Side::French, move(state, "A", {"0504"}), no_dice());
  const auto again = validate(state, Side::French, move(state, "A", {"0503"}));
  REQUIRE(again);
  CHECK(*again == refuse(RefusalCode::AlreadyMoved, "5.1C", {RefusalArg::of_unit(unit(state, "A"))}));
  CHECK(describe(*again, state) == "A has already moved this phase");

  const auto jump = validate(state, Side::Coalition, move(state, "X", {"0907"}));
  REQUIRE(jump);
  CHECK(jump->code == RefusalCode::NotYourTurn);
  CHECK(jump->args.empty());
}

TEST_CASE("5.0 hexes are typed arguments", "[refusal][5.0]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 6}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  const auto gap = validate(state, Side::French, move(state, "A", {"0504", "0502"}));
  REQUIRE(gap);
  CHECK(gap->code == RefusalCode::NotNeighbours);
  CHECK(gap->args == std::vector<RefusalArg>{RefusalArg::of_hex(hx("0504")), RefusalArg::of_hex(hx("0502"))});
  CHECK(describe(*gap, state) == "0504 and 0502 are not neighbours");
}

TEST_CASE("6.5A an exchange refusal carries the strengths as numbers", "[refusal][6.5A]") {
  auto state = exchange_choice_game();
  const auto little = validate(state, Side::French, ExchangeLossAction{{unit(state, "C")}});
  REQUIRE(little);
  CHECK(little->code == RefusalCode::ExchangeTooLittle);
  CHECK(little->args == std::vector<RefusalArg>{RefusalArg::of_number(2), RefusalArg::of_number(3)});
  const auto much = validate(state, Side::French, ExchangeLossAction{{unit(state, "A"), unit(state, "B")}});
  REQUIRE(much);
  CHECK(much->code == RefusalCode::ExchangeTooMuch);
  const auto stranger = validate(state, Side::French, ExchangeLossAction{{unit(state, "X")}});
  REQUIRE(stranger);
  CHECK(stranger->code == RefusalCode::NotExchangeCandidate);
  CHECK(describe(*stranger, state) == "X is not an adjacent attacker of this exchange");
}

TEST_CASE("a refusal shown to a viewer names no unit the viewer may not see", "[refusal][view]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  const Viewer allied{Viewer::Kind::Seat, Army::Allied, std::nullopt};
  // Nothing is hidden under the standard rules: the refusal is shown as it is.
  const Refusal named =
      refuse(RefusalCode::NotAdjacentToDefender, "6.1E",
             {RefusalArg::of_unit(unit(state, "A")), RefusalArg::of_unit(unit(state, "X"))});
  CHECK(redact(state, named, allied) == named);
  // A unit number beyond those shown (a hidden 18.5C unit is numbered last) becomes "a unit".
  const auto beyond = static_cast<UnitIndex>(state.units.size());
  const Refusal secret = refuse(RefusalCode::EntryOrder, "19.2C",
                                {RefusalArg::of_unit(unit(state, "X")), RefusalArg::of_unit(beyond)});
  const Refusal shown = redact(state, secret, allied);
  CHECK(shown.args[0] == RefusalArg::of_unit(unit(state, "X")));
  CHECK(shown.args[1] == RefusalArg::hidden_unit());
  CHECK(describe(shown, state) == "X enters after all of [5] (a unit is still to enter)");
}
