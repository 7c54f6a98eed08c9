// 12.0 Reorganization end to end through the window client: the real client binary under xvfb-run,
// driven by its script, against the real server on loopback with a real SQLite file, playing the
// drill scenario (tests/terminal/data/reorganization-drill) in a data root beside the shipped data.
// The game is brought over the protocol to the Allied reorganization segment (16/1600); the client,
// logged in as the Allied player, shows the segment's choices in its panel as the server described
// them, and a click on Collaert's hex takes the one choice there: Trip comes back reduced.
#include "build_paths.hpp"
#include "drill_data_root.hpp"
#include "game_test_player.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <filesystem>

namespace v1 = hundred_days::v1;
namespace fs = std::filesystem;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;
constexpr unsigned kPanelWidth = 400;  // the game screen's side panel (view/game_screen.hpp)

// Pixels of the side panel that differ between two screenshots of the same size.
long panel_pixels_changed(const sf::Image& a, const sf::Image& b) {
  long changed = 0;
  for (unsigned y = 0; y < kHeight; ++y)
    for (unsigned x = kWidth - kPanelWidth; x < kWidth; ++x)
      changed += a.getPixel(x, y) != b.getPixel(x, y) ? 1 : 0;
  return changed;
}

}  // namespace

TEST_CASE("12.0 the window client offers the reorganization segment's choices and a click takes one",
          "[client][e2e][12.0]") {
  const fs::path artifacts = fs::path(hd::test::artifacts_dir()) / "client_reorganization";
  fs::create_directories(artifacts);
  const fs::path dir = fs::temp_directory_path() / ("hd-client-reorganization-" + std::to_string(::getpid()));
  auto [root, server] = hd::test::drill_server(dir, "reorganization-drill", hd::test::game_server_args());
  hd::test::GamePlayer alice{server.port(), "alice"};
  hd::test::GamePlayer bob{server.port(), "bob"};
  const auto created = alice.request(hd::test::create_game(
      "reorganization-drill", {v1::SEAT_FRENCH}, hd::test::test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t id = created.game_created().game_id();
  REQUIRE(bob.request(hd::test::join_game(id, v1::SEAT_ALLIED, hd::test::test_entropy("bob")))
              .has_game_changed());

  // Over the protocol: the French eliminate Trip at 6-1 (an exchange takes Soye/6, the advance is
  // declined, whichever the die asks for), then every phase ends until the Allied segment.
  std::uint64_t accepted = 0;
  const auto send = [&](hd::test::GamePlayer& who, const std::string& line, bool may_be_refused) {
    const auto answer = who.request(hd::test::submit_notation(id, line));
    if (answer.has_action_accepted()) {
      accepted = answer.action_accepted().sequence();
      return;
    }
    INFO(line << ": " << answer.refusal().message());
    REQUIRE(may_be_refused);
  };
  send(alice, "french end", false);
  send(alice, "french attack Baud/6 Soye/6 on Trip", false);
  send(alice, "french exchange Soye/6", true);
  send(alice, "french advance none", true);
  send(alice, "french end", false);  // 16/1400 combat
  send(bob, "coalition end", false);
  send(bob, "coalition end", false);
  for (int turn = 1; turn <= 2; ++turn) {
    send(alice, "french end", false);
    send(alice, "french end", false);
    if (turn == 1) {
      send(bob, "coalition end", false);
      send(bob, "coalition end", false);
    }
  }

  // The client as the Allied player, at the segment.
  hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
                                  {"--server", server.url(), "--width", std::to_string(kWidth), "--height",
                                   std::to_string(kHeight), "--user", "bob", "--password", "password-bob",
                                   "--open-game", std::to_string(id), "--data", root.string()},
                                  dir / "client.log", kWidth, kHeight);
  client.send("wait-for game");
  client.send("wait-for sequence " + std::to_string(accepted));
  client.send("wait-for my-decision");
  client.send("frames 3");
  client.send("screenshot " + (artifacts / "segment.png").string());
  const auto at_segment = client.report();
  INFO(client.log());
  REQUIRE(at_segment);
  INFO(at_segment->line);
  CHECK((*at_segment)["decision"] == "mine");
  CHECK((*at_segment)["rule"] == "12.0");
  CHECK(at_segment->items("choices") ==
        std::vector<std::string>{"reorganize_Trip_at_Collaert_in_2828", "end_the_reorganization_segment"});

  // A click on Collaert's hex: the one choice there is taken.
  client.send("click-hex 2828");
  client.send("wait-for sequence " + std::to_string(accepted + 1));
  client.send("wait-for idle");
  client.send("frames 3");
  client.send("screenshot " + (artifacts / "reorganized.png").string());
  const auto after = client.report();
  REQUIRE(after);
  INFO(after->line);
  CHECK((*after)["rule"] == "-");
  CHECK((*after)["choices"] == "-");
  bool trip_back = false;
  for (const std::string& unit : after->items("units"))
    trip_back = trip_back || unit.find(":a:2828:1r") != std::string::npos;  // Trip, reduced, at Collaert
  CHECK(trip_back);
  // The server recorded the choice as 12.0's action.
  const auto actions = hd::test::query(
      server.database_path(),
      "SELECT action FROM game_actions WHERE game_id = " + std::to_string(id) + " ORDER BY sequence");
  REQUIRE_FALSE(actions.empty());
  CHECK(actions.back() == "coalition reorganize Collaert Trip");

  // The panel drew the decision's buttons, and they went with it.
  sf::Image segment, reorganized;
  REQUIRE(segment.loadFromFile((artifacts / "segment.png").string()));
  REQUIRE(reorganized.loadFromFile((artifacts / "reorganized.png").string()));
  REQUIRE(segment.getSize() == sf::Vector2u(kWidth, kHeight));
  CHECK(panel_pixels_changed(segment, reorganized) > 500);
  CHECK(client.finish() == 0);
  fs::remove_all(dir);
}

// The exact colour the client draws a leader's command lines in (view/map_palette.hpp kCommandRange).
long command_line_pixels(const sf::Image& image) {
  long count = 0;
  for (unsigned y = 0; y < kHeight; ++y)
    for (unsigned x = 0; x < kWidth - kPanelWidth; ++x)
      count += image.getPixel(x, y) == sf::Color(0, 150, 150) ? 1 : 0;
  return count;
}

TEST_CASE("11.2 the window client shows a picked leader's command range and whom he commands",
          "[client][e2e][11.2]") {
  const fs::path artifacts = fs::path(hd::test::artifacts_dir()) / "client_command_range";
  fs::create_directories(artifacts);
  const fs::path dir = fs::temp_directory_path() / ("hd-client-command-" + std::to_string(::getpid()));
  auto [root, server] = hd::test::drill_server(dir, "command-drill", hd::test::game_server_args());
  hd::test::GamePlayer alice{server.port(), "alice"};
  hd::test::GamePlayer bob{server.port(), "bob"};
  const auto created = alice.request(hd::test::create_game(
      "command-drill", {v1::SEAT_FRENCH}, hd::test::test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t id = created.game_created().game_id();
  REQUIRE(bob.request(hd::test::join_game(id, v1::SEAT_ALLIED, hd::test::test_entropy("bob")))
              .has_game_changed());

  hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
                                  {"--server", server.url(), "--width", std::to_string(kWidth), "--height",
                                   std::to_string(kHeight), "--user", "alice", "--password", "password-alice",
                                   "--open-game", std::to_string(id), "--data", root.string()},
                                  dir / "client.log", kWidth, kHeight);
  client.send("wait-for game");
  client.send("wait-for my-decision");
  client.send("frames 3");
  client.send("screenshot " + (artifacts / "before.png").string());
  const auto before = client.report();
  INFO(client.log());
  REQUIRE(before);
  std::string ney;
  for (const std::string& unit : before->items("units"))
    if (unit.find(":f:2020:") != std::string::npos) ney = unit.substr(0, unit.find(':'));
  REQUIRE_FALSE(ney.empty());  // Ney, alone in his hex

  // A click on his hex picks him (no combat unit there): his range and his command are asked.
  client.send("click-hex 2020");
  client.send("wait-for idle");
  client.send("frames 3");
  client.send("screenshot " + (artifacts / "range.png").string());
  const auto picked = client.report();
  REQUIRE(picked);
  INFO(picked->line);
  CHECK((*picked)["selected"] == ney);

  sf::Image without, with;
  REQUIRE(without.loadFromFile((artifacts / "before.png").string()));
  REQUIRE(with.loadFromFile((artifacts / "range.png").string()));
  // The line to Reille, two hexes off, is drawn in the command colour; none was before.
  CHECK(command_line_pixels(without) == 0);
  CHECK(command_line_pixels(with) > 40);
  // The panel names whom he commands.
  CHECK(panel_pixels_changed(without, with) > 500);
  CHECK(client.finish() == 0);
  fs::remove_all(dir);
}
