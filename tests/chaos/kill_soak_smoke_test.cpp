// hd_kill_soak in a short run over TLS (issue 28): the server with its own TLS listener is killed
// with SIGKILL a few times while two games are played by bots on wss://, and the soak's own checks
// hold: every game ended, 0 lost or doubled, every integrity check ok, every final view the
// server's (docs/soak.md).
#include "build_paths.hpp"
#include "process.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

namespace {

// The file's whole text.
std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("hd_kill_soak --tls: bots on wss:// lose nothing through kills", "[chaos][e2e][tls]") {
  const auto dir = hd::test::make_temp_directory("hd-kill-soak-tls");
  const auto output = dir / "soak.out";
  const int pid = hd::test::spawn_process({hd::test::built_program("hd_kill_soak"), "--tls", "--kills", "3",
                                           "--games", "2", "--seed", "3", "--dir", dir.string()},
                                          output.string());
  const int status = hd::test::wait_process(pid, std::chrono::seconds(100));
  const std::string report = read_text(output);
  INFO(report);
  CHECK(status == 0);
  std::smatch summary;
  REQUIRE(std::regex_search(
      report, summary,
      std::regex("kill soak \\(TLS\\): ([0-9]+) kills in [0-9.e+]+ s, ([0-9]+) games ended, 0 "
                 "failed; ([0-9]+) acknowledged actions: 0 lost or doubled; "
                 "integrity_check failed 0 times; 0 final views differing; ([0-9]+) "
                 "reconnect attempts")));
  CHECK(std::stoi(summary[1]) == 3);
  // Every game of every round ended: two a round. The soak starts another round when the games of
  // one end before its third kill, so a fast machine may play more than one.
  const std::regex round_line("round [0-9]+: [0-9]+ kills .* 2/2 games ended");
  const auto round_lines =
      std::distance(std::sregex_iterator(report.begin(), report.end(), round_line), std::sregex_iterator());
  CHECK(round_lines >= 1);
  CHECK(std::stoi(summary[2]) == 2 * round_lines);
  // Real games, and the kills did cut the bots' connections.
  CHECK(std::stol(summary[3]) >= 100);
  CHECK(std::stol(summary[4]) > 0);
  // The bots played on the TLS listener (each restart opened one) with the test authority.
  const std::string log = read_text(dir / "server.log");
  CHECK(log.find("event=listening_tls") != std::string::npos);
  CHECK(std::filesystem::exists(dir / "ca.pem"));
  WARN(report.substr(report.find("kill soak")));
}
