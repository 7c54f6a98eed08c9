// End-to-end accounts: register, log in, resume on a new connection, log out everywhere, and the
// refusals (BAD_CREDENTIALS, NAME_TAKEN, LOGIN_REQUIRED), through the real server and SQLite file.
#include "account_steps.hpp"
#include "server_process.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
using hd::test::ServerOptions;
using hd::test::ServerProcess;
using hd::test::WsTestClient;

namespace {

// The first column of each row of a query on the server's database.
std::vector<std::string> column(const std::filesystem::path& database, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
  std::vector<std::string> values;
  while (sqlite3_step(statement) == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(statement, 0);
    values.emplace_back(text ? reinterpret_cast<const char*>(text) : "NULL");
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return values;
}

ServerOptions fast_hashing() {
  return ServerOptions{hd::test::fast_hashing_args(), {}};
}

v1::ClientEnvelope list_games(std::uint64_t request_id) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_list_games();
  return envelope;
}

// A welcomed connection to the server.
std::unique_ptr<WsTestClient> connect(const ServerProcess& server) {
  auto client = std::make_unique<WsTestClient>(server.port());
  hd::test::say_hello(*client);
  return client;
}

v1::RefusalCode refusal_code(const v1::ServerEnvelope& answer) {
  return answer.has_refusal() ? answer.refusal().code() : v1::REFUSAL_CODE_UNSPECIFIED;
}

}  // namespace

TEST_CASE("Register logs in and stores an Argon2id hash and only the token's digest", "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  auto client = connect(server);
  const auto answer = hd::test::register_account(*client, "Napoleon", "ligny-1815", 2);
  REQUIRE(answer.has_logged_in());
  CHECK(answer.logged_in().username() == "Napoleon");
  CHECK(answer.logged_in().account_id() >= 1);
  const std::string token = answer.logged_in().session_token();
  CHECK(token.size() == 64);

  CHECK(column(server.database_path(), "SELECT username FROM accounts") ==
        std::vector<std::string>{"Napoleon"});
  const auto hashes = column(server.database_path(), "SELECT password_hash FROM accounts");
  REQUIRE(hashes.size() == 1);
  CHECK(hashes[0].rfind("$argon2id$v=19$m=8192,t=1", 0) == 0);
  const auto digests = column(server.database_path(), "SELECT token_digest FROM sessions");
  REQUIRE(digests.size() == 1);
  CHECK(digests[0].size() == 64);
  CHECK(digests[0] != token);
  CHECK(column(server.database_path(), "SELECT count(*) FROM sessions WHERE token_digest = '" + token +
                                           "'") == std::vector<std::string>{"0"});
  CHECK(server.log().find("event=account_registered") != std::string::npos);
}

TEST_CASE("Login with the password, then ResumeSession with its token on a new connection",
          "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  std::uint64_t account_id = 0;
  {
    auto first = connect(server);
    account_id =
        hd::test::register_account(*first, "Wellington", "waterloo-1815", 2).logged_in().account_id();
  }
  auto second = connect(server);
  const auto logged = hd::test::login(*second, "wellington", "waterloo-1815", 7);
  REQUIRE(logged.has_logged_in());
  CHECK(logged.request_id() == 7);
  CHECK(logged.logged_in().account_id() == account_id);
  CHECK(logged.logged_in().username() == "Wellington");  // as registered, whatever case was typed
  const std::string token = logged.logged_in().session_token();

  auto third = connect(server);
  const auto resumed = hd::test::resume_session(*third, token, 3);
  REQUIRE(resumed.has_logged_in());
  CHECK(resumed.logged_in().account_id() == account_id);
  CHECK(resumed.logged_in().username() == "Wellington");
  CHECK(resumed.logged_in().session_token() == token);
  // Now logged in, the connection's requests reach the games (not LOGIN_REQUIRED).
  CHECK(refusal_code(hd::test::request(*third, list_games(4))) != v1::REFUSAL_CODE_LOGIN_REQUIRED);
}

TEST_CASE("a session token survives a server restart", "[e2e][accounts]") {
  std::filesystem::path directory;
  std::string token;
  {
    ServerProcess server(fast_hashing());
    directory = server.directory();
    auto client = connect(server);
    token = hd::test::register_account(*client, "Blucher", "vorwaerts-1815", 2).logged_in().session_token();
    CHECK(server.stop() == 0);
  }
  ServerProcess again(ServerOptions{hd::test::fast_hashing_args(), directory});
  auto client = connect(again);
  const auto resumed = hd::test::resume_session(*client, token, 2);
  REQUIRE(resumed.has_logged_in());
  CHECK(resumed.logged_in().username() == "Blucher");
}

