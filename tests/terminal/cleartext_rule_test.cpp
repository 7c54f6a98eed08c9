// Issue 28: the clear-text warning rule (loopback ws:// silent, any other ws:// host warned, wss://
// never) and hd_term's address forms with their default ports.
#include <hd/term/connection.hpp>
#include <hd/wire/tls_client.hpp>

#include <catch2/catch.hpp>

using hd::wire::cleartext_needs_warning;
using hd::wire::is_loopback_host;

TEST_CASE("loopback hosts are localhost, 127.0.0.0/8 and ::1", "[tls]") {
  for (const char* host : {"localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"}) {
    INFO(host);
    CHECK(is_loopback_host(host));
  }
  for (const char* host : {"play.example.org", "10.0.0.5", "192.168.1.2", "::2", "[2001:db8::1]", "128.0.0.1",
                           "localhost.example.org", "", "0.0.0.0"}) {
    INFO(host);
    CHECK_FALSE(is_loopback_host(host));
  }
}

TEST_CASE("only clear text to a host that is not loopback is warned about", "[tls]") {
  CHECK(cleartext_needs_warning(false, "play.example.org"));
  CHECK(cleartext_needs_warning(false, "192.168.1.2"));
  CHECK_FALSE(cleartext_needs_warning(false, "127.0.0.1"));
  CHECK_FALSE(cleartext_needs_warning(false, "localhost"));
  CHECK_FALSE(cleartext_needs_warning(true, "play.example.org"));
  CHECK_FALSE(cleartext_needs_warning(true, "localhost"));
  const std::string text = hd::wire::cleartext_warning("play.example.org");
  CHECK(text.find("play.example.org") != std::string::npos);
  CHECK(text.find("password and session token") != std::string::npos);
}

TEST_CASE("hd_term reads wss:// and ws:// addresses with their default ports", "[tls][terminal]") {
  const auto secure = hd::term::parse_server_address("wss://play.example.org/");
  REQUIRE(secure);
  CHECK(secure->tls);
  CHECK(secure->host == "play.example.org");
  CHECK(secure->port == "443");
  CHECK(secure->path == "/");
  const auto plain = hd::term::parse_server_address("ws://127.0.0.1:8765/game");
  REQUIRE(plain);
  CHECK_FALSE(plain->tls);
  CHECK(plain->port == "8765");
  CHECK(plain->path == "/game");
  CHECK(hd::term::parse_server_address("ws://example.org")->port == "80");
  CHECK(hd::term::parse_server_address("127.0.0.1:8765"));
  CHECK_FALSE(hd::term::parse_server_address("127.0.0.1"));  // a bare host needs its port
  CHECK_FALSE(hd::term::parse_server_address("https://example.org/"));
  CHECK_FALSE(hd::term::parse_server_address("wss://example.org:0/"));
  CHECK_FALSE(hd::term::parse_server_address("wss://example.org:70000/"));
}
