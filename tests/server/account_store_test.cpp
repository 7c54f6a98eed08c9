// Accounts and sessions on a real SQLite file (the server's migrations applied), password hashing
// and the rules for user names and passwords.
#include "accounts/account_store.hpp"

#include "accounts/password_hashing.hpp"
#include "database.hpp"
#include "migrations.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace hd::server;

namespace {

// Argon2id made cheap for tests that are not about its cost.
const PasswordCost kTestCost{1, std::size_t{8} << 20};

struct MigratedDatabase {
  std::filesystem::path path = hd::test::make_temp_directory("hd-accounts") / "accounts.sqlite";
  Database db = open_migrated(path);

  static Database open_migrated(const std::filesystem::path& path) {
    init_crypto();
    Database db = Database::open(path);
    apply_migrations(db, embedded_migrations());
    return db;
  }
};

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("an account is created once and found by its name in any case", "[accounts]") {
  MigratedDatabase fixture;
  AccountStore store(fixture.db);
  const auto created = store.create("Blucher", hash_password("vorwaerts!", kTestCost), 1000);
  REQUIRE(created);
  CHECK(created->username == "Blucher");
  CHECK(created->id > 0);

  const auto found = store.find("bLUCHER");
  REQUIRE(found);
  CHECK(found->account.id == created->id);
  CHECK(found->account.username == "Blucher");
  CHECK(verify_password(found->password_hash, "vorwaerts!"));
  CHECK(store.find(created->id)->username == "Blucher");

  SECTION("the same name in another case is refused and changes nothing") {
    CHECK_FALSE(store.create("BLUCHER", hash_password("another one", kTestCost), 1001));
    CHECK(fixture.db.query_text("SELECT count(*) FROM accounts") == "1");
    CHECK(verify_password(store.find("blucher")->password_hash, "vorwaerts!"));
  }
  SECTION("unknown names and ids are not found") {
    CHECK_FALSE(store.find("Gneisenau"));
    CHECK_FALSE(store.find(created->id + 1));
  }
}

TEST_CASE("a session resumes with its token, refreshes its last use, and ends on close", "[accounts]") {
  MigratedDatabase fixture;
  AccountStore store(fixture.db);
  const auto account = *store.create("Wellington", hash_password("hard pounding", kTestCost), 1000);
  const std::int64_t day = 86400;
  const std::string token = store.open_session(account.id, 1000);
  CHECK(token.size() == 64);
  CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);

  const auto resumed = store.resume(token, 1000 + 5 * day, 30 * day);
  REQUIRE(resumed);
  CHECK(resumed->id == account.id);
  CHECK(resumed->username == "Wellington");
  // Last use moved to day 5, so day 34 is still within 30 days of it.
  CHECK(store.resume(token, 1000 + 34 * day, 30 * day));

  SECTION("unknown tokens, and a token's digest given as a token, resume nothing") {
    CHECK_FALSE(store.resume(std::string(64, '0'), 1000, 30 * day));
    CHECK_FALSE(store.resume(token_digest(token), 1000, 30 * day));
    CHECK_FALSE(store.resume("", 1000, 30 * day));
  }
  SECTION("a session unused for its lifetime has expired and is deleted") {
    CHECK_FALSE(store.resume(token, 1000 + 64 * day, 30 * day));
    CHECK(fixture.db.query_text("SELECT count(*) FROM sessions") == "0");
  }
  SECTION("closing a session makes its token useless") {
    store.close_session(token_digest(token));
    CHECK_FALSE(store.resume(token, 1000 + 34 * day, 30 * day));
    store.close_session(token_digest(token));  // closing twice is harmless
  }
  SECTION("purging removes only expired sessions") {
    const std::string fresh = store.open_session(account.id, 1000 + 60 * day);
    CHECK(store.purge_expired(1000 + 64 * day, 30 * day) == 1);
    CHECK_FALSE(store.resume(token, 1000 + 64 * day, 30 * day));
    CHECK(store.resume(fresh, 1000 + 64 * day, 30 * day));
  }
}

TEST_CASE("only the token's SHA-256 is stored, never the token", "[accounts]") {
  MigratedDatabase fixture;
  AccountStore store(fixture.db);
  const auto account = *store.create("Ney", hash_password("bravest of the brave", kTestCost), 1000);
  const std::string token = store.open_session(account.id, 1000);
  CHECK(fixture.db.query_text("SELECT token_digest FROM sessions") == token_digest(token));
  CHECK(token_digest(token) == sha256_hex(token));
  CHECK(token_digest(token) != token);
  fixture.db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  CHECK(file_bytes(fixture.path).find(token) == std::string::npos);
  CHECK(file_bytes(fixture.path).find(token_digest(token)) != std::string::npos);
  // The password is not stored either: only its Argon2id string.
  CHECK(file_bytes(fixture.path).find("bravest of the brave") == std::string::npos);
}

TEST_CASE("two sessions of one account have different tokens and end separately", "[accounts]") {
  MigratedDatabase fixture;
  AccountStore store(fixture.db);
  const auto account = *store.create("Grouchy", hash_password("where is he", kTestCost), 1000);
  const std::string first = store.open_session(account.id, 1000);
  const std::string second = store.open_session(account.id, 1000);
  CHECK(first != second);
  store.close_session(token_digest(first));
  CHECK_FALSE(store.resume(first, 1001, 86400));
  CHECK(store.resume(second, 1001, 86400));
}

TEST_CASE("password hashes are Argon2id strings with their own salt; verify tells right from wrong",
          "[accounts]") {
  init_crypto();
  const std::string hash = hash_password("correct horse", kTestCost);
  CHECK(hash.rfind("$argon2id$", 0) == 0);
  CHECK(hash.find("m=8192,t=1") != std::string::npos);
  CHECK(verify_password(hash, "correct horse"));
  CHECK_FALSE(verify_password(hash, "correct horsE"));
  CHECK_FALSE(verify_password(hash, ""));
  CHECK_FALSE(verify_password("not a hash", "correct horse"));
  const std::string again = hash_password("correct horse", kTestCost);
  CHECK(again != hash);
  CHECK(verify_password(again, "correct horse"));
}

TEST_CASE("the default cost is libsodium's interactive Argon2id: 2 passes over 64 MiB", "[accounts]") {
  init_crypto();
  const std::string hash = hash_password("a stronger one", PasswordCost{});
  CHECK(hash.find("m=65536,t=2") != std::string::npos);
  CHECK(verify_password(hash, "a stronger one"));
  CHECK_FALSE(verify_password(hash, "a weaker one"));
}

TEST_CASE("SHA-256 digests match the standard's test vector", "[accounts]") {
  init_crypto();
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(new_session_token() != new_session_token());
  CHECK(random_bytes(16).size() == 16);
}

TEST_CASE("user names: 3 to 32 letters, digits, '_' or '-'; passwords: 8 to 256 bytes", "[accounts]") {
  CHECK_FALSE(username_problem("Ney"));
  CHECK_FALSE(username_problem("old_guard-1815"));
  CHECK_FALSE(username_problem(std::string(32, 'a')));
  CHECK(username_problem("ab"));
  CHECK(username_problem(std::string(33, 'a')));
  CHECK(username_problem("with space"));
  CHECK(username_problem("Blücher"));
  CHECK(username_problem("semi;colon"));
  CHECK(username_problem(std::string("nul\0byte", 8)));

  CHECK_FALSE(password_problem("12345678"));
  CHECK_FALSE(password_problem(std::string(256, 'p')));
  CHECK(password_problem("1234567"));
  CHECK(password_problem(std::string(257, 'p')));
  CHECK(password_problem(""));
}
