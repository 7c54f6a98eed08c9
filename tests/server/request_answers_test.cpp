// The stored first answers of mutating requests (issue 15, migrations/0008, docs/server.md "Request
// ids") on a real SQLite file: found by account and request id, told apart from another request
// under the same id, and bounded (the newest 1,000 per account, none older than 24 hours).
#include "app/request_answers.hpp"

#include "accounts/account_store.hpp"
#include "accounts/password_hashing.hpp"
#include "database.hpp"
#include "migrations.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

using namespace hd::server;
namespace v1 = hundred_days::v1;

namespace {

v1::ClientEnvelope chat(std::uint64_t request_id, const std::string& text) {
  v1::ClientEnvelope request;
  request.set_request_id(request_id);
  request.mutable_send_chat()->set_game_id(1);
  request.mutable_send_chat()->set_text(text);
  return request;
}

}  // namespace

TEST_CASE("issue 15: stored answers are found by account and id, and kept within their bounds", "[server]") {
  init_crypto();
  Database db = Database::open(hd::test::make_temp_directory("hd-answers") / "answers.sqlite");
  apply_migrations(db, embedded_migrations());
  db.execute("PRAGMA synchronous=OFF");  // 1,000 commits: not a test of durability
  AccountStore accounts(db);
  const AccountId alice = accounts.create("alice", "hash", 0)->id;
  const AccountId bob = accounts.create("bob", "hash", 0)->id;
  RequestAnswers answers(db);
  const std::int64_t now = 1'800'000'000;

  const v1::ServerEnvelope ok = ok_envelope(7);
  answers.store(alice, chat(7, "hello"), ok, now);
  const auto found = answers.find(alice, 7);
  REQUIRE(found);
  CHECK(found->answer.SerializeAsString() == ok.SerializeAsString());
  CHECK(found->request_kind == v1::ClientEnvelope::kSendChat);
  // The digest tells the same request (any id) from another one.
  CHECK(found->request_digest == request_digest(chat(7, "hello")));
  CHECK(found->request_digest == request_digest(chat(8, "hello")));
  CHECK(found->request_digest != request_digest(chat(7, "hello!")));
  CHECK_FALSE(answers.find(bob, 7));  // another account's id 7 is its own

  // Another request under a used id replaces the stored one.
  const v1::ServerEnvelope refused = refusal_envelope(7, v1::REFUSAL_CODE_INVALID_REQUEST, "no");
  answers.store(alice, chat(7, "other"), refused, now);
  CHECK(answers.find(alice, 7)->answer.has_refusal());
  CHECK(answers.find(alice, 7)->request_digest == request_digest(chat(7, "other")));

  // Older than 24 hours: dropped when the account's next answer is stored.
  answers.store(bob, chat(1, "old"), ok_envelope(1), now - RequestAnswers::kKeptSeconds - 1);
  answers.store(bob, chat(2, "new"), ok_envelope(2), now);
  CHECK_FALSE(answers.find(bob, 1));
  CHECK(answers.find(bob, 2));

  // More than 1,000: the oldest go; other accounts keep theirs.
  for (std::uint64_t id = 100; id < 100 + RequestAnswers::kKeptPerAccount + 5; ++id)
    answers.store(alice, chat(id, "n"), ok_envelope(id), now);
  CHECK(db.query_text("SELECT COUNT(*) FROM request_answers WHERE account_id = " + std::to_string(alice)) ==
        std::to_string(RequestAnswers::kKeptPerAccount));
  CHECK_FALSE(answers.find(alice, 7));
  CHECK_FALSE(answers.find(alice, 104));
  CHECK(answers.find(alice, 105));
  CHECK(answers.find(alice, 100 + RequestAnswers::kKeptPerAccount + 4));
  CHECK(answers.find(bob, 2));
}
