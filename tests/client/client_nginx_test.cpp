// Issue 28, "a real nginx in the tests": the window client (hd_client under xvfb-run, driven by
// --script -) over wss:// through Debian's nginx with the deployed site in front of a real hd_server
// (tests/support/nginx_process.hpp), trusting a test authority by --ca-file. It registers alice;
// hd_term (same wss:// address) creates a game as alice and joins it as bob; the window client opens
// the game and ends the French movement phase by Ctrl+E, which the server accepts. It refuses a
// certificate from an unknown authority and one for another name, saying so. The server's log
// names every client by nginx's X-Real-IP (127.0.0.1), not its TCP peer (nginx, from 127.0.0.2).
#include "build_paths.hpp"
#include "nginx_process.hpp"
#include "scripted_client.hpp"
#include "term_run.hpp"
#include "test_certificates.hpp"
#include "virtual_display.hpp"

#include <catch2/catch.hpp>

using hd::test::contains;
using hd::test::make_game_one;
using hd::test::ScriptedClient;
using hd::test::TermRun;

namespace {}  // namespace

TEST_CASE("the window client registers, opens a game and plays over wss:// through nginx",
          "[client][e2e][nginx]") {
  const hd::test::ProxiedServer proxied(hd::test::source_dir());
  const std::string url = proxied.nginx->url();
  INFO("nginx error log:\n" << proxied.nginx->error_log());
  const std::vector<std::string> trusted{"--server", url, "--ca-file", (proxied.dir / "ca.pem").string()};

  {
    auto args = trusted;
    args.insert(args.end(), {"--user", "alice", "--password", "alice-password", "--register"});
    ScriptedClient client(hd::test::built_program("hd_client"), args, proxied.dir / "register-client.log");
    client.send("wait-for logged-in");
    const auto report = hd::test::settled_report(client);
    CHECK(report["state"] == "welcomed");
    client.send("quit");
    CHECK(client.finish() == 0);
  }

  const std::string not_made = make_game_one(proxied.dir, url, proxied.trust());
  INFO(not_made);
  REQUIRE(not_made.empty());

  {
    auto args = trusted;
    args.insert(args.end(), {"--user", "alice", "--password", "alice-password", "--open-game", "1"});
    ScriptedClient client(hd::test::built_program("hd_client"), args, proxied.dir / "play-client.log");
    const auto [before, after] = hd::test::end_phase_by_ctrl_e(client);
    INFO(before.line);
    CHECK(before["seq"] == "0");
    CHECK(before["phasing"] == "french");
    INFO(after.line);
    CHECK(after["seq"] == "1");
    CHECK(after["phase"] != before["phase"]);
    client.send("quit");
    CHECK(client.finish() == 0);
  }

  const auto log = proxied.server->log();
  INFO("server log:\n" << log);
  const auto opened = hd::test::log_lines(log, "connection_opened");
  CHECK(opened.size() >= 4);
  for (const auto& line : opened) {
    CHECK(contains(line, "peer=127.0.0.2:"));
    CHECK((contains(line, "client=127.0.0.1") || contains(line, "client=::1")));
  }
}

// Runs the client with --screenshot (it exits 3, having printed why, when no welcome comes) against
// `url` with `extra` options; returns its exit status and its output.
TermRun run_window_client(const std::filesystem::path& dir, const std::string& name, const std::string& url,
                          const std::vector<std::string>& extra) {
  auto display =
      hd::test::in_virtual_display(1280, 800,
                                   {hd::test::built_program("hd_client"), "--server", url, "--screenshot",
                                    (dir / (name + ".png")).string(), "--screenshot-timeout-seconds", "30"});
  display.argv.insert(display.argv.end(), extra.begin(), extra.end());
  const auto output = dir / (name + ".out");
  const int pid = hd::test::spawn_process(display.argv, output.string());
  TermRun run;
  run.status = hd::test::wait_process(pid, std::chrono::seconds(90));
  run.output = hd::test::read_text_file(output);
  return run;
}

TEST_CASE("the window client refuses nginx's certificate from an unknown authority or for another name",
          "[client][e2e][nginx]") {
  const hd::test::ProxiedServer proxied(hd::test::source_dir());
  const TermRun unknown = run_window_client(proxied.dir, "unknown-authority", proxied.nginx->url(), {});
  INFO(unknown.output);
  CHECK(unknown.status == 3);
  CHECK(contains(unknown.output, "no welcome from the server"));
  CHECK(contains(unknown.output, "the server's certificate is not signed by a trusted authority"));

  // The certificate names localhost only; 127.0.0.1 is the same nginx under another name.
  const TermRun by_address =
      run_window_client(proxied.dir, "by-address", proxied.nginx->url("127.0.0.1"), proxied.trust());
  INFO(by_address.output);
  CHECK(by_address.status == 3);
  CHECK(contains(by_address.output,
                 "the server's certificate is not valid for this host (IP address mismatch)"));

  // A second nginx on the same site whose certificate, from the same authority, is for another name.
  hd::test::make_certificate(proxied.dir, "ca", "other", "DNS:other.example");
  const hd::test::NginxProcess elsewhere(proxied.nginx_options("other"));
  const TermRun by_name = run_window_client(proxied.dir, "other-name", elsewhere.url(), proxied.trust());
  INFO(by_name.output);
  CHECK(by_name.status == 3);
  CHECK(contains(by_name.output, "the server's certificate is not valid for this host (hostname mismatch)"));
  CHECK(hd::test::log_lines(proxied.server->log(), "connection_opened").empty());
}
