// Issue 16, standing orders in the window client (model/standing_order_choice.hpp,
// model/standing_orders_panel.hpp): the retreat choices cycle as documented, the toward hex stops at
// the map's edge, the panel asks the orders when opened, shows the held ones, builds one order per
// unit of a stack (keeping each unit's own retreat part when asked to), clears them, shows a
// refusal, and ignores another game's answer; the client model routes answers and refusals to it.
#include "model/client_model.hpp"
#include "model/standing_order_choice.hpp"
#include "model/standing_orders_panel.hpp"

#include <hd/wire/hex_convert.hpp>

#include <catch2/catch.hpp>

#include <memory>

namespace pb = hundred_days::v1;
using hd::client::RetreatChoice;
using hd::client::StandingOrdersPanel;
using hd::engine::Direction;
using hd::engine::Hex;

namespace {

pb::StandingOrder order(std::uint32_t unit, std::optional<Hex> toward, bool advance,
                        std::vector<Hex> hexes = {}) {
  pb::StandingOrder result;
  result.set_unit(unit);
  for (const Hex hex : hexes)
    *result.add_retreat_hexes() = hd::wire::to_proto(hex);
  if (toward) *result.mutable_retreat_toward() = hd::wire::to_proto(*toward);
  result.set_advance(advance);
  return result;
}

pb::StandingOrders answer(std::uint64_t game, std::vector<pb::StandingOrder> orders) {
  pb::StandingOrders result;
  result.set_game_id(game);
  for (auto& each : orders)
    *result.add_orders() = each;
  return result;
}

}  // namespace

TEST_CASE("standing orders: the retreat choice cycles none, the six directions, none", "[client][orders]") {
  RetreatChoice choice{RetreatChoice::Kind::Kept, Direction::South, {}};
  choice = hd::client::next_retreat(choice);
  CHECK(choice.kind == RetreatChoice::Kind::None);
  std::vector<Direction> seen;
  for (int i = 0; i < 6; ++i) {
    choice = hd::client::next_retreat(choice);
    REQUIRE(choice.kind == RetreatChoice::Kind::Toward);
    seen.push_back(choice.direction);
  }
  CHECK(seen == std::vector<Direction>(hd::engine::kAllDirections.begin(), hd::engine::kAllDirections.end()));
  CHECK(hd::client::next_retreat(choice).kind == RetreatChoice::Kind::None);
}

TEST_CASE("standing orders: the toward hex lies four hexes away, or at the map's edge", "[client][orders]") {
  CHECK(hd::client::toward_hex({20, 20}, Direction::North) == Hex{20, 16});
  CHECK(hd::client::toward_hex({20, 20}, Direction::South) == Hex{20, 24});
  CHECK(hd::client::toward_hex({20, 2}, Direction::North) == Hex{20, 1});
  CHECK(hd::client::toward_hex({20, 1}, Direction::North) == Hex{20, 1});
  const Hex east = hd::client::toward_hex({20, 20}, Direction::NorthEast);
  CHECK(east.column == 24);
  CHECK(hd::engine::distance({20, 20}, east) == 4);
  CHECK(hd::client::retreat_words({RetreatChoice::Kind::Toward, Direction::South, {}}, {20, 20}) ==
        "toward the south (2024)");
  CHECK(hd::client::retreat_words({RetreatChoice::Kind::None, Direction::North, {}}, {20, 20}) == "none");
}

TEST_CASE("standing orders: an order in words", "[client][orders]") {
  CHECK(hd::client::order_words(nullptr) == "no order");
  const auto held = order(3, Hex{15, 7}, true, {{12, 3}, {12, 4}});
  CHECK(hd::client::order_words(&held) == "retreat 1203, 1204; toward 1507; advance");
  const auto bare = order(3, std::nullopt, false);
  CHECK(hd::client::order_words(&bare) == "no retreat; no advance");
}

