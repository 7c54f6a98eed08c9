// Issue 15: a request that fails after the database committed its changes never answers "nothing
// was changed", and a request that fails after it was answered gets no second answer. The real hub,
// game service and SQLite file; the failure is injected by the outbound connections (the test
// seam): a send that throws after the commit, as a failing connection queue would. Those cases run
// the hub without group commit (each request commits on its own, sending as it goes); with it, what
// a batch sends is handed on after its commit, and a send that throws then closes its connection.
#include "app/hub.hpp"
#include "database.hpp"
#include "game_test_player.hpp"
#include "migrations.hpp"
#include "ops/metrics.hpp"
#include "ops/refusal_log_limiter.hpp"
#include "server_config.hpp"
#include "server_process.hpp"

#include <hd/wire/game_convert.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

namespace v1 = hundred_days::v1;
namespace net = boost::asio;
using namespace hd;
using namespace hd::server;

namespace {

// Records what the hub sends; throws (once per arming) on the send `fail_when` picks.
class FailingOutbound : public Outbound {
 public:
  using Pick = std::function<bool(ConnectionId, const v1::ServerEnvelope&)>;
  void send(ConnectionId connection, const v1::ServerEnvelope& envelope) override {
    const std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (fail_when_ && fail_when_(connection, envelope)) {
      fail_when_ = nullptr;
      throw std::runtime_error("injected: the connection's queue failed");
    }
    sent_.emplace_back(connection, envelope);
  }
  void close(ConnectionId connection, CloseRequest close) override {
    const std::lock_guard<std::recursive_mutex> lock(mutex_);
    closed_.emplace_back(connection, close.code);
  }
  // The connections closed, with their close codes.
  std::vector<std::pair<ConnectionId, std::uint16_t>> closed() {
    const std::lock_guard<std::recursive_mutex> lock(mutex_);
    return closed_;
  }
  void fail_when(Pick pick) {
    const std::lock_guard<std::recursive_mutex> lock(mutex_);
    fail_when_ = std::move(pick);
  }
  // The envelopes sent to `connection` answering `request_id`.
  std::vector<v1::ServerEnvelope> answers(ConnectionId connection, std::uint64_t request_id) {
    const std::lock_guard<std::recursive_mutex> lock(mutex_);
    std::vector<v1::ServerEnvelope> found;
    for (const auto& [to, envelope] : sent_)
      if (to == connection && envelope.request_id() == request_id) found.push_back(envelope);
    return found;
  }

 private:
  std::recursive_mutex mutex_;
  Pick fail_when_;
  std::vector<std::pair<ConnectionId, v1::ServerEnvelope>> sent_;
  std::vector<std::pair<ConnectionId, std::uint16_t>> closed_;
};

ServerConfig test_config(bool group_commit) {
  ServerConfig config;
  config.group_commit = group_commit;
  config.data_root = test::game_data_root();
  config.argon2_operations = 1;
  config.argon2_memory_kib = 8192;
  return config;
}

// The real hub on a fresh SQLite file, driven on this thread; without group commit unless asked.
class HubHarness {
 public:
  explicit HubHarness(bool group_commit = false)
      : directory_(test::make_temp_directory("hd-post-commit")),
        db_(Database::open(directory_ / "hundred-days.sqlite")),
        config_(test_config(group_commit)) {
    apply_migrations(db_, embedded_migrations());
    hub_ = std::make_unique<Hub>(io_.get_executor(), db_, config_, outbound_, metrics_, refusal_log_);
  }
  ~HubHarness() { hub_.reset(); }

