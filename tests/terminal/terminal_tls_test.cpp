// Issue 28: hd_term over wss:// against the server's own TLS listener (real processes on loopback,
// a real SQLite file). A test certificate authority and server certificates are made with the
// openssl command; hd_term trusts the authority through --ca-file. Also: a certificate for another
// host name and one from an unknown authority are refused with a clear message, and SIGHUP re-reads
// the certificate (a broken file keeps the previous one).
#include "build_paths.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "term_run.hpp"
#include "test_certificates.hpp"
#include "tls_server.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using hd::test::contains;
using hd::test::make_authority;
using hd::test::make_certificate;
using hd::test::run_term;
using hd::test::TermRun;

namespace {

namespace fs = std::filesystem;

// The server with its TLS listener, on the repository's scenarios.
struct TlsServer : hd::test::TlsServer {
  TlsServer() : hd::test::TlsServer(hd::test::data_root()) {}
};

}  // namespace

TEST_CASE("hd_term registers, creates a game and plays over wss:// with --ca-file", "[terminal][e2e][tls]") {
  TlsServer tls;
  const std::vector<std::string> trust{"--ca-file", (tls.dir / "ca.pem").string()};
  const TermRun played = run_term(
      tls.dir, "play", tls.url(),
      {"register alice secret-password", "create quatre-bras take=french prussian=builtin allied=builtin",
       "open 1", "wait", "french end"},
      trust);
  INFO(played.output);
  CHECK(played.status == 0);
  CHECK(contains(played.output, "logged in as alice"));
  CHECK(contains(played.output, "created game 1 "));
  CHECK(contains(played.output, "accepted as sequence"));

  // By address too: the certificate names 127.0.0.1; and the plain listener still serves loopback.
  const TermRun by_address =
      run_term(tls.dir, "address", tls.url("127.0.0.1"), {"login alice secret-password"}, trust);
  INFO(by_address.output);
  CHECK(by_address.status == 0);
  CHECK(contains(by_address.output, "logged in as alice"));
  const TermRun plain = run_term(tls.dir, "plain", tls.server->url(), {"login alice secret-password"});
  INFO(plain.output);
  CHECK(plain.status == 0);
  CHECK(contains(plain.output, "logged in as alice"));
  CHECK_FALSE(contains(plain.output, "not encrypted"));  // loopback ws:// is silent

  SECTION("a certificate from an unknown authority is refused, with or without another --ca-file") {
    const TermRun system_store = run_term(tls.dir, "system", tls.url(), {"login alice secret-password"});
    INFO(system_store.output);
    CHECK(system_store.status == 1);
    CHECK(contains(system_store.output, "the server's certificate is not signed by a trusted authority"));
    CHECK_FALSE(contains(system_store.output, "logged in"));

    make_authority(tls.dir, "stranger");
    const TermRun stranger = run_term(tls.dir, "stranger", tls.url(), {"login alice secret-password"},
                                      {"--ca-file", (tls.dir / "stranger.pem").string()});
    INFO(stranger.output);
    CHECK(stranger.status == 1);
    CHECK(contains(stranger.output, "the server's certificate is not signed by a trusted authority"));
    CHECK(contains(tls.server->log(), "event=tls_handshake_failed"));
  }

  SECTION("SIGHUP with a broken certificate file keeps the previous certificate") {
    std::ofstream(tls.dir / "server.pem", std::ios::trunc) << "not a certificate\n";
    tls.reload_and_wait_for("tls_reload_failed");
    const TermRun after = run_term(tls.dir, "after", tls.url(), {"login alice secret-password"}, trust);
    INFO(after.output);
    CHECK(after.status == 0);
    CHECK(contains(after.output, "logged in as alice"));
  }

  SECTION("SIGHUP serves a renewed certificate: one for another host name is refused") {
    make_certificate(tls.dir, "ca", "server", "DNS:other.example");
    tls.reload_and_wait_for("tls_certificate_reloaded");
    const TermRun mismatch = run_term(tls.dir, "mismatch", tls.url(), {"login alice secret-password"}, trust);
    INFO(mismatch.output);
    CHECK(mismatch.status == 1);
    CHECK(
        contains(mismatch.output, "the server's certificate is not valid for this host (hostname mismatch)"));
    CHECK_FALSE(contains(mismatch.output, "logged in"));
  }
}

TEST_CASE("hd_term refuses a clear-text address that is not loopback unless allowed", "[terminal][tls]") {
  const fs::path dir = hd::test::make_temp_directory("hd-cleartext");
  // 192.0.2.1 (TEST-NET-1) is never reached: the refusal comes before any connection.
  const TermRun refused = run_term(dir, "refused", "ws://192.0.2.1:8765/", {"games"});
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "your password and session token would travel in clear text"));
  CHECK(contains(refused.output, "--allow-cleartext"));
  CHECK_FALSE(contains(refused.output, "cannot connect"));
}
