// The hd_term program's `email` command against the real server (loopback, a real SQLite file, a
// real local SMTP sink): it sets the account's address (SetEmail, issue 16) and says a code was
// mailed, confirms it with the code read from the sink, prints the server's reason for a refused
// address or code leaving the address as it was, and removes it.
#include "build_paths.hpp"
#include "server_process.hpp"
#include "smtp_sink.hpp"
#include "sqlite_rows.hpp"
#include "term_run.hpp"

#include <catch2/catch.hpp>

#include <regex>

using hd::test::contains;
using hd::test::run_term;
using hd::test::ServerOptions;
using hd::test::ServerProcess;

TEST_CASE("hd_term email sets, confirms and removes the account's address, and shows refusals",
          "[terminal][e2e]") {
  hd::test::SmtpSink sink;
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  options.extra_args.insert(options.extra_args.end(),
                            {"--smtp-url", sink.url(), "--smtp-from", "turns@play.example.org"});
  ServerProcess server(options);
  // --strict: a refused command ends the run with status 1, so each refusal comes last.
  const hd::test::TermRun set =
      run_term(server.directory(), "email-set", server.url(),
               {"register alice alice-password", "email alice@example.org", "email confirm 0000000x"});
  INFO(set.output);
  CHECK(contains(set.output, "e-mail address set: alice@example.org\n"));
  CHECK(contains(set.output, "email confirm CODE"));
  CHECK(contains(set.output, "wrong code"));
  CHECK(set.status == 1);

  const hd::test::TermRun bad = run_term(server.directory(), "email-bad", server.url(),
                                         {"login alice alice-password", "email not-an-address"});
  INFO(bad.output);
  CHECK(contains(bad.output, "an e-mail address is name@domain"));
  CHECK(bad.status == 1);
  CHECK(hd::test::query(server.database_path(), "SELECT address || ' ' || confirmed FROM account_emails") ==
        std::vector<std::string>{"alice@example.org 0"});

  std::string code;
  REQUIRE(sink.wait([&](const std::vector<hd::test::Mail>& all) {
    std::smatch found;
    for (const auto& mail : all)
      if (std::regex_search(mail.body, found, std::regex("Your confirmation code is ([0-9]{8})\\.")))
        code = found[1].str();
    return !code.empty();
  }));
  const hd::test::TermRun confirmed = run_term(server.directory(), "email-confirm", server.url(),
                                               {"login alice alice-password", "email confirm " + code});
  INFO(confirmed.output);
  CHECK(confirmed.status == 0);
  CHECK(contains(confirmed.output, "e-mail address confirmed: alice@example.org"));
  CHECK(hd::test::query(server.database_path(), "SELECT confirmed FROM account_emails") ==
        std::vector<std::string>{"1"});

  const hd::test::TermRun removed =
      run_term(server.directory(), "email-remove", server.url(), {"login alice alice-password", "email"});
  INFO(removed.output);
  CHECK(removed.status == 0);
  CHECK(contains(removed.output, "e-mail address removed\n"));
  CHECK(hd::test::query(server.database_path(), "SELECT count(*) FROM account_emails") ==
        std::vector<std::string>{"0"});

  // `email confirm` without its code is a usage error, never an address "confirm" sent to the server.
  const hd::test::TermRun no_code = run_term(server.directory(), "email-no-code", server.url(),
                                             {"login alice alice-password", "email confirm"});
  INFO(no_code.output);
  CHECK(no_code.status == 1);
  CHECK(contains(no_code.output, "usage: email"));
  CHECK(hd::test::query(server.database_path(), "SELECT count(*) FROM account_emails") ==
        std::vector<std::string>{"0"});
}