TEST_CASE("standing orders panel: opened, it asks the orders and shows those held", "[client][orders]") {
  StandingOrdersPanel panel;
  CHECK(panel.open(7, {20, 20}, {}).empty());
  CHECK_FALSE(panel.shown());
  const auto asked = panel.open(7, {20, 20}, {4, 5});
  REQUIRE(asked.size() == 1);
  REQUIRE(asked[0].has_query_standing_orders());
  CHECK(asked[0].query_standing_orders().game_id() == 7);
  CHECK(panel.shown());
  CHECK(panel.waiting());

  panel.apply(answer(8, {order(4, Hex{20, 16}, true)}));  // another game: ignored
  CHECK(panel.waiting());
  CHECK(panel.held(4) == nullptr);

  // Unit 9 is not in the panel; unit 4 has a retreat part, so the choice keeps it.
  panel.apply(answer(7, {order(4, Hex{20, 16}, true), order(9, std::nullopt, true)}));
  CHECK_FALSE(panel.waiting());
  CHECK(panel.status() == "orders as the server holds them");
  REQUIRE(panel.held(4) != nullptr);
  CHECK(panel.held(5) == nullptr);
  CHECK(panel.held(9) == nullptr);
  CHECK(panel.retreat().kind == RetreatChoice::Kind::Kept);
  CHECK(panel.advance());
}

TEST_CASE("standing orders panel: a stack's orders are set unit by unit", "[client][orders]") {
  StandingOrdersPanel panel;
  panel.open(7, {20, 20}, {4, 5});
  panel.apply(answer(7, {order(4, std::nullopt, false, {{21, 20}})}));
  CHECK(panel.retreat().kind == RetreatChoice::Kind::Kept);
  CHECK_FALSE(panel.advance());

  SECTION("kept: each unit keeps its own retreat part; advance for both") {
    panel.toggle_advance();
    const auto sent = panel.set_orders();
    REQUIRE(sent.size() == 1);
    REQUIRE(sent[0].has_set_standing_orders());
    const auto& set = sent[0].set_standing_orders();
    CHECK(set.game_id() == 7);
    REQUIRE(set.orders_size() == 2);
    CHECK(set.orders(0).unit() == 4);
    CHECK(set.orders(0).retreat_hexes_size() == 1);
    CHECK(set.orders(0).advance());
    CHECK(set.orders(1).unit() == 5);
    CHECK(set.orders(1).retreat_hexes_size() == 0);
    CHECK_FALSE(set.orders(1).has_retreat_toward());
    CHECK(set.orders(1).advance());
    CHECK(set.clear_units_size() == 0);
    CHECK(panel.waiting());
  }
  SECTION("toward the south: the held hexes replaced by the toward hex") {
    panel.cycle_retreat();  // none
    panel.cycle_retreat();  // north
    panel.cycle_retreat();  // north-east
    panel.cycle_retreat();  // south-east
    panel.cycle_retreat();  // south
    CHECK(panel.retreat() == RetreatChoice{RetreatChoice::Kind::Toward, Direction::South, {}});
    const auto sent = panel.set_orders();
    const auto& set = sent.at(0).set_standing_orders();
    REQUIRE(set.orders_size() == 2);
    for (const auto& each : set.orders()) {
      CHECK(each.retreat_hexes_size() == 0);
      REQUIRE(each.has_retreat_toward());
      CHECK(hd::client::hex_of(each.retreat_toward()) == Hex{20, 24});
      CHECK_FALSE(each.advance());
    }
    // The server's answer: the new orders held, the status says so.
    panel.apply(answer(7, {set.orders(0), set.orders(1)}));
    CHECK(panel.status() == "the server holds the new orders");
    REQUIRE(panel.held(5) != nullptr);
    CHECK(hd::client::order_words(panel.held(5)) == "toward 2024; no advance");
  }
  SECTION("cleared: every unit named; a refusal is shown") {
    const auto sent = panel.clear_orders();
    const auto& set = sent.at(0).set_standing_orders();
    CHECK(set.orders_size() == 0);
    CHECK(std::vector<std::uint32_t>(set.clear_units().begin(), set.clear_units().end()) ==
          std::vector<std::uint32_t>{4, 5});
    panel.refused("Refused: not your seat");
    CHECK_FALSE(panel.waiting());
    CHECK(panel.status() == "Refused: not your seat");
    CHECK(panel.held(4) != nullptr);  // a refusal changes nothing held
  }
  panel.close();
  CHECK_FALSE(panel.shown());
  CHECK(panel.set_orders().empty());
}

