// Issue 28: the window client's clear-text warning on the real window (hd_client under xvfb-run,
// driven by --script -). A ws:// address that is not loopback shows the warning on the login screen
// and the first Register press sends nothing; the second registers. Loopback ws:// shows none.
//
// The address that is not loopback: this machine's own host name (gethostname). The rule
// (hd::wire::is_loopback_host) never resolves names, so any name but "localhost" is warned about,
// even one that resolves to 127.0.x.x as /etc/hosts usually makes the host's own name. The server
// listens on the address the name resolves to, so the connection stays on this machine.
#include "build_paths.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"

#include <hd/wire/tls_client.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netdb.h>
#include <string>
#include <unistd.h>

using hd::test::ScriptedClient;

namespace {

// This machine's host name and the first IPv4 address it resolves to (REQUIREd to exist).
std::pair<std::string, std::string> own_name_and_address() {
  char name[256] = {};
  REQUIRE(gethostname(name, sizeof name - 1) == 0);
  addrinfo hints{};
  hints.ai_family = AF_INET;
  addrinfo* found = nullptr;
  INFO("host name " << name);
  REQUIRE(getaddrinfo(name, nullptr, &hints, &found) == 0);
  char text[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(found->ai_addr)->sin_addr, text, sizeof text);
  freeaddrinfo(found);
  return {name, text};
}

// The pixels of the warning's ink (login_screen.cpp: kWarning) in the login box's lower part.
int warning_pixels(const std::string& png) {
  sf::Image image;
  REQUIRE(image.loadFromFile(png));
  int count = 0;
  for (unsigned y = 230; y < 400; ++y)
    for (unsigned x = 440; x < 840; ++x) {
      const sf::Color c = image.getPixel(x, y);
      count += c.r == 250 && c.g == 200 && c.b == 70;
    }
  return count;
}

// Types alice's name and password into the login form (Tab between the fields).
void fill_form(ScriptedClient& client) {
  client.send("wait-for welcome");
  client.send("frames 3");
  client.send("text alice");
  client.send("key Tab");
  client.send("text alice-password");
  client.send("frames 2");
}

// Register spans x 690..800, y 194..226 in a 1280 px window (login_screen.cpp).
constexpr const char* kRegisterClick = "click 745 210";

}  // namespace

TEST_CASE("ws:// to a host that is not loopback: warned on the login screen, sent only when confirmed",
          "[client][e2e][tls]") {
  const auto [name, address] = own_name_and_address();
  REQUIRE(hd::wire::cleartext_needs_warning(false, name));
  hd::test::ServerOptions options;
  options.extra_args = {"--listen", address};
  hd::test::ServerProcess server(options);
  const std::string url = "ws://" + name + ":" + std::to_string(server.port()) + "/";
  INFO("url " << url);
  const auto dir = server.directory();
  ScriptedClient client(hd::test::built_program("hd_client"), {"--server", url, "--no-state"},
                        dir / "warned-client.log");
  fill_form(client);
  const auto warned = hd::test::settled_report(client);
  CHECK(warned["state"] == "welcomed");
  CHECK(warned["cleartext"] == "warned");
  client.send("screenshot " + (dir / "warned.png").string());
  client.send(kRegisterClick);
  client.send("frames 3");
  const auto asked = hd::test::settled_report(client);
  CHECK(asked["cleartext"] == "asked");
  client.send("screenshot " + (dir / "asked.png").string());
  client.send("frames 1");
  REQUIRE(hd::test::settled_report(client)["cleartext"] ==
          "asked");  // the screenshot is written once this returns
  INFO("server log:\n" << server.log());
  // Nothing of the account reached the server: no registration, no login.
  CHECK(server.log().find("event=account_registered") == std::string::npos);
  CHECK(server.log().find("event=logged_in") == std::string::npos);
  CHECK(warning_pixels((dir / "warned.png").string()) > 50);
  CHECK(warning_pixels((dir / "asked.png").string()) > 50);

  client.send(kRegisterClick);
  client.send("wait-for logged-in");
  const auto agreed = hd::test::settled_report(client);
  CHECK(agreed["cleartext"] == "agreed");
  client.send("quit");
  CHECK(client.finish() == 0);
  CHECK(server.log().find("event=account_registered") != std::string::npos);
}

TEST_CASE("ws:// to loopback: no warning, the first press registers", "[client][e2e][tls]") {
  hd::test::ServerProcess server;
  const auto dir = server.directory();
  ScriptedClient client(hd::test::built_program("hd_client"), {"--server", server.url(), "--no-state"},
                        dir / "loopback-client.log");
  fill_form(client);
  CHECK(hd::test::settled_report(client)["cleartext"] == "none");
  client.send("screenshot " + (dir / "loopback.png").string());
  client.send(kRegisterClick);
  client.send("wait-for logged-in");
  CHECK(hd::test::settled_report(client)["state"] == "welcomed");
  CHECK(warning_pixels((dir / "loopback.png").string()) == 0);
  client.send("quit");
  CHECK(client.finish() == 0);
  CHECK(server.log().find("event=account_registered") != std::string::npos);
}
