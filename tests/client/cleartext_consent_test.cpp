// Issue 28: the window client's clear-text question (model/cleartext_consent.hpp) and the options
// that go with it. The loopback rule itself is hd_wire's, tested in cleartext_rule_test.
#include "model/cleartext_consent.hpp"

#include "app/client_options.hpp"
#include "view/word_wrap.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <variant>

using hd::client::CleartextConsent;

TEST_CASE("clear text to a host that is not loopback: the first press asks, the second sends", "[tls]") {
  CleartextConsent consent(false, "play.example.org", false);
  CHECK(consent.warning());
  CHECK_FALSE(consent.asked());
  CHECK(std::string(consent.word()) == "warned");
  CHECK(consent.text().find("play.example.org") != std::string::npos);
  CHECK(consent.text().find("password and session token") != std::string::npos);
  CHECK_FALSE(consent.press());
  CHECK(consent.asked());
  CHECK(std::string(consent.word()) == "asked");
  CHECK(consent.press());
  CHECK_FALSE(consent.warning());
  CHECK(std::string(consent.word()) == "agreed");
  CHECK(consent.press());  // once agreed, for the rest of the process
}

TEST_CASE("loopback clear text, wss:// and --allow-cleartext send at the first press", "[tls]") {
  for (const char* host : {"127.0.0.1", "localhost", "127.0.0.2", "::1"}) {
    INFO(host);
    CleartextConsent loopback(false, host, false);
    CHECK_FALSE(loopback.warning());
    CHECK(loopback.text().empty());
    CHECK(std::string(loopback.word()) == "none");
    CHECK(loopback.press());
  }
  CleartextConsent secure(true, "play.example.org", false);
  CHECK_FALSE(secure.warning());
  CHECK(secure.press());
  CleartextConsent allowed(false, "play.example.org", true);
  CHECK_FALSE(allowed.warning());
  CHECK(std::string(allowed.word()) == "agreed");
  CHECK(allowed.press());
  CHECK(CleartextConsent().press());
}

TEST_CASE("--user over clear text to a host that is not loopback needs --allow-cleartext", "[tls]") {
  using hd::client::parse_options;
  const auto refused =
      parse_options({"--server", "ws://play.example.org:8765/", "--user", "a", "--password", "p"});
  REQUIRE(std::holds_alternative<std::string>(refused));
  CHECK(std::get<std::string>(refused).find("--allow-cleartext") != std::string::npos);
  CHECK(std::get<std::string>(refused).find("play.example.org") != std::string::npos);
  const auto allowed = parse_options(
      {"--server", "ws://play.example.org:8765/", "--user", "a", "--password", "p", "--allow-cleartext"});
  REQUIRE(std::holds_alternative<hd::client::ClientOptions>(allowed));
  CHECK(std::get<hd::client::ClientOptions>(allowed).allow_cleartext);
  CHECK(std::holds_alternative<hd::client::ClientOptions>(
      parse_options({"--server", "ws://127.0.0.1:8765/", "--user", "a", "--password", "p"})));
  CHECK(std::holds_alternative<hd::client::ClientOptions>(
      parse_options({"--server", "wss://play.example.org/", "--user", "a", "--password", "p"})));
  // Without --user the login screen asks.
  CHECK(std::holds_alternative<hd::client::ClientOptions>(
      parse_options({"--server", "ws://play.example.org:8765/"})));
}

TEST_CASE("word_wrap cuts at spaces within the width") {
  using hd::client::word_wrap;
  CHECK(word_wrap("", 10).empty());
  CHECK(word_wrap("one two three", 7) == std::vector<std::string>{"one two", "three"});
  CHECK(word_wrap("a  b", 10) == std::vector<std::string>{"a b"});
  CHECK(word_wrap("unbreakableword x", 5) == std::vector<std::string>{"unbreakableword", "x"});
}