  // A connection logged in as a new account `name`.
  ConnectionId connect(const std::string& name) {
    const ConnectionId connection = ++connections_;
    hub_->connection_opened(connection, "127.0.0.1");
    v1::ClientEnvelope registration;
    registration.mutable_register_account()->set_username(name);
    registration.mutable_register_account()->set_password("password-" + name);
    REQUIRE(ask(connection, registration, 1).has_logged_in());
    return connection;
  }
  // Sends a request and runs the hub until it is answered (failing the test after 30 s of nothing),
  // then until nothing more is ready to run; returns the first answer.
  v1::ServerEnvelope ask(ConnectionId connection, v1::ClientEnvelope request, std::uint64_t request_id) {
    request.set_request_id(request_id);
    const std::size_t before = outbound_.answers(connection, request_id).size();
    hub_->request(connection, request);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (outbound_.answers(connection, request_id).size() == before &&
           std::chrono::steady_clock::now() < deadline)
      io_.run_one_for(std::chrono::milliseconds(50));
    io_.poll();
    const auto answers = outbound_.answers(connection, request_id);
    REQUIRE(answers.size() > before);
    return answers[before];
  }
  std::string count(const std::string& sql) { return db_.query_text(sql); }
  FailingOutbound& outbound() { return outbound_; }

 private:
  std::filesystem::path directory_;
  net::io_context io_;
  // Keeps run_one_for waiting for the hashing thread's result instead of returning at once.
  net::executor_work_guard<net::io_context::executor_type> work_ = net::make_work_guard(io_);
  Database db_;
  ServerConfig config_;
  Metrics metrics_;
  RefusalLogLimiter refusal_log_;
  FailingOutbound outbound_;
  std::unique_ptr<Hub> hub_;
  ConnectionId connections_ = 0;
};

// Alice (French) and Bob (Allied) in a Quatre Bras game that both have open; its id.
std::uint64_t two_player_game(HubHarness& hub, ConnectionId alice, ConnectionId bob) {
  const auto created = hub.ask(alice,
                               test::create_game("quatre-bras", {v1::SEAT_FRENCH},
                                                 test::test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED),
                               10);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(
      hub.ask(bob, test::join_game(game, v1::SEAT_ALLIED, test::test_entropy("bob")), 10).has_game_changed());
  REQUIRE(hub.ask(alice, test::open_game(game, false), 11).has_game_snapshot());
  REQUIRE(hub.ask(bob, test::open_game(game, false), 11).has_game_snapshot());
  return game;
}

// Alice (French) and Bob (Allied) connected, in a running game both have open, and the next
// update the hub queues for Bob throws.
struct BobsUpdateFails {
  ConnectionId alice;
  ConnectionId bob;
  std::uint64_t game;
};
BobsUpdateFails bobs_next_update_fails(HubHarness& hub) {
  const ConnectionId alice = hub.connect("alice");
  const ConnectionId bob = hub.connect("bob");
  const std::uint64_t game = two_player_game(hub, alice, bob);
  hub.outbound().fail_when([bob](ConnectionId to, const v1::ServerEnvelope& envelope) {
    return to == bob && envelope.has_game_update();
  });
  return {alice, bob, game};
}

bool says_nothing_changed(const v1::ServerEnvelope& answer) {
  return answer.refusal().message().find("nothing was changed") != std::string::npos;
}

}  // namespace

TEST_CASE("issue 15: an action that fails after its commit is answered once, never 'nothing was changed'",
          "[games][actors]") {
  HubHarness hub;
  const auto [alice, bob, game] = bobs_next_update_fails(hub);
  test::Replica replica("quatre-bras", engine::Viewer{});
  // The action is committed, then sending Bob's update fails: Alice's ActionAccepted never goes out.
  const auto failed = hub.ask(alice, test::submit(game, test::french_move(replica.state())), 20);
  INFO(failed.DebugString());
  REQUIRE(failed.has_refusal());
  CHECK(failed.refusal().code() == v1::REFUSAL_CODE_INTERNAL);
  CHECK_FALSE(says_nothing_changed(failed));
  CHECK(hub.outbound().answers(alice, 20).size() == 1);
  CHECK(hub.count("SELECT COUNT(*) FROM game_actions") == "1");
  // Asking again with the request id: the action it made, not made twice.
  const auto replayed = hub.ask(alice, test::submit(game, test::french_move(replica.state())), 20);
  REQUIRE(replayed.has_action_accepted());
  CHECK(replayed.action_accepted().sequence() == 1);
  CHECK(hub.count("SELECT COUNT(*) FROM game_actions") == "1");
}

