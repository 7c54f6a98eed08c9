// Issue 28, "the same test against the server's own TLS listener": the window client (hd_client
// under xvfb-run, driven by --script -, tests/client/scripted_client.hpp) over wss:// straight to
// hd_server's TLS listener (--tls-certificate, --tls-private-key; tests/support/tls_server.hpp) on
// loopback with a real SQLite file, trusting the test authority by --ca-file. It registers alice and
// reaches the lobby; hd_term (same wss:// address) creates a game as alice and joins it as bob; the
// window client opens the game and ends the French movement phase by Ctrl+E, which the server
// stores. Then the refusals: a certificate from an unknown authority (no --ca-file, or another
// authority's) and one for another host name end the connection before any welcome, the login
// screen's status bar says why, and the server sees no account and no login.
#include "build_paths.hpp"
#include "scripted_client.hpp"
#include "sqlite_rows.hpp"
#include "term_run.hpp"
#include "test_certificates.hpp"
#include "tls_server.hpp"
#include "view/palette.hpp"
#include "view/screen_layout.hpp"

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

using hd::test::contains;
using hd::test::make_game_one;
using hd::test::ScriptedClient;
namespace fs = std::filesystem;
namespace palette = hd::client::palette;
namespace layout = hd::client::layout;

namespace {

constexpr unsigned kHeight = 800;  // ScriptedClient's window: 1280 x 800

// The server with its TLS listener, on the repository's scenarios.
struct TlsServer : hd::test::TlsServer {
  TlsServer() : hd::test::TlsServer(fs::path(hd::test::data_root())) {}
  std::vector<std::string> trust() const { return {"--ca-file", (dir / "ca.pem").string()}; }
};

// The colour of the status bar's connection lamp (status_bar_view.cpp), at its centre.
palette::Rgb lamp(const sf::Image& image) {
  const auto x = static_cast<unsigned>(layout::kLampLeft + layout::kLampSize / 2);
  const auto y = static_cast<unsigned>(kHeight - layout::kStatusBarHeight / 2);
  const sf::Color c = image.getPixel(x, y);
  return {c.r, c.g, c.b};
}

// Pixels of the status line's ink (palette::kStatusText) right of the lamp.
int status_ink(const sf::Image& image) {
  int count = 0;
  for (unsigned y = kHeight - static_cast<unsigned>(layout::kStatusBarHeight); y < kHeight; ++y)
    for (unsigned x = static_cast<unsigned>(layout::kStatusTextLeft); x < 1280; ++x) {
      const sf::Color c = image.getPixel(x, y);
      count +=
          c.r == palette::kStatusText.r && c.g == palette::kStatusText.g && c.b == palette::kStatusText.b;
    }
  return count;
}

// The login box's fill (login_screen.cpp) below its buttons: the login screen is the one drawn.
bool login_box_drawn(const sf::Image& image) {
  return image.getPixel(470, 300) == sf::Color(52, 60, 72);
}

// Runs the window client against `url` with `extra` options, registering alice as it would once
// welcomed, until the connection has failed; saves the login screen as `name`.png (kept in the
// artifacts) and returns the client's last report. The client quits and exits 0.
hd::test::ClientReport refused_client(const TlsServer& tls, const std::string& name, const std::string& url,
                                      const std::vector<std::string>& extra) {
  std::vector<std::string> args{"--server",       url,         "--user", "alice", "--password",
                                "alice-password", "--register"};
  args.insert(args.end(), extra.begin(), extra.end());
  ScriptedClient client(hd::test::built_program("hd_client"), args, tls.dir / (name + ".log"));
  client.send("wait-for failed");
  client.send("frames 3");
  const fs::path png = tls.dir / (name + ".png");
  client.send("screenshot " + png.string());
  const auto report = hd::test::settled_report(client);  // the screenshot is written once this returns
  client.send("quit");
  CHECK(client.finish() == 0);
  INFO(report.line);
  CHECK(report["state"] == "failed");
  const sf::Image image = hd::test::keep_screenshot(png, hd::test::artifacts_dir());
  CHECK(login_box_drawn(image));
  CHECK(lamp(image) == palette::kLampFailed);
  CHECK(status_ink(image) > 200);  // "Connection failed: the server's certificate ..."
  return report;
}

// The server saw neither an account nor a login (its log and its SQLite file).
void check_no_login(const TlsServer& tls) {
  const std::string log = tls.server->log();
  INFO("server log:\n" << log);
  CHECK(contains(log, "event=tls_handshake_failed"));
  CHECK_FALSE(contains(log, "event=account_registered"));
  CHECK_FALSE(contains(log, "event=logged_in"));
  CHECK(hd::test::query(tls.server->database_path(), "SELECT count(*) FROM accounts") ==
        std::vector<std::string>{"0"});
}

}  // namespace

