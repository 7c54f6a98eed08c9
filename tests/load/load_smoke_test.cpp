// hd_load against the real server binary: a few concurrent bot games (two bots, and one bot against
// the built-in player) all finish with no error, and the report carries the figures docs/load.md uses;
// paced with --rate (issue 15); watched live by spectators (--spectators, issue 15); and the same over wss://
// to the server's own TLS listener, the test authority verified (issue 28).
#include "build_paths.hpp"
#include "metrics_scrape.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "tls_server.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

// Runs hd_load against `url` with `args`, its output kept in `directory`; returns the output and
// sets `status`.
std::string run_load(const std::filesystem::path& directory, const std::string& url, const std::string& name,
                     const std::vector<std::string>& args, int& status) {
  const auto output = directory / (name + ".out");
  std::vector<std::string> argv{hd::test::built_program("hd_load"), "--server", url};
  argv.insert(argv.end(), args.begin(), args.end());
  const int pid = hd::test::spawn_process(argv, output.string());
  status = hd::test::wait_process(pid, std::chrono::seconds(500));
  std::ifstream in(output);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string run_load(const hd::test::ServerProcess& server, const std::string& name,
                     const std::vector<std::string>& args, int& status) {
  return run_load(server.directory(), server.url(), name, args, status);
}

// The actions hd_load reports (its "actions N (...)" line), -1 if none.
long reported_actions(const std::string& report) {
  std::smatch match;
  return std::regex_search(report, match, std::regex("\\nactions ([0-9]+) ")) ? std::stol(match[1]) : -1;
}

// Each of `values` given to `flag` (with one game) is a usage error: exit status 2 and `message`.
void check_usage_errors(const hd::test::ServerProcess& server, const std::string& flag,
                        const std::vector<std::string>& values, const std::string& message) {
  for (const std::string& value : values) {
    int status = 0;
    const std::string refused = run_load(server, "bad" + flag, {"--games", "1", flag, value}, status);
    INFO(flag << " '" << value << "': " << refused);
    CHECK(status == 2);
    CHECK(refused.find(message) != std::string::npos);
  }
}

// The source tree's scenarios, which the servers serve.
const std::string kDataRoot = hd::test::data_root();

// A server on the source tree's scenarios with cheap password hashing and its default limits.
hd::test::ServerOptions cheap_hashing_server() {
  return hd::test::ServerOptions{hd::test::cheap_hashing_args(kDataRoot), {}};
}

// As cheap_hashing_server, with no request rate limit to speak of: for the runs that are not about
// backing off from RATE_LIMITED (with the defaults, every bot on 127.0.0.1 shares one address's 60
// requests a second and the runs take several times as long).
hd::test::ServerOptions unthrottled_server() {
  return hd::test::ServerOptions{hd::test::unthrottled_args(kDataRoot), {}};
}

}  // namespace

TEST_CASE("hd_load plays concurrent bot games to the end without error", "[load][e2e]") {
  // The server keeps its default request rate limit (20 a second per connection): the bots act
  // faster than that and must back off and send again on RATE_LIMITED (hd::term::Client::request),
  // never give up or be closed for it.
  hd::test::ServerProcess server(cheap_hashing_server());
  int status = 0;
  const std::string two_bots = run_load(server, "two-bots", {"--games", "3", "--seed", "5"}, status);
  INFO(two_bots);
  CHECK(status == 0);
  CHECK(two_bots.find("finished 3, errors 0") != std::string::npos);
  CHECK(two_bots.find("refusals 0") != std::string::npos);
  CHECK(two_bots.find("median") != std::string::npos);
  CHECK(two_bots.find("sent again after RATE_LIMITED") != std::string::npos);
  CHECK(two_bots.find("rate: not paced") != std::string::npos);
  WARN(two_bots);
}

TEST_CASE("hd_load plays games against the built-in player and with fog of war", "[load][e2e]") {
  hd::test::ServerProcess server(unthrottled_server());
  int status = 0;
  const std::string builtin =
      run_load(server, "builtin", {"--games", "2", "--vs-builtin", "--seed", "6"}, status);
  INFO(builtin);
  CHECK(status == 0);
  CHECK(builtin.find("finished 2, errors 0") != std::string::npos);

  // Issue 14: with fog of war and hidden movement chosen, the bots play from their seats' views (a
  // refusal there is counted and chosen again, not an error: the report says how many).
  const std::string fog =
      run_load(server, "fog", {"--games", "2", "--rules", "16.3,16.6", "--seed", "8"}, status);
  INFO(fog);
  CHECK(status == 0);
  CHECK(fog.find("quatre-bras, with 16.3 16.6 (two bots each)") != std::string::npos);
  CHECK(fog.find("finished 2, errors 0") != std::string::npos);
  CHECK(reported_actions(fog) >= 100);
  WARN(fog);
}

