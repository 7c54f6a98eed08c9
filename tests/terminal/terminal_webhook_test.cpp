// The hd_term program's `webhook` command against the real server (loopback, a real SQLite file):
// it sets the account's webhook (SetWebhook, issue 16) and prints the signing secret once, refuses a
// bad URL leaving the webhook in force, and clears it.
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
  options.extra_args = hd::test::cheap_hashing_args(std::string(HD_SOURCE_DIR) + "/scenarios");
  ServerProcess server(options);
  const hd::test::TermRun set = run_term(
      server.directory(), "webhook-set", server.url(),
      {"register alice alice-password", "webhook http://127.0.0.1:9/hook", "webhook ftp://127.0.0.1/hook"});
  INFO(set.output);
  CHECK(contains(set.output, "webhook set: http://127.0.0.1:9/hook\n"));
  std::smatch secret;
  REQUIRE(std::regex_search(set.output, secret,
                            std::regex("signing secret \\(shown once[^)]*\\): ([0-9a-f]{64})\n")));
  // The bad URL is refused with the server's reason; the stored webhook is the one set before.
  CHECK(contains(set.output, "a webhook url is http://host"));
  CHECK(set.status == 1);  // --strict: the refused command fails the run
  const auto stored =
      hd::test::query(server.database_path(), "SELECT url || ' ' || secret FROM account_webhooks");
  REQUIRE(stored.size() == 1);
  CHECK(stored.front() == "http://127.0.0.1:9/hook " + secret[1].str());

  const hd::test::TermRun cleared =
      run_term(server.directory(), "webhook-clear", server.url(), {"login alice alice-password", "webhook"});
  INFO(cleared.output);
  CHECK(cleared.status == 0);
  CHECK(contains(cleared.output, "webhook cleared\n"));
  CHECK(hd::test::query(server.database_path(), "SELECT count(*) FROM account_webhooks") ==
        std::vector<std::string>{"0"});
}