TEST_CASE("the window client registers, opens a game and plays over wss:// against the server's TLS listener",
          "[client][e2e][tls]") {
  const TlsServer tls;
  const std::string url = tls.url();
  INFO("url " << url);

  {
    auto args = tls.trust();
    args.insert(args.end(),
                {"--server", url, "--user", "alice", "--password", "alice-password", "--register"});
    ScriptedClient client(hd::test::built_program("hd_client"), args, tls.dir / "register-client.log");
    client.send("wait-for logged-in");
    client.send("wait-for lobby");
    client.send("frames 3");
    const fs::path png = tls.dir / "tls-lobby.png";
    client.send("screenshot " + png.string());
    const auto report = hd::test::settled_report(client);
    INFO(report.line);
    CHECK(report["state"] == "welcomed");
    CHECK(report["cleartext"] == "none");
    CHECK(report["failure"] == "-");
    client.send("quit");
    CHECK(client.finish() == 0);
    const sf::Image image = hd::test::keep_screenshot(png, hd::test::artifacts_dir());
    CHECK(lamp(image) == palette::kLampWelcomed);
    CHECK_FALSE(login_box_drawn(image));
  }
  INFO("server log:\n" << tls.server->log());
  CHECK(contains(tls.server->log(), "event=account_registered"));

  const std::string not_made = make_game_one(tls.dir, url, tls.trust());
  INFO(not_made);
  REQUIRE(not_made.empty());

  {
    auto args = tls.trust();
    args.insert(args.end(),
                {"--server", url, "--user", "alice", "--password", "alice-password", "--open-game", "1"});
    ScriptedClient client(hd::test::built_program("hd_client"), args, tls.dir / "play-client.log");
    const fs::path png = tls.dir / "tls-game.png";
    const auto [before, after] = hd::test::end_phase_by_ctrl_e(client, png);
    INFO(before.line);
    CHECK(before["seq"] == "0");
    CHECK(before["phasing"] == "french");
    INFO(after.line);
    CHECK(after["seq"] == "1");
    CHECK(after["phase"] != before["phase"]);
    client.send("quit");
    CHECK(client.finish() == 0);
    CHECK(lamp(hd::test::keep_screenshot(png, hd::test::artifacts_dir())) == palette::kLampWelcomed);
  }

  // The action the window client sent is in the server's SQLite file, as the game's first.
  const auto actions = hd::test::query(
      tls.server->database_path(), "SELECT sequence FROM game_actions WHERE game_id = 1 ORDER BY sequence");
  CHECK_FALSE(actions.empty());
  CHECK(actions.front() == "1");
}

TEST_CASE(
    "the window client refuses the TLS listener's certificate from an unknown authority or for another name",
    "[client][e2e][tls]") {
  TlsServer tls;

  SECTION("no --ca-file: the system's authorities do not know the test authority") {
    const auto report = refused_client(tls, "tls-unknown-authority", tls.url(), {});
    CHECK(contains(report["failure"], "the_server's_certificate_is_not_signed_by_a_trusted_authority"));
    check_no_login(tls);
  }

  SECTION("--ca-file of another authority") {
    hd::test::make_authority(tls.dir, "stranger");
    const auto report = refused_client(tls, "tls-stranger-authority", tls.url(),
                                       {"--ca-file", (tls.dir / "stranger.pem").string()});
    CHECK(contains(report["failure"], "the_server's_certificate_is_not_signed_by_a_trusted_authority"));
    check_no_login(tls);
  }

  SECTION("a certificate from the trusted authority for another host name (served after SIGHUP)") {
    hd::test::make_certificate(tls.dir, "ca", "server", "DNS:other.example");
    tls.reload_and_wait_for("tls_certificate_reloaded");
    const auto report = refused_client(tls, "tls-other-name", tls.url(), tls.trust());
    CHECK(contains(report["failure"],
                   "the_server's_certificate_is_not_valid_for_this_host_(hostname_mismatch)"));
    check_no_login(tls);
  }
}