TEST_CASE("hd_load paces the bots' actions with --rate and reports the rate", "[load][e2e]") {
  // Issue 15: two games, their SubmitActions paced to 40 a second for the whole run (about 10 a
  // second per connection, under the server's default limit of 20).
  hd::test::ServerProcess server(cheap_hashing_server());
  int status = 0;
  const std::string paced =
      run_load(server, "paced", {"--games", "2", "--seed", "9", "--rate", "40"}, status);
  INFO(paced);
  CHECK(status == 0);
  CHECK(paced.find("finished 2, errors 0") != std::string::npos);
  CHECK(paced.find("median") != std::string::npos);
  std::smatch rate;
  REQUIRE(
      std::regex_search(paced, rate,
                        std::regex("\\nrate: asked 40\\.0 actions per second, achieved ([0-9.]+) \\(([0-9]+) "
                                   "accepted in [0-9.]+ s paced; SubmitActions sent ([0-9]+), ")));
  CHECK(std::stol(rate[2]) == reported_actions(paced));
  CHECK(std::stol(rate[3]) >= std::stol(rate[2]));  // every SubmitAction took a slot, refused ones too
  // No run sends faster than its schedule (slowness can only lower the achieved rate): n actions
  // span at least (n - 1) / 40 s, so at most 40 n / (n - 1) a second, n being over 100 here.
  CHECK(reported_actions(paced) >= 100);
  CHECK(std::stod(rate[1]) <= 40.0 * 1.02);
  WARN(paced);

  // A rate that is not a number above 0 is a usage error, said plainly.
  check_usage_errors(server, "--rate", {"0", "-5", "fast", "nan", "12x"},
                     "hd_load: --rate R takes a number of actions a second above 0");
}

TEST_CASE("hd_load's spectators watch every game live to its end", "[load][e2e]") {
  // Issue 15: the durable path's fan-out reaches the other seat and the spectators. Two games,
  // two spectators each, watching the French side's view live: each is sent every action.
  hd::test::ServerProcess server(unthrottled_server());
  int status = 0;
  const std::string watched =
      run_load(server, "watched", {"--games", "2", "--seed", "13", "--spectators", "2"}, status);
  INFO(watched);
  CHECK(status == 0);
  CHECK(watched.find("finished 2, errors 0") != std::string::npos);
  std::smatch seen;
  REQUIRE(std::regex_search(
      watched, seen, std::regex("\\nspectators: 2 a game, watching live; updates sent to them ([0-9]+) ")));
  CHECK(reported_actions(watched) >= 100);
  // An update for each action, to each of the two spectators of its game.
  CHECK(std::stol(seen[1]) == 2 * reported_actions(watched));

  // A count that is not 0 to 100 is a usage error.
  check_usage_errors(server, "--spectators", {"-1", "101", "many", "2x", ""},
                     "hd_load: --spectators N takes 0 to 100 spectators a game");
}

TEST_CASE("hd_load plays bot games over wss:// with the certificate verified", "[load][e2e][tls]") {
  // Issue 28: the server's own TLS listener with a test authority's certificate for localhost; no
  // request rate limit to speak of, as above.
  const hd::test::TlsServer tls(kDataRoot, hd::test::rate_limits_off_args());
  const std::string ca_file = (tls.dir / "ca.pem").string();
  int status = 0;
  const std::string report =
      run_load(tls.dir, tls.url(), "tls", {"--games", "2", "--seed", "7", "--ca-file", ca_file}, status);
  INFO(report);
  CHECK(status == 0);
  CHECK(report.find("over TLS (wss://)") != std::string::npos);
  CHECK(report.find("finished 2, errors 0") != std::string::npos);
  CHECK(report.find("refusals 0") != std::string::npos);
  // A real workload: two whole Quatre Bras games (about 125 actions each).
  CHECK(reported_actions(report) >= 100);
  WARN(report);

  // Verification is never off: without the authority the system's store does not trust the
  // certificate and no game starts.
  const std::string untrusted =
      run_load(tls.dir, tls.url(), "untrusted", {"--games", "1", "--seed", "8"}, status);
  INFO(untrusted);
  CHECK(status == 1);
  CHECK(untrusted.find("finished 0, errors 1") != std::string::npos);
  CHECK(reported_actions(untrusted) == 0);
}

TEST_CASE("with the WAL synced beside the strand a batch stays open while a sync runs: one COMMIT a sync",
          "[load][e2e][issue15][wal-sync]") {
  // Issue 15 (app/hub.hpp, commit_unsynced_batch): six bot games at once, unpaced, so that requests
  // arrive while the WAL's sync runs. They join the batch left open, which commits once the sync is
  // done and is then synced on its own: as many syncs as COMMITs. Before, each inbox batch committed
  // at once, and those committed during a sync waited for the next: fewer syncs than COMMITs (this
  // check failed twice in two runs against that code, with 744 and 755 COMMITs).
  std::vector<std::string> args = hd::test::unthrottled_args(kDataRoot);
  args.insert(args.end(), {"--wal-sync-off-strand", "on", "--max-connections-per-address", "100"});
  hd::test::ServerProcess server(hd::test::ServerOptions{args, {}});
  int status = 0;
  const std::string report =
      run_load(server, "wal-sync", {"--games", "6", "--concurrency", "6", "--seed", "12"}, status);
  INFO(report);
  CHECK(status == 0);
  CHECK(report.find("finished 6, errors 0") != std::string::npos);
  CHECK(reported_actions(report) >= 300);
  // The last batch's sync may still be under way when the bots are done.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  auto samples = hd::test::scrape(server.port());
  while (hd::test::sample(samples, "hd_wal_syncs_total") <
             hd::test::sample(samples, "hd_batch_commits_unsynced_total") &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    samples = hd::test::scrape(server.port());
  }
  const double commits = hd::test::sample(samples, "hd_batch_commits_unsynced_total");
  INFO("COMMITs " << commits << ", batches' requests "
                  << hd::test::sample(samples, "hd_batch_requests_total"));
  CHECK(commits >= 100);
  CHECK(hd::test::sample(samples, "hd_wal_syncs_total") == commits);
}
