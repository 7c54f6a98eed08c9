// The hd_term program's `webhook` command against the real server (loopback, a real SQLite file):
// it sets the account's webhook (SetWebhook, issue 16) and prints the signing secret once, prints the
// server's reason for a refused URL (a bad one, or a private address: docs/server.md, "Webhooks")
// leaving the webhook in force, and clears it.
#include "build_paths.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"
#include "term_run.hpp"

#include <catch2/catch.hpp>

#include <regex>

using hd::test::contains;
using hd::test::run_term;
using hd::test::ServerOptions;
using hd::test::ServerProcess;

TEST_CASE(
    "hd_term webhook sets the account's webhook, shows its secret once, refuses a bad URL and clears it",
    "[terminal][e2e]") {
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  ServerProcess server(options);
  // --strict: a refused command ends the run with status 1, so each refusal comes last.
  const hd::test::TermRun set =
      run_term(server.directory(), "webhook-set", server.url(),
               {"register alice alice-password", "webhook https://hooks.example.org/alice",
                "webhook http://127.0.0.1:9/hook"});
  INFO(set.output);
  CHECK(contains(set.output, "webhook set: https://hooks.example.org/alice\n"));
  std::smatch secret;
  REQUIRE(std::regex_search(set.output, secret,
                            std::regex("signing secret \\(shown once[^)]*\\): ([0-9a-f]{64})\n")));
  CHECK(contains(set.output, "public addresses only"));  // a loopback receiver, by default
  CHECK(set.status == 1);

  const hd::test::TermRun bad = run_term(server.directory(), "webhook-bad", server.url(),
                                         {"login alice alice-password", "webhook ftp://hooks.example.org/x"});
  INFO(bad.output);
  CHECK(contains(bad.output, "a webhook url is http://host"));
  CHECK(bad.status == 1);
  // Both refusals left the webhook set first as it was.
  const auto stored =
      hd::test::query(server.database_path(), "SELECT url || ' ' || secret FROM account_webhooks");
  REQUIRE(stored.size() == 1);
  CHECK(stored.front() == "https://hooks.example.org/alice " + secret[1].str());

  const hd::test::TermRun cleared =
      run_term(server.directory(), "webhook-clear", server.url(), {"login alice alice-password", "webhook"});
  INFO(cleared.output);
  CHECK(cleared.status == 0);
  CHECK(contains(cleared.output, "webhook cleared\n"));
  CHECK(hd::test::query(server.database_path(), "SELECT count(*) FROM account_webhooks") ==
        std::vector<std::string>{"0"});
}