TEST_CASE("Logout makes the token useless everywhere; the account's other sessions live on",
          "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  auto first = connect(server);
  const std::string token =
      hd::test::register_account(*first, "Grouchy", "wavre-18-june", 2).logged_in().session_token();
  auto second = connect(server);
  REQUIRE(hd::test::resume_session(*second, token, 2).has_logged_in());
  auto elsewhere = connect(server);
  const std::string other_token =
      hd::test::login(*elsewhere, "Grouchy", "wavre-18-june", 2).logged_in().session_token();

  const auto out = hd::test::logout(*first, 3);
  REQUIRE(out.has_logged_out());
  CHECK(out.request_id() == 3);
  CHECK(refusal_code(hd::test::request(*first, list_games(4))) == v1::REFUSAL_CODE_LOGIN_REQUIRED);

  // The connection that resumed with the same token hears an unasked LoggedOut and is logged out.
  const auto notice = second->receive();
  REQUIRE(notice);
  CHECK(notice->request_id() == 0);
  CHECK(notice->has_logged_out());
  CHECK(refusal_code(hd::test::request(*second, list_games(3))) == v1::REFUSAL_CODE_LOGIN_REQUIRED);

  auto later = connect(server);
  const auto refused = hd::test::resume_session(*later, token, 2);
  CHECK(refusal_code(refused) == v1::REFUSAL_CODE_BAD_CREDENTIALS);

  // A separate login of the same account is another session: it still works.
  CHECK(refusal_code(hd::test::request(*elsewhere, list_games(3))) != v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(hd::test::resume_session(*later, other_token, 3).has_logged_in());
  CHECK(column(server.database_path(), "SELECT count(*) FROM sessions") == std::vector<std::string>{"1"});
}

TEST_CASE("a wrong password and an unknown user get the same BAD_CREDENTIALS answer", "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  auto client = connect(server);
  REQUIRE(hd::test::register_account(*client, "Soult", "chief-of-staff", 2).has_logged_in());

  auto stranger = connect(server);
  const auto wrong = hd::test::login(*stranger, "Soult", "chief-of-stuff", 2);
  const auto unknown = hd::test::login(*stranger, "Berthier", "chief-of-staff", 3);
  REQUIRE(wrong.has_refusal());
  REQUIRE(unknown.has_refusal());
  CHECK(wrong.refusal().code() == v1::REFUSAL_CODE_BAD_CREDENTIALS);
  CHECK(unknown.refusal().code() == v1::REFUSAL_CODE_BAD_CREDENTIALS);
  CHECK(wrong.refusal().message() == unknown.refusal().message());
  CHECK(refusal_code(hd::test::request(*stranger, list_games(4))) == v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(refusal_code(hd::test::resume_session(*stranger, std::string(64, 'a'), 5)) ==
        v1::REFUSAL_CODE_BAD_CREDENTIALS);
  // Refusals are logged with their connection, request and code.
  CHECK(server.log().find("request=2 code=BAD_CREDENTIALS") != std::string::npos);
  CHECK(server.log().find("event=login_failed") != std::string::npos);
}

TEST_CASE("a taken name (in any case) and bad names or passwords are refused and change nothing",
          "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  auto client = connect(server);
  REQUIRE(hd::test::register_account(*client, "Ney", "bravest-of-the-brave", 2).has_logged_in());
  auto other = connect(server);
  CHECK(refusal_code(hd::test::register_account(*other, "NEY", "another-password", 2)) ==
        v1::REFUSAL_CODE_NAME_TAKEN);
  CHECK(refusal_code(hd::test::register_account(*other, "ab", "long-enough-pw", 3)) ==
        v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(refusal_code(hd::test::register_account(*other, "Drouet d'Erlon", "long-enough-pw", 4)) ==
        v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(refusal_code(hd::test::register_account(*other, "Lobau", "short", 5)) ==
        v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(column(server.database_path(), "SELECT username FROM accounts") == std::vector<std::string>{"Ney"});
  // The original password still works; the refused one never did.
  CHECK(hd::test::login(*other, "Ney", "bravest-of-the-brave", 6).has_logged_in());
}

TEST_CASE("before login, other requests and Logout get LOGIN_REQUIRED", "[e2e][accounts]") {
  ServerProcess server(fast_hashing());
  auto client = connect(server);
  const auto listed = hd::test::request(*client, list_games(2));
  CHECK(listed.request_id() == 2);
  CHECK(refusal_code(listed) == v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(refusal_code(hd::test::logout(*client, 3)) == v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(server.log().find("code=LOGIN_REQUIRED") != std::string::npos);
}

TEST_CASE("with the default Argon2id cost, requests behind a slow login are answered in order",
          "[e2e][accounts]") {
  ServerProcess server;  // default cost: 64 MiB, 2 passes
  {
    auto first = connect(server);
    const auto registered = hd::test::register_account(*first, "Davout", "auerstaedt-1806", 2);
    REQUIRE(registered.has_logged_in());
  }
  CHECK(column(server.database_path(), "SELECT password_hash FROM accounts")[0].rfind(
            "$argon2id$v=19$m=65536,t=2", 0) == 0);
  auto client = connect(server);
  // Sent back to back, without waiting: each waits for the login before it.
  v1::ClientEnvelope login;
  login.set_request_id(10);
  login.mutable_login()->set_username("Davout");
  login.mutable_login()->set_password("auerstaedt-1806");
  client->send(login);
  client->send(list_games(11));
  v1::ClientEnvelope logout;
  logout.set_request_id(12);
  logout.mutable_logout();
  client->send(logout);
  client->send(list_games(13));
  v1::ClientEnvelope wrong = login;
  wrong.set_request_id(14);
  wrong.mutable_login()->set_password("jena-1806");
  client->send(wrong);
  client->send(list_games(15));

  std::vector<v1::ServerEnvelope> answers;
  while (answers.size() < 6) {
    const auto answer = client->receive(std::chrono::seconds(30));
    REQUIRE(answer);
    answers.push_back(*answer);
  }
  std::vector<std::uint64_t> ids;
  for (const auto& answer : answers)
    ids.push_back(answer.request_id());
  CHECK(ids == std::vector<std::uint64_t>{10, 11, 12, 13, 14, 15});
  CHECK(answers[0].has_logged_in());
  CHECK(refusal_code(answers[1]) != v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(answers[2].has_logged_out());
  CHECK(refusal_code(answers[3]) == v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK(refusal_code(answers[4]) == v1::REFUSAL_CODE_BAD_CREDENTIALS);
  CHECK(refusal_code(answers[5]) == v1::REFUSAL_CODE_LOGIN_REQUIRED);
}