TEST_CASE("issue 15: a request that fails after it was answered gets no second answer", "[games][actors]") {
  HubHarness hub;
  const ConnectionId alice = hub.connect("alice");
  const ConnectionId bob = hub.connect("bob");
  const auto created = hub.ask(alice,
                               test::create_game("quatre-bras", {v1::SEAT_FRENCH},
                                                 test::test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED),
                               10);
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(hub.ask(alice, test::open_game(game, false), 11).has_game_snapshot());

  // Bob's join is committed and answered; telling Alice of it then fails.
  hub.outbound().fail_when([&](ConnectionId to, const v1::ServerEnvelope&) {
    return to == alice && !hub.outbound().answers(bob, 30).empty();
  });
  const auto join = test::join_game(game, v1::SEAT_ALLIED, test::test_entropy("bob"));
  const auto joined = hub.ask(bob, join, 30);
  INFO(joined.DebugString());
  REQUIRE(joined.has_game_changed());
  CHECK(hub.outbound().answers(bob, 30).size() == 1);  // no INTERNAL after it
  CHECK(hub.count("SELECT account_id IS NOT NULL FROM game_seats WHERE seat = 3") == "1");
  // Its replay gets that answer again.
  const auto replayed = hub.ask(bob, join, 30);
  CHECK(replayed.SerializeAsString() == joined.SerializeAsString());
  CHECK(hub.outbound().answers(bob, 30).size() == 2);
}

TEST_CASE("issue 15: a request that fails before anything is committed says nothing was changed",
          "[games][actors]") {
  HubHarness hub;
  const ConnectionId alice = hub.connect("alice");
  const ConnectionId bob = hub.connect("bob");
  const std::uint64_t game = two_player_game(hub, alice, bob);
  // A query commits nothing: its answer failing leaves nothing changed.
  hub.outbound().fail_when([&](ConnectionId to, const v1::ServerEnvelope& envelope) {
    return to == alice && envelope.has_reachable();
  });
  v1::ClientEnvelope query;
  query.mutable_query_reachable()->set_game_id(game);
  query.mutable_query_reachable()->set_unit(static_cast<std::uint32_t>(
      test::french_move(test::Replica("quatre-bras", engine::Viewer{}).state()).move.unit));
  const auto failed = hub.ask(alice, query, 40);
  INFO(failed.DebugString());
  REQUIRE(failed.has_refusal());
  CHECK(failed.refusal().code() == v1::REFUSAL_CODE_INTERNAL);
  CHECK(says_nothing_changed(failed));
  CHECK(hub.outbound().answers(alice, 40).size() == 1);
}

TEST_CASE(
    "issue 15: with group commit a message that cannot be queued after the commit closes its connection",
    "[games][actors][group-commit]") {
  HubHarness hub(true);
  const auto [alice, bob, game] = bobs_next_update_fails(hub);
  test::Replica replica("quatre-bras", engine::Viewer{});
  // The batch commits Alice's action, then queueing Bob's update fails: the request itself did not
  // fail, so Alice gets her ActionAccepted; Bob's connection is closed, to resume and catch up.
  const auto accepted = hub.ask(alice, test::submit(game, test::french_move(replica.state())), 20);
  INFO(accepted.DebugString());
  REQUIRE(accepted.has_action_accepted());
  CHECK(accepted.action_accepted().sequence() == 1);
  CHECK(hub.outbound().answers(alice, 20).size() == 1);
  CHECK(hub.count("SELECT COUNT(*) FROM game_actions") == "1");
  CHECK(hub.outbound().closed() ==
        std::vector<std::pair<ConnectionId, std::uint16_t>>{{bob, kCloseInternalError}});
  // Asking again with the request id: the same action, not made twice.
  const auto replayed = hub.ask(alice, test::submit(game, test::french_move(replica.state())), 20);
  REQUIRE(replayed.has_action_accepted());
  CHECK(replayed.action_accepted().sequence() == 1);
  CHECK(hub.count("SELECT COUNT(*) FROM game_actions") == "1");
}
