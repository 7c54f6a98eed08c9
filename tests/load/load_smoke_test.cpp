// hd_load against the real server binary: a few concurrent bot games (two bots, and one bot against
// the built-in player) all finish with no error, and the report carries the figures docs/load.md uses.
#include "process.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace {

std::string run_load(const hd::test::ServerProcess& server, const std::string& name,
                     const std::vector<std::string>& args, int& status) {
  const auto output = server.directory() / (name + ".out");
  std::vector<std::string> argv{HD_LOAD_BINARY, "--server", server.url(), "--data",
                                std::string(HD_SOURCE_DIR) + "/scenarios"};
  argv.insert(argv.end(), args.begin(), args.end());
  const int pid = hd::test::spawn_process(argv, output.string());
  status = hd::test::wait_process(pid, std::chrono::seconds(500));
  std::ifstream in(output);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("hd_load plays concurrent bot games to the end without error", "[load][e2e]") {
  // The server keeps its default request rate limit (20 a second per connection): the bots act
  // faster than that and must back off and send again on RATE_LIMITED (hd::term::Client::request),
  // never give up or be closed for it.
  hd::test::ServerOptions options;
  options.extra_args = {"--argon2-memory-kib", "8192",
                        "--argon2-operations", "1",
                        "--data-root",         std::string(HD_SOURCE_DIR) + "/scenarios"};
  hd::test::ServerProcess server(options);
  int status = 0;
  const std::string two_bots = run_load(server, "two-bots", {"--games", "3", "--seed", "5"}, status);
  INFO(two_bots);
  CHECK(status == 0);
  CHECK(two_bots.find("finished 3, errors 0") != std::string::npos);
  CHECK(two_bots.find("refusals 0") != std::string::npos);
  CHECK(two_bots.find("median") != std::string::npos);
  CHECK(two_bots.find("sent again after RATE_LIMITED") != std::string::npos);
  WARN(two_bots);

  const std::string builtin =
      run_load(server, "builtin", {"--games", "2", "--vs-builtin", "--seed", "6"}, status);
  INFO(builtin);
  CHECK(status == 0);
  CHECK(builtin.find("finished 2, errors 0") != std::string::npos);
}
