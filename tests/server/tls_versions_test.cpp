// Issue 28: the server's own TLS listener speaks TLS 1.2 and 1.3 only (server/src/ops/tls_context.cpp).
// The openssl command's s_client, against a real hd_server with a test certificate
// (tests/support/tls_server.hpp), is made to offer exactly one version each time; its security
// level is lowered to 0 so that OpenSSL 3 offers TLS 1.0 and 1.1 at all, so a refusal is the
// server's (it answers with the "protocol version" alert and logs event=tls_handshake_failed).
#include "build_paths.hpp"
#include "nginx_process.hpp"
#include "process.hpp"
#include "tls_server.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct Handshake {
  int status = -1;
  std::string output;
};

// `openssl s_client` with `options` against the TLS listener, verifying the certificate against the
// test authority for the name localhost; its input is empty, so it ends once the handshake is done.
Handshake s_client(const hd::test::TlsServer& tls, const std::string& name, const std::string& options) {
  const auto out = tls.dir / ("s_client-" + name + ".out");
  const std::string command = "exec openssl s_client -connect 127.0.0.1:" + std::to_string(tls.tls_port) +
                              " -servername localhost -verify_return_error -CAfile '" +
                              (tls.dir / "ca.pem").string() + "' " + options + " </dev/null";
  Handshake result;
  const int pid = hd::test::spawn_process({"sh", "-c", command}, out.string());
  result.status = hd::test::wait_process(pid, std::chrono::seconds(30));
  std::ostringstream text;
  text << std::ifstream(out).rdbuf();
  result.output = text.str();
  return result;
}

}  // namespace

TEST_CASE("the TLS listener refuses TLS 1.0 and 1.1 and accepts 1.2 and 1.3", "[server][e2e][tls]") {
  const hd::test::TlsServer tls(hd::test::data_root());
  for (const char* version : {"tls1", "tls1_1"}) {
    INFO(version);
    const auto refused = s_client(tls, version, std::string("-") + version + " -cipher DEFAULT@SECLEVEL=0");
    INFO(refused.output);
    CHECK(refused.status != 0);
    CHECK(contains(refused.output, "alert protocol version"));
    CHECK(contains(refused.output, "Cipher is (NONE)"));
  }
  const auto logged = hd::test::log_lines(tls.server->log(), "tls_handshake_failed");
  INFO(tls.server->log());
  CHECK(logged.size() == 2);
  for (const auto& line : logged)
    CHECK(contains(line, "unsupported protocol"));

  const auto tls12 = s_client(tls, "tls1_2", "-tls1_2");
  INFO(tls12.output);
  CHECK(tls12.status == 0);
  CHECK(contains(tls12.output, "New, TLSv1.2, Cipher is ECDHE-"));
  CHECK(contains(tls12.output, "Verify return code: 0 (ok)"));
  const auto tls13 = s_client(tls, "tls1_3", "-tls1_3");
  INFO(tls13.output);
  CHECK(tls13.status == 0);
  CHECK(contains(tls13.output, "New, TLSv1.3, Cipher is TLS_"));
  CHECK(contains(tls13.output, "Verify return code: 0 (ok)"));
}

TEST_CASE("TLS 1.2 without ECDHE or AEAD is refused", "[server][e2e][tls]") {
  const hd::test::TlsServer tls(hd::test::data_root());
  // RSA key exchange with CBC and SHA-1: offered by the client, in no list of the server's.
  const auto weak = s_client(tls, "weak", "-tls1_2 -cipher AES128-SHA@SECLEVEL=0");
  INFO(weak.output);
  CHECK(weak.status != 0);
  CHECK(contains(weak.output, "alert handshake failure"));
  CHECK(contains(weak.output, "Cipher is (NONE)"));
  CHECK(hd::test::log_lines(tls.server->log(), "tls_handshake_failed").size() == 1);
}