TEST_CASE("standing orders panel: retreat hexes picked on the map, best first", "[client][orders]") {
  StandingOrdersPanel panel;
  const Hex stack{20, 20};
  const Hex north = hd::engine::neighbour(stack, Direction::North);
  const Hex south_west = hd::engine::neighbour(stack, Direction::SouthWest);
  const Hex south = hd::engine::neighbour(stack, Direction::South);
  CHECK_FALSE(panel.pick_retreat_hex(north));  // hidden: the click is the map's
  panel.open(7, stack, {4, 5});
  panel.apply(answer(7, {order(4, Hex{20, 16}, true)}));
  REQUIRE(panel.retreat().kind == RetreatChoice::Kind::Kept);

  // 6.6: only a hex next to the stack; another changes nothing and says why.
  CHECK(panel.pick_retreat_hex(Hex{20, 23}));
  CHECK(panel.retreat().kind == RetreatChoice::Kind::Kept);
  CHECK(panel.pick_note() == "6.6: a retreat goes into a hex next to the stack; 2023 is not next to 2020");
  CHECK(panel.status() == "orders as the server holds them");  // the server's word stays
  CHECK(panel.pick_retreat_hex(stack));                        // its own hex neither
  CHECK(panel.retreat().kind == RetreatChoice::Kind::Kept);

  // The first pick starts a list, in the order picked (the note of the refused click gone); a second
  // click on a hex takes it off.
  CHECK(panel.pick_retreat_hex(south_west));
  CHECK(panel.pick_note().empty());
  CHECK(panel.pick_retreat_hex(north));
  CHECK(panel.pick_retreat_hex(south));
  CHECK(panel.retreat().kind == RetreatChoice::Kind::Hexes);
  CHECK(panel.retreat().hexes == std::vector<Hex>{south_west, north, south});
  CHECK(panel.pick_retreat_hex(north));
  CHECK(panel.retreat().hexes == std::vector<Hex>{south_west, south});
  CHECK(hd::client::retreat_words(panel.retreat(), stack) ==
        "into " + hd::engine::format_hex(south_west) + ", else " + hd::engine::format_hex(south));

  // Set: every unit of the stack gets the hexes, best first, and no toward hex.
  const auto sent = panel.set_orders();
  const auto& set = sent.at(0).set_standing_orders();
  REQUIRE(set.orders_size() == 2);
  for (const auto& each : set.orders()) {
    REQUIRE(each.retreat_hexes_size() == 2);
    CHECK(hd::client::hex_of(each.retreat_hexes(0)) == south_west);
    CHECK(hd::client::hex_of(each.retreat_hexes(1)) == south);
    CHECK_FALSE(each.has_retreat_toward());
    CHECK(each.advance());  // unit 4's held advance
  }

  // Every hex taken off again: no retreat preference; R from picked hexes goes to none too.
  panel.pick_retreat_hex(south_west);
  panel.pick_retreat_hex(south);
  CHECK(panel.retreat().kind == RetreatChoice::Kind::None);
  panel.pick_retreat_hex(north);
  panel.cycle_retreat();
  CHECK(panel.retreat().kind == RetreatChoice::Kind::None);

  // All six neighbours may be listed.
  for (const Direction direction : hd::engine::kAllDirections)
    panel.pick_retreat_hex(hd::engine::neighbour(stack, direction));
  CHECK(panel.retreat().hexes.size() == 6);
}

TEST_CASE("standing orders panel: the client model routes its answer and refusal", "[client][orders]") {
  hd::client::ClientModel model("ws://test");
  model.apply(hd::client::Connected{});
  model.apply(hd::client::WelcomeReceived{hd::client::WelcomeInfo{}});
  model.take_outbox();
  auto& panel = model.standing_orders();
  model.send_orders(panel.open(7, {20, 20}, {4}));
  auto outbox = model.take_outbox();
  REQUIRE(outbox.size() == 1);
  const std::uint64_t asked = outbox[0].request_id();

  pb::ServerEnvelope envelope;
  envelope.set_request_id(asked);
  *envelope.mutable_standing_orders() = answer(7, {order(4, Hex{20, 16}, true)});
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(envelope)});
  CHECK(panel.held(4) != nullptr);

  model.send_orders(panel.set_orders());
  outbox = model.take_outbox();
  REQUIRE(outbox.size() == 1);
  hd::client::RefusalInfo refusal;
  refusal.code_name = "LIMIT_REACHED";
  refusal.message = "too many orders";
  model.apply(hd::client::RefusalReceived{refusal, outbox[0].request_id()});
  CHECK(panel.status() == "Refused: too many orders");
  CHECK(model.notice() == "Refused: too many orders");
  CHECK_FALSE(panel.waiting());
}
