// Issue 16, standing orders in the window client, end to end: the real client binary under xvfb-run,
// driven by --script - (tests/client/scripted_client.hpp), as alice (French) in a Quatre Bras game on
// the real server. She clicks a hex of her units, presses O: the panel asks the server and shows no
// order; R (retreat toward the north), V (advance) and Enter set the orders, and alice's own
// protocol connection then finds the server holding exactly those orders for every unit of the
// stack, while bob (Allied) sees none of them. Delete clears them on the server. Then she picks two
// retreat hexes by clicking them on the map and the server holds exactly those, best first. The screenshots
// (kept in <build>/artifacts/) show the panel's colour where view/standing_orders_layout.hpp places
// it while it is open, and not before or after.
#include "build_paths.hpp"
#include "model/game_model.hpp"
#include "model/standing_order_choice.hpp"
#include "quatre_bras_game.hpp"
#include "scripted_client.hpp"
#include "view/map_palette.hpp"
#include "view/standing_orders_layout.hpp"

#include <hd/engine/board/hex.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
namespace palette = hd::client::palette;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;

palette::Rgb pixel(const sf::Image& image, float x, float y) {
  const sf::Color c = image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
  return {c.r, c.g, c.b};
}

v1::ClientEnvelope query_orders(std::uint64_t game) {
  v1::ClientEnvelope envelope;
  envelope.mutable_query_standing_orders()->set_game_id(game);
  return envelope;
}

