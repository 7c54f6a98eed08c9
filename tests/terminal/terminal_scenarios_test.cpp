// The hd_term program's `scenarios` command against the real server (loopback, a real SQLite file,
// the source tree's scenarios): it asks ListScenarios and prints every scenario the server serves
// with its force options (a secret one with its side, 18.5C), optional rules and seats, and marks
// NOT BY THE BOOK those whose rules in force lack a module, naming the rules.
#include "build_paths.hpp"
#include "drill_data_root.hpp"
#include "server_process.hpp"
#include "term_run.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <sstream>

using hd::test::contains;
using hd::test::run_term;
using hd::test::ServerOptions;
using hd::test::ServerProcess;

namespace {

// The lines of `output` from the scenario's first line ("slug: ...") up to the next line that does
// not start with a space (the next scenario, or the end); empty when the scenario is not listed.
std::string block_of(const std::string& output, const std::string& slug) {
  std::istringstream in(output);
  std::string line;
  std::string block;
  bool inside = false;
  while (std::getline(in, line)) {
    if (inside && !line.empty() && line[0] != ' ') break;
    if (!inside && line.rfind(slug + ": ", 0) == 0) inside = true;
    if (inside) block += line + "\n";
  }
  return block;
}

}  // namespace

TEST_CASE("hd_term scenarios lists the server's scenarios with options, rules, seats and NOT BY THE BOOK",
          "[terminal][e2e]") {
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  ServerProcess server(options);
  const hd::test::TermRun run =
      run_term(server.directory(), "scenarios", server.url(), {"register alice alice-password", "scenarios"});
  INFO(run.output);
  REQUIRE(run.status == 0);

  // Every scenario folder the server serves, counted and each listed.
  const auto slugs = hd::loader::list_scenarios(hd::test::data_root());
  CHECK(contains(run.output, "\n" + std::to_string(slugs.size()) + " scenarios\n"));
  for (const std::string& slug : slugs)
    CHECK_FALSE(block_of(run.output, slug).empty());

  const std::string quatre_bras = block_of(run.output, "quatre-bras");
  INFO(quatre_bras);
  CHECK(quatre_bras.rfind("quatre-bras: Quatre Bras (rule 19.0)\n", 0) == 0);
  CHECK(contains(quatre_bras, "  seats: french allied\n"));
  CHECK(contains(quatre_bras, "  option 19.5A: Buttlar left two battalions with the wagon train\n"));
  for (const char* id : {"19.5B", "19.5C", "19.5D", "19.5E"})
    CHECK(contains(quatre_bras, std::string("  option ") + id + ": "));
  CHECK(contains(quatre_bras, "  optional rules: 15.1 15.2 16.3 16.6\n"));  // 16.3, 16.6: issue 14
  CHECK_FALSE(contains(quatre_bras, "NOT BY THE BOOK"));
  CHECK_FALSE(contains(quatre_bras, "secret choice"));

  // 18.5C is the French player's secret written choice; 18.5A is open.
  const std::string ligny = block_of(run.output, "ligny");
  INFO(ligny);
  CHECK(contains(ligny,
                 "  option 18.5C: French First Corps marches to Ligny (secret choice of the french side)\n"));
  CHECK(contains(ligny, "  option 18.5A: Prussian losses on 15 June\n"));
  CHECK(contains(ligny, "  seats: french prussian\n"));

  // Every shipped scenario plays by the book, the Campaign Variant since 28.0C-D.
  const std::string campaign_variant = block_of(run.output, "campaign-variant");
  INFO(campaign_variant);
  CHECK(contains(campaign_variant, "  seats: french prussian allied\n"));
  CHECK_FALSE(contains(run.output, "NOT BY THE BOOK"));
}

TEST_CASE("hd_term scenarios marks a scenario whose rules lack a module NOT BY THE BOOK, naming them",
          "[terminal][e2e]") {
  // A drill naming 16.8, which has no module yet.
  const auto dir = hd::test::make_temp_directory("hd-term-scenarios");
  auto [root, server] =
      hd::test::drill_server(dir, "missing-rule-drill", hd::test::cheap_hashing_args(hd::test::data_root()));
  const hd::test::TermRun run =
      run_term(server.directory(), "scenarios", server.url(), {"register alice alice-password", "scenarios"});
  INFO(run.output);
  REQUIRE(run.status == 0);
  const std::string mark = "  NOT BY THE BOOK: missing ";
  const std::string drill = block_of(run.output, "missing-rule-drill");
  INFO(drill);
  REQUIRE(contains(drill, mark));
  const std::size_t rules_at = drill.find(mark) + mark.size();
  CHECK(drill.substr(rules_at, drill.find('\n', rules_at) - rules_at) == "16.8");
}

TEST_CASE("hd_term scenarios before a login is refused and fails under --strict", "[terminal][e2e]") {
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  ServerProcess server(options);
  const hd::test::TermRun run = run_term(server.directory(), "anonymous", server.url(), {"scenarios"});
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK(contains(run.output, "refused (LOGIN_REQUIRED"));
  CHECK_FALSE(contains(run.output, "quatre-bras: "));
}

TEST_CASE("hd_term scenarios SCENARIO prints the briefing the server lists, and refuses an unknown one",
          "[terminal][e2e]") {
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  ServerProcess server(options);
  const hd::test::TermRun run = run_term(server.directory(), "briefing", server.url(),
                                         {"register alice alice-password", "scenarios quatre-bras"});
  INFO(run.output);
  REQUIRE(run.status == 0);
  const std::string quatre_bras = block_of(run.output, "quatre-bras");
  INFO(quatre_bras);
  // 19.2B's turns on the turn track, 19.4C's victory for each side, the base forces' special
  // lines, then each option with what it adds (19.5D: two lines of its own rule).
  CHECK(contains(quatre_bras, "  turns: 16/1400 to 16/2000, 7 turns, rain: none\n"));
  CHECK(contains(quatre_bras, "  victory: french win: 19.4C most VP at the end\n"));
  CHECK(contains(quatre_bras, "  victory: coalition win: 19.4C most VP at the end\n"));
  CHECK(contains(quatre_bras, "  victory: french instant win: 19.4A the Allies disintegrate\n"));
  CHECK(
      contains(quatre_bras, "  special 19.4C (1 VP for holding Quatre Bras at the end of a player turn): "));
  CHECK(contains(quatre_bras, "): 1 VP to the player controlling Quatre Bras (1641)"));
  CHECK(contains(quatre_bras, "  option 19.5D: French First Corps could have arrived\n    special 19.5D ("));
  CHECK(contains(quatre_bras, "): The Allies receive 2 VP for each turn the First Corps is in play\n"));
  CHECK_FALSE(contains(quatre_bras, "  option 19.5D: French First Corps could have arrived\n    turns:"));

  const hd::test::TermRun unknown = run_term(server.directory(), "briefing-unknown", server.url(),
                                             {"login alice alice-password", "scenarios no-such-place"});
  INFO(unknown.output);
  CHECK(unknown.status == 1);
  CHECK(contains(unknown.output, "the server serves no scenario 'no-such-place'"));
}
