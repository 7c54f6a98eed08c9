// hd_limits runs every measure for real in a short run, the TLS pair (issue 28) included: each row
// is printed with its connections and none failed, and the exit status says every workload was real.
#include "build_paths.hpp"
#include "process.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

TEST_CASE("hd_limits measures B0, ping and both over TLS with no failed connection", "[load][tls]") {
  const auto dir = hd::test::make_temp_directory("hd-limits-smoke");
  const auto out = dir / "limits.out";
  const int pid = hd::test::spawn_process(
      {hd::test::built_program("hd_limits"), "--connections", "4", "--seconds", "1", "--idle", "10"},
      out.string());
  const int status = hd::test::wait_process(pid, std::chrono::seconds(120));
  std::ostringstream text;
  text << std::ifstream(out).rdbuf();
  const std::string output = text.str();
  INFO(output);
  CHECK(status == 0);
  for (const char* row : {"B0", "B0-tls", "ping", "ping-tls"}) {
    INFO(row);
    // "NAME   12345 round trips/s ... 4 connections (0 failed)", a rate above zero.
    const std::regex line(std::string("(^|\\n)") + row +
                          R"( +[1-9]\d* round trips/s .* 4 connections \(0 failed\))");
    CHECK(std::regex_search(output, line));
  }
  CHECK(output.find("over TLS / in clear text: B0 ") != std::string::npos);
  CHECK(output.find("idle     10 connections open (0 failed)") != std::string::npos);
}
