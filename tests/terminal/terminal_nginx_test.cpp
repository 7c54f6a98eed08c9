// Issue 28, "a real nginx in the tests": Debian's nginx (deploy/install-deps.sh) with the site
// deploy/nginx/hundred-days.conf (only names, ports and paths substituted: nginx_process.hpp) in
// front of a real hd_server (loopback, a real SQLite file, `--trusted-proxies`). Two hd_term
// programs register, create, join and play over wss://localhost through it, trusting a test
// authority made by openssl; a certificate from an unknown authority and one for another host name
// are refused with their messages; the server takes each client's address from X-Real-IP.
// nginx connects to the server from 127.0.0.2 (proxy_bind, in the test's wrapper only), so the
// server's TCP peer (127.0.0.2) differs from the address nginx saw and sent (127.0.0.1): the log's
// `client=` field and the per-address connection cap follow the header, not the peer.
#include "build_paths.hpp"
#include "nginx_process.hpp"
#include "term_run.hpp"
#include "test_certificates.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <thread>

using hd::test::contains;
using hd::test::run_term;
using hd::test::TermRun;

namespace {

namespace fs = std::filesystem;

using hd::test::log_lines;

}  // namespace

TEST_CASE("the site's substitution replaces only names, ports and paths, and notices a changed site",
          "[terminal][nginx]") {
  hd::test::NginxSite values;
  values.http_port = 18080;
  values.https_port = 18443;
  values.certificate = "/tmp/t/cert.pem";
  values.private_key = "/tmp/t/key.pem";
  values.upstream_port = 19000;
  values.acme_root = "/tmp/t/acme";
  std::ifstream in(fs::path(hd::test::source_dir()) / "deploy/nginx/hundred-days.conf");
  const std::string site((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string text = hd::test::nginx_test_site(site, values);
  CHECK(contains(text, "listen 127.0.0.1:18443 ssl;"));
  CHECK(contains(text, "listen [::1]:18080;"));
  CHECK(contains(text, "server 127.0.0.1:19000;"));
  CHECK(contains(text, "ssl_certificate     /tmp/t/cert.pem;"));
  CHECK(contains(text, "proxy_set_header X-Real-IP $remote_addr;"));  // the rest as deployed
  CHECK(text.size() < site.size() + 100);
  CHECK_THROWS_WITH(hd::test::nginx_test_site(site + "server { listen 443 ssl; }\n", values),
                    Catch::Contains("listen 443 ssl;"));
}

TEST_CASE("two hd_term programs register, create, join and play over wss:// through nginx",
          "[terminal][e2e][tls][nginx]") {
  const hd::test::ProxiedServer proxied(hd::test::source_dir());
  const std::string url = proxied.nginx->url();
  INFO("nginx error log:\n" << proxied.nginx->error_log());

  const TermRun created = run_term(
      proxied.dir, "alice-create", url,
      {"register alice alice-password", "create quatre-bras take=french prussian=builtin"}, proxied.trust());
  INFO(created.output);
  REQUIRE(created.status == 0);
  CHECK(contains(created.output, "logged in as alice"));
  REQUIRE(contains(created.output, "created game 1 "));

  const TermRun joined = run_term(proxied.dir, "bob-join", url,
                                  {"register bob bob-password", "join 1 allied", "open 1"}, proxied.trust());
  INFO(joined.output);
  REQUIRE(joined.status == 0);
  CHECK(contains(joined.output, "logged in as bob"));

  // The French movement and combat phases ended by alice, then bob ends the coalition movement phase.
  const TermRun played = run_term(
      proxied.dir, "alice-play", url,
      {"login alice alice-password", "open 1", "wait", "french end", "wait", "french end"}, proxied.trust());
  INFO(played.output);
  CHECK(played.status == 0);
  CHECK(contains(played.output, "accepted as sequence 1"));
  CHECK(contains(played.output, "accepted as sequence 2"));
  const TermRun answered =
      run_term(proxied.dir, "bob-play", url, {"login bob bob-password", "open 1", "wait", "coalition end"},
               proxied.trust());
  INFO(answered.output);
  CHECK(answered.status == 0);
  CHECK(contains(answered.output, "accepted as sequence"));

  // Every connection came through nginx from 127.0.0.2; the server named the client by X-Real-IP.
  const auto log = proxied.server->log();
  const auto opened = log_lines(log, "connection_opened");
  INFO("server log:\n" << log);
  CHECK(opened.size() >= 3);
  for (const auto& line : opened) {
    CHECK(contains(line, "peer=127.0.0.2:"));
    CHECK((contains(line, "client=127.0.0.1") || contains(line, "client=::1")));
  }
  CHECK(contains(proxied.nginx->access_log(), "127.0.0.1 - - ["));

  SECTION("plain HTTP: the ACME challenges from the site's root, a redirect for everything else") {
    const auto challenges = proxied.nginx->directory() / "acme/.well-known/acme-challenge";
    fs::create_directories(challenges);
    std::ofstream(challenges / "token-1") << "proof-1\n";
    const auto [challenge_status, challenge] =
        hd::test::http_get(proxied.nginx->http_port(), "/.well-known/acme-challenge/token-1");
    CHECK(challenge_status == 200);
    CHECK(challenge == "proof-1\n");
    CHECK(hd::test::http_get(proxied.nginx->http_port(), "/").first == 301);
  }

  SECTION("a certificate from an unknown authority is refused") {
    const TermRun refused = run_term(proxied.dir, "system-store", url, {"login alice alice-password"});
    INFO(refused.output);
    CHECK(refused.status == 1);
    CHECK(contains(refused.output, "the server's certificate is not signed by a trusted authority"));
    CHECK_FALSE(contains(refused.output, "logged in"));
  }

  SECTION("a certificate for another host name or address is refused") {
    // nginx's certificate names localhost only; 127.0.0.1 is the same nginx under another name.
    const TermRun by_address = run_term(proxied.dir, "by-address", proxied.nginx->url("127.0.0.1"),
                                        {"login alice alice-password"}, proxied.trust());
    INFO(by_address.output);
    CHECK(by_address.status == 1);
    CHECK(contains(by_address.output,
                   "the server's certificate is not valid for this host (IP address mismatch)"));
    CHECK_FALSE(contains(by_address.output, "logged in"));

    // A second nginx on the same site whose certificate, from the same authority, is for another name.
    hd::test::make_certificate(proxied.dir, "ca", "other", "DNS:other.example");
    const hd::test::NginxProcess elsewhere(proxied.nginx_options("other"));
    const TermRun by_name =
        run_term(proxied.dir, "other-name", elsewhere.url(), {"login alice alice-password"}, proxied.trust());
    INFO(by_name.output);
    CHECK(by_name.status == 1);
    CHECK(
        contains(by_name.output, "the server's certificate is not valid for this host (hostname mismatch)"));
    CHECK_FALSE(contains(by_name.output, "logged in"));
  }
}

TEST_CASE("the per-address connection cap counts a client through nginx by its X-Real-IP",
          "[terminal][e2e][tls][nginx]") {
  // One connection per address. A direct connection from 127.0.0.1 (not a trusted proxy: its own
  // address) takes 127.0.0.1's place; hd_term through nginx, whose TCP peer is 127.0.0.2 but whose
  // X-Real-IP is 127.0.0.1, is then refused, and is let in once the direct one has closed.
  const hd::test::ProxiedServer proxied(hd::test::source_dir(), {"--max-connections-per-address", "1"});
  const std::string url = proxied.nginx->url();
  INFO("nginx error log:\n" << proxied.nginx->error_log());
  auto direct = std::make_unique<hd::test::WsTestClient>(proxied.server->port());
  REQUIRE(direct->hello(1));

  const TermRun refused =
      run_term(proxied.dir, "capped", url, {"register alice alice-password"}, proxied.trust());
  INFO(refused.output);
  INFO("server log:\n" << proxied.server->log());
  CHECK(refused.status == 1);
  CHECK_FALSE(contains(refused.output, "logged in"));
  const auto refusals = log_lines(proxied.server->log(), "upgrade_refused");
  REQUIRE(refusals.size() == 1);
  CHECK(contains(refusals[0], "client=127.0.0.1"));
  CHECK(contains(refusals[0], "reason=per_address_cap"));

  direct.reset();
  // The server frees the place when it sees the direct connection close; hd_term retries nothing,
  // so wait for that close in the log first.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (log_lines(proxied.server->log(), "connection_closed").empty() &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const TermRun admitted =
      run_term(proxied.dir, "admitted", url, {"register alice alice-password"}, proxied.trust());
  INFO(admitted.output);
  CHECK(admitted.status == 0);
  CHECK(contains(admitted.output, "logged in as alice"));
}