// The units= entry "IDX:ARMY:CCRR:STRENGTH" of unit `index` in `report`: its hex.
std::optional<hd::engine::Hex> hex_in_report(const hd::test::ClientReport& report, const std::string& index) {
  for (const std::string& entry : report.items("units")) {
    if (entry.rfind(index + ":", 0) != 0) continue;
    const auto first = entry.find(':');
    const auto second = entry.find(':', first + 1);
    return hd::engine::parse_hex(entry.substr(second + 1, 4));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("standing orders (issue 16): set through the window client's panel, held by the server",
          "[e2e][standing-orders]") {
  hd::test::QuatreBrasGame game;
  INFO("server log:\n" << game.server.log());
  const std::filesystem::path directory = game.server.directory();
  hd::test::ScriptedClient client(
      hd::test::built_program("hd_client"),
      {"--server", game.server.url(), "--user", "alice", "--password", "password-alice", "--open-game",
       std::to_string(game.id), "--no-state", "--screenshot-timeout-seconds", "60", "--width",
       std::to_string(kWidth), "--height", std::to_string(kHeight)},
      directory / "orders-client.log", kWidth, kHeight);
  client.send("wait-for game");
  const auto shot = [&](const std::string& name) {
    client.send("frames 3");
    client.send("screenshot " + (directory / name).string());
    const auto report = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(report);
    return hd::test::keep_screenshot(directory / name, hd::test::artifacts_dir(), kWidth, kHeight);
  };

  const hd::test::ClientReport start = hd::test::settled_report(client);
  const auto mine = start.items("mine");
  REQUIRE_FALSE(mine.empty());
  std::optional<hd::engine::Hex> hex;
  for (const std::string& unit : mine)
    if ((hex = hex_in_report(start, unit))) break;
  REQUIRE(hex);
  const std::string ccrr = hd::engine::format_hex(*hex);
  INFO("alice's hex " << ccrr);

  // O with nothing selected opens nothing and says why.
  client.send("key O");
  const auto nothing = hd::test::settled_report(client);
  CHECK(nothing["orders_panel"] == "0");
  CHECK(nothing["notice"].find("select_a_hex") != std::string::npos);
  const sf::Image before = shot("orders-none.png");

  client.send("click-hex " + ccrr);
  client.send("key O");
  const auto opened = hd::test::settled_report(client);
  CHECK(opened["orders_panel"] == "1");
  const auto units = opened.items("orders_units");
  REQUIRE_FALSE(units.empty());
  for (const std::string& unit : units)
    CHECK(std::find(mine.begin(), mine.end(), unit) != mine.end());
  for (const std::string& held : opened.items("orders_held"))
    CHECK(held.ends_with(":none"));
  CHECK(opened["orders_status"] == "orders_as_the_server_holds_them");

  client.send("key R");  // none -> toward the north
  client.send("key V");  // advance
  client.send("key Enter");
  const auto set = hd::test::settled_report(client);
  CHECK(set["orders_status"] == "the_server_holds_the_new_orders");
  const hd::engine::Hex toward = hd::client::toward_hex(*hex, hd::engine::Direction::North);
  for (const std::string& held : set.items("orders_held"))
    CHECK(held.ends_with(":" + hd::engine::format_hex(toward) + ":advance"));
  const sf::Image panel = shot("orders-panel.png");

  // The server holds them: alice's own protocol connection asks.
  const auto held = game.alice.request(query_orders(game.id));
  REQUIRE(held.has_standing_orders());
  REQUIRE(held.standing_orders().orders_size() == static_cast<int>(units.size()));
  for (const v1::StandingOrder& order : held.standing_orders().orders()) {
    CHECK(std::find(units.begin(), units.end(), std::to_string(order.unit())) != units.end());
    CHECK(order.advance());
    CHECK(order.retreat_hexes_size() == 0);
    REQUIRE(order.has_retreat_toward());
    CHECK(hd::client::hex_of(order.retreat_toward()) == toward);
  }
  // Bob (Allied) holds none of them: the orders are the French seat's secret.
  const auto bobs = game.bob.request(query_orders(game.id));
  REQUIRE(bobs.has_standing_orders());
  CHECK(bobs.standing_orders().orders_size() == 0);

  // The panel is drawn where its layout says, in its colours; not before it was opened.
  const hd::client::OrdersBox box = hd::client::orders_box(units.size());
  const float inside_x = box.left + 6;
  const float inside_y = box.top + box.height - 6;
  CHECK(pixel(panel, inside_x, inside_y) == palette::kOrdersPanel);
  CHECK(pixel(panel, box.left + box.width - 6, box.top + 4) == palette::kOrdersPanel);
  CHECK(pixel(panel, box.left - 1, box.top + box.height / 2) == palette::kOrdersFrame);
  CHECK_FALSE(pixel(before, inside_x, inside_y) == palette::kOrdersPanel);
  // The heading's ink on the title line.
  bool heading = false;
  for (float x = box.left + 12; x < box.left + 200 && !heading; x += 1)
    for (float y = box.top + 10; y < box.top + 10 + hd::client::kOrdersLine && !heading; y += 1)
      heading = pixel(panel, x, y) == palette::kHelpHeading;
  CHECK(heading);

  // Delete clears the orders on the server; O closes the panel.
  client.send("key Delete");
  const auto cleared = hd::test::settled_report(client);
  CHECK(cleared["orders_status"] == "the_server_holds_the_new_orders");
  for (const std::string& each : cleared.items("orders_held"))
    CHECK(each.ends_with(":none"));
  const auto after = game.alice.request(query_orders(game.id));
  REQUIRE(after.has_standing_orders());
  CHECK(after.standing_orders().orders_size() == 0);

  // Exact retreat hexes picked on the map (6.6: next to the stack), best first: south, then
  // north-west; a hex two away is refused by the panel; Enter sets them for every unit.
  const hd::engine::Hex first = hd::engine::neighbour(*hex, hd::engine::Direction::South);
  const hd::engine::Hex second = hd::engine::neighbour(*hex, hd::engine::Direction::NorthWest);
  const hd::engine::Hex far = hd::engine::neighbour(first, hd::engine::Direction::South);
  client.send("click-hex " + hd::engine::format_hex(far));
  const auto refused = hd::test::settled_report(client);
  CHECK(refused["orders_note"].rfind("6.6:_a_retreat_goes_into_a_hex_next_to_the_stack", 0) == 0);
  CHECK(refused["orders_choice"] == "none");
  client.send("click-hex " + hd::engine::format_hex(first));
  client.send("click-hex " + hd::engine::format_hex(second));
  const auto picked = hd::test::settled_report(client);
  CHECK(picked["orders_choice"] ==
        "into_" + hd::engine::format_hex(first) + ",_else_" + hd::engine::format_hex(second));
  CHECK(picked["orders_panel"] == "1");  // the clicks went to the panel, not the selection
  CHECK(picked["orders_note"] == "-");   // the refused click's note gone with the next click
  shot("orders-picked.png");
  client.send("key Enter");
  const auto picked_set = hd::test::settled_report(client);
  CHECK(picked_set["orders_status"] == "the_server_holds_the_new_orders");
  for (const std::string& each : picked_set.items("orders_held"))
    CHECK(each.ends_with(":" + hd::engine::format_hex(first) + "+" + hd::engine::format_hex(second) +
                         ":-:stay"));
  const auto held_hexes = game.alice.request(query_orders(game.id));
  REQUIRE(held_hexes.has_standing_orders());
  REQUIRE(held_hexes.standing_orders().orders_size() == static_cast<int>(units.size()));
  for (const v1::StandingOrder& order : held_hexes.standing_orders().orders()) {
    REQUIRE(order.retreat_hexes_size() == 2);
    CHECK(hd::client::hex_of(order.retreat_hexes(0)) == first);
    CHECK(hd::client::hex_of(order.retreat_hexes(1)) == second);
    CHECK_FALSE(order.has_retreat_toward());
  }
  client.send("key O");
  const sf::Image closed = shot("orders-closed.png");
  CHECK_FALSE(pixel(closed, inside_x, inside_y) == palette::kOrdersPanel);
  const auto end = hd::test::settled_report(client);
  CHECK(end["orders_panel"] == "0");
  CHECK(client.finish() == 0);
}
