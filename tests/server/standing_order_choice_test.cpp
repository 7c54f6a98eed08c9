// Issue 16 (standing orders): the choice a seat's standing orders make among the engine's legal
// actions (games/standing_order_choice.hpp), on hand-made lists of legal actions.
#include "games/standing_order_choice.hpp"

#include <catch2/catch.hpp>

using namespace hd;
using namespace hd::server;

namespace {

engine::Action retreat(engine::UnitIndex unit, engine::Hex to,
                       std::optional<engine::UnitIndex> displace = {}) {
  return engine::RetreatAction{unit, to, displace, false};
}

engine::Action advance(std::optional<engine::UnitIndex> unit, std::optional<engine::Hex> into = {}) {
  return engine::AdvanceAction{unit, into};
}

StandingOrder order_for(engine::UnitIndex unit, std::vector<engine::Hex> hexes,
                        std::optional<engine::Hex> toward = {}, bool advance = false) {
  return StandingOrder{unit, hundred_days::v1::SEAT_ALLIED, std::move(hexes), toward, advance};
}

const engine::RetreatAction& as_retreat(const std::optional<StandingOrderChoice>& choice) {
  REQUIRE(choice);
  REQUIRE(std::holds_alternative<engine::RetreatAction>(choice->action));
  return std::get<engine::RetreatAction>(choice->action);
}

}  // namespace

TEST_CASE("6.6: a retreat goes to the first preferred hex that is legal, not the engine's first",
          "[standing-orders]") {
  const std::vector<engine::Action> legal{retreat(4, {10, 10}), retreat(4, {11, 10}), retreat(4, {11, 11})};
  const StandingOrderBook book{{4, order_for(4, {{30, 30}, {11, 11}, {11, 10}})}};
  const auto choice = choose_by_standing_orders(legal, book);
  CHECK(as_retreat(choice).to == engine::Hex{11, 11});
  CHECK(choice->unit == 4);
}

TEST_CASE("6.6C-D: a preferred hex is entered without a displacement when the engine allows both",
          "[standing-orders]") {
  const std::vector<engine::Action> legal{retreat(4, {11, 10}, engine::UnitIndex{7}), retreat(4, {11, 10})};
  const StandingOrderBook book{{4, order_for(4, {{11, 10}})}};
  CHECK_FALSE(as_retreat(choose_by_standing_orders(legal, book)).displace);
}

TEST_CASE("6.6: failing every listed hex, the legal retreat hex nearest the 'toward' hex",
          "[standing-orders]") {
  const std::vector<engine::Action> legal{retreat(4, {10, 10}), retreat(4, {12, 12}), retreat(4, {11, 11})};
  const StandingOrderBook book{{4, order_for(4, {{40, 40}}, engine::Hex{13, 13})}};
  CHECK(as_retreat(choose_by_standing_orders(legal, book)).to == engine::Hex{12, 12});
}

TEST_CASE("6.6: no order for the unit, or no listed hex legal and no 'toward': the orders say nothing",
          "[standing-orders]") {
  const std::vector<engine::Action> legal{retreat(4, {10, 10}), retreat(4, {11, 10})};
  CHECK_FALSE(choose_by_standing_orders(legal, {{5, order_for(5, {{10, 10}})}}));
  CHECK_FALSE(choose_by_standing_orders(legal, {{4, order_for(4, {{20, 20}})}}));
  CHECK_FALSE(choose_by_standing_orders(legal, {}));
}

TEST_CASE("8.2C: an order never stays; it retreats where it may", "[standing-orders]") {
  const std::vector<engine::Action> legal{engine::RetreatAction{4, std::nullopt, std::nullopt, true},
                                          retreat(4, {11, 10})};
  CHECK(as_retreat(choose_by_standing_orders(legal, {{4, order_for(4, {}, engine::Hex{1, 1})}})).to ==
        engine::Hex{11, 10});
  const std::vector<engine::Action> only_stay{engine::RetreatAction{4, std::nullopt, std::nullopt, true}};
  CHECK_FALSE(choose_by_standing_orders(only_stay, {{4, order_for(4, {}, engine::Hex{1, 1})}}));
}

TEST_CASE("6.7: a candidate ordered to advance advances; declined only when every candidate says no",
          "[standing-orders]") {
  const std::vector<engine::Action> legal{advance(2, engine::Hex{5, 5}), advance(3, engine::Hex{5, 5}),
                                          advance(std::nullopt)};
  {
    const auto choice =
        choose_by_standing_orders(legal, {{2, order_for(2, {}, {}, false)}, {3, order_for(3, {}, {}, true)}});
    REQUIRE(choice);
    CHECK(std::get<engine::AdvanceAction>(choice->action).unit == engine::UnitIndex{3});
    CHECK(choice->unit == 3);
  }
  {
    const auto choice = choose_by_standing_orders(
        legal, {{2, order_for(2, {}, {}, false)}, {3, order_for(3, {}, {}, false)}});
    REQUIRE(choice);
    CHECK_FALSE(std::get<engine::AdvanceAction>(choice->action).unit);
  }
  // Unit 3 has no order: declining would decide for it.
  CHECK_FALSE(choose_by_standing_orders(legal, {{2, order_for(2, {}, {}, false)}}));
}
