// End-to-end (issue 16, notifications by webhook; docs/server.md, "Webhooks"): two accounts with a
// webhook play Quatre Bras to the end on the real server with a real SQLite file; a local HTTP
// receiver started here gets, for each, exactly one signed message per player turn in which a seat
// of theirs had to act (4.1) and one at the game's end; an account without a webhook gets nothing,
// and a bad url is refused with a clear error and changes nothing.
#include "account_steps.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"
#include "test_certificates.hpp"
#include "webhook_receiver.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <catch2/catch.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <openssl/hmac.h>
#include <set>
#include <thread>

namespace v1 = hundred_days::v1;
namespace net = boost::asio;
namespace http = boost::beast::http;
using namespace hd;
using namespace hd::test;

namespace {

std::string hmac_hex(const std::string& key, const std::string& body) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(body.data()), body.size(), mac, &length);
  std::string hex;
  char digits[3];
  for (unsigned int i = 0; i < length; ++i) {
    std::snprintf(digits, sizeof digits, "%02x", mac[i]);
    hex += digits;
  }
  return hex;
}

// The value of a string field of the server's flat JSON body ("" if absent).
std::string json_field(const std::string& body, const std::string& name) {
  const std::string key = "\"" + name + "\":";
  const auto at = body.find(key);
  if (at == std::string::npos) return "";
  const auto start = at + key.size();
  if (body[start] == '"') return body.substr(start + 1, body.find('"', start + 1) - start - 1);
  return body.substr(start, body.find_first_of(",}", start) - start);
}

v1::ClientEnvelope set_webhook(const std::string& url) {
  v1::ClientEnvelope envelope;
  envelope.mutable_set_webhook()->set_url(url);
  return envelope;
}

// What a seat holder of `side` is owed in `state`, by the server's rule (notify/turn_notices.cpp):
// (turn key, event, turn name) if a decider is of that side; the key 0 before the first player turn.
std::optional<std::tuple<int, std::string, std::string>> owed(const engine::GameState& state,
                                                              engine::Side side) {
  bool pending = false;
  for (const engine::Decider& decider : engine::deciders(state))
    pending = pending || decider.side == side;
  if (!pending) return std::nullopt;
  const auto turn = engine::player_turn(state);
  const int key = turn ? turn->turn * 2 + (turn->side == engine::Side::French ? 0 : 1) + 1 : 0;
  const bool phasing = turn && turn->side == side;
  return std::tuple{key, std::string(phasing ? "your-turn" : "decision"),
                    state.current_turn().name.to_string()};
}

}  // namespace

TEST_CASE(
    "Two accounts get one signed webhook per player turn of theirs and one at the end; bad urls are refused",
    "[e2e][games][webhooks]") {
  Receiver receiver;
  const std::string base = "http://127.0.0.1:" + std::to_string(receiver.port());
  auto args = game_server_args();
  args.insert(args.end(),
              {"--game-link-base", "hundreddays://play.example.org", "--webhook-allow-private", "true"});
  auto server = std::make_unique<ServerProcess>(ServerOptions{args, {}});
  auto alice_player = std::make_unique<GamePlayer>(server->port(), "alice");
  auto bob_player = std::make_unique<GamePlayer>(server->port(), "bob");
  GamePlayer& alice = *alice_player;
  GamePlayer& bob = *bob_player;
  auto carol_player = std::make_unique<GamePlayer>(server->port(), "carol");
  GamePlayer& carol = *carol_player;  // these three references are for before the restart

  // Only a logged-in account has a webhook.
  WsTestClient anonymous(server->port());
  say_hello(anonymous);
  auto anonymous_set = set_webhook(base + "/nobody");
  anonymous_set.set_request_id(7);
  CHECK(request(anonymous, anonymous_set).refusal().code() == v1::REFUSAL_CODE_LOGIN_REQUIRED);

  // Bad urls: refused INVALID_REQUEST, saying what a url must be; nothing stored.
  for (const std::string& bad :
       {std::string("ftp://127.0.0.1/x"), std::string("http://"), std::string("http://host name/"),
        std::string("127.0.0.1:80/x"), std::string("http://127.0.0.1:99999/"),
        "http://h/" + std::string(600, 'a')}) {
    const auto refused = alice.request(set_webhook(bad));
    INFO(bad);
    REQUIRE(refused.has_refusal());
    CHECK(refused.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
    CHECK(refused.refusal().message().find("http://") != std::string::npos);
  }
  CHECK(query(server->database_path(), "SELECT account_id FROM account_webhooks").empty());

  const auto alice_set = alice.request(set_webhook(base + "/alice"));
  REQUIRE(alice_set.has_webhook_set());
  CHECK(alice_set.webhook_set().url() == base + "/alice");
  const std::string alice_secret = alice_set.webhook_set().secret();
  REQUIRE(alice_secret.size() == 64);
  const auto bob_set = bob.request(set_webhook(base + "/bob"));
  REQUIRE(bob_set.has_webhook_set());
  const std::string bob_secret = bob_set.webhook_set().secret();
  CHECK(bob_secret != alice_secret);
  // Carol opts in and out again: no webhook.
  REQUIRE(carol.request(set_webhook(base + "/carol")).has_webhook_set());
  const auto cleared = carol.request(set_webhook(""));
  REQUIRE(cleared.has_webhook_set());
  CHECK(cleared.webhook_set().url().empty());
  CHECK(cleared.webhook_set().secret().empty());
  // A bad url leaves the webhook set before as it was.
  REQUIRE(bob.request(set_webhook("gopher://x")).has_refusal());
  CHECK(query(server->database_path(), "SELECT url FROM account_webhooks ORDER BY account_id") ==
        std::vector<std::string>{base + "/alice", base + "/bob"});

  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());

  engine::Viewer french;
  french.kind = engine::Viewer::Kind::Seat;
  french.army = engine::Army::French;
  Replica replica("quatre-bras", french);
  // What each is owed: key -> (event, turn name), the first state of each key.
  std::map<int, std::pair<std::string, std::string>> alice_owed;
  std::map<int, std::pair<std::string, std::string>> bob_owed;
  const auto note = [&](const engine::GameState& state) {
    if (const auto due = owed(state, engine::Side::French))
      alice_owed.emplace(std::get<0>(*due), std::pair{std::get<1>(*due), std::get<2>(*due)});
    if (const auto due = owed(state, engine::Side::Coalition))
      bob_owed.emplace(std::get<0>(*due), std::pair{std::get<1>(*due), std::get<2>(*due)});
  };
  note(replica.state());

  engine::SplitMix64 random(20261204);
  std::string why;
  int actions = 0;
  while (replica.state().phase != engine::Phase::GameOver && actions < 4000) {
    if (actions == 40) {
      // A restart on the same SQLite file: what was sent is remembered, nothing is sent again.
      const std::string tokens[] = {alice_player->session_token(), bob_player->session_token(),
                                    carol_player->session_token()};
      alice_player.reset();
      bob_player.reset();
      carol_player.reset();
      const auto directory = server->directory();
      REQUIRE(server->stop() == 0);
      server = std::make_unique<ServerProcess>(ServerOptions{args, directory});
      alice_player = std::make_unique<GamePlayer>(server->port(), "alice", tokens[0]);
      bob_player = std::make_unique<GamePlayer>(server->port(), "bob", tokens[1]);
      carol_player = std::make_unique<GamePlayer>(server->port(), "carol", tokens[2]);
      REQUIRE(alice_player->request(open_game(game, false)).has_game_snapshot());
    }
    const engine::Side side = engine::pending_decision(replica.state()).side;
    GamePlayer& actor = side == engine::Side::French ? *alice_player : *bob_player;
    const auto answer = actor.request(submit(game, engine::choose_random_action(replica.state(), random)));
    REQUIRE(answer.has_action_accepted());
    INFO(why);
    REQUIRE(replica.apply(alice_player->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
    if (replica.state().phase != engine::Phase::GameOver) note(replica.state());
    ++actions;
  }
  REQUIRE(replica.state().phase == engine::Phase::GameOver);
  REQUIRE(actions > 40);  // the restart happened mid-game
  REQUIRE(alice_owed.size() > 2);
  REQUIRE(bob_owed.size() > 2);

  // Carol plays a game of her own against the built-in Allies: her turns come, nothing is sent.
  auto solo =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("carol"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  v1::SeatSetup& builtin = *solo.mutable_create_game()->add_seats();
  builtin.set_seat(v1::SEAT_ALLIED);
  builtin.set_built_in(true);
  const auto carol_game = carol_player->request(solo);
  REQUIRE(carol_game.has_game_created());

  const auto count_for = [](const std::vector<Received>& all, const std::string& target) {
    return static_cast<std::size_t>(
        std::count_if(all.begin(), all.end(), [&](const Received& r) { return r.target == target; }));
  };
  REQUIRE(receiver.wait([&](const std::vector<Received>& all) {
    return count_for(all, "/alice") >= alice_owed.size() + 1 && count_for(all, "/bob") >= bob_owed.size() + 1;
  }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // nothing more may come
  const auto all = receiver.received();

  for (const auto& [target, secret, owed_to] : {std::tuple{std::string("/alice"), alice_secret, &alice_owed},
                                                std::tuple{std::string("/bob"), bob_secret, &bob_owed}}) {
    INFO(target);
    std::vector<std::pair<std::string, std::string>> got;  // (event, turn), in order
    for (const Received& message : all) {
      if (message.target != target) continue;
      INFO(message.body);
      CHECK(message.signature == hmac_hex(secret, message.body));
      CHECK(json_field(message.body, "game_id") == std::to_string(game));
      CHECK(json_field(message.body, "link") ==
            "hundreddays://play.example.org/game/" + std::to_string(game));
      got.emplace_back(json_field(message.body, "event"), json_field(message.body, "turn"));
    }
    REQUIRE(!got.empty());
    CHECK(got.back().first == "game-over");
    got.pop_back();
    std::vector<std::pair<std::string, std::string>> expected;
    for (const auto& [key, notice] : *owed_to)
      expected.push_back(notice);
    CHECK(got == expected);  // one per player turn, in order, none twice
  }
  CHECK(count_for(all, "/carol") == 0);
  CHECK(all.size() == count_for(all, "/alice") + count_for(all, "/bob"));
  // What was sent is remembered per game and account (no repeat after a restart).
  CHECK(query(server->database_path(), "SELECT count(*) FROM webhook_notices WHERE game_id = " +
                                           std::to_string(game)) == std::vector<std::string>{"2"});
}

TEST_CASE(
    "An https webhook is sent over TLS to a receiver whose certificate names its host, and not to another",
    "[e2e][games][webhooks]") {
  const auto certificates = make_temp_directory("hd-webhook-tls");
  make_authority(certificates, "authority");
  make_certificate(certificates, "authority", "receiver", "IP:127.0.0.1");
  make_certificate(certificates, "authority", "elsewhere", "DNS:elsewhere.example");
  Receiver good(certificates / "receiver.pem", certificates / "receiver.key");
  Receiver wrong_name(certificates / "elsewhere.pem", certificates / "elsewhere.key");
  auto args = game_server_args();
  args.insert(args.end(), {"--webhook-ca-file", (certificates / "authority.pem").string(),
                           "--webhook-allow-private", "true"});
  ServerProcess server({args, {}});
  GamePlayer dave(server.port(), "dave");
  GamePlayer erin(server.port(), "erin");
  const auto set = dave.request(set_webhook("https://127.0.0.1:" + std::to_string(good.port()) + "/dave"));
  REQUIRE(set.has_webhook_set());
  REQUIRE(erin.request(set_webhook("https://127.0.0.1:" + std::to_string(wrong_name.port()) + "/erin"))
              .has_webhook_set());

  // Each plays the French against the built-in Allies: the game waits for them at once or soon.
  for (GamePlayer* player : {&dave, &erin}) {
    auto solo = create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(player->username()),
                            v1::SPECTATOR_VIEW_UNSPECIFIED);
    v1::SeatSetup& builtin = *solo.mutable_create_game()->add_seats();
    builtin.set_seat(v1::SEAT_ALLIED);
    builtin.set_built_in(true);
    REQUIRE(player->request(solo).has_game_created());
  }
  REQUIRE(good.wait([](const std::vector<Received>& all) { return !all.empty(); }));
  const Received first = good.received().front();
  CHECK(first.target == "/dave");
  CHECK(first.signature == hmac_hex(set.webhook_set().secret(), first.body));
  CHECK(json_field(first.body, "link").starts_with("hundreddays://"));
  // The certificate does not name 127.0.0.1: the server gives up in the handshake, and logs it.
  REQUIRE(good.wait([&](const std::vector<Received>&) {
    return wrong_name.handshakes_failed() > 0 && server.log().find("webhook_failed") != std::string::npos;
  }));
  CHECK(wrong_name.received().empty());
  CHECK(server.log().find("handshake") != std::string::npos);
  CHECK(metric(server.port(), "hd_webhooks_total{outcome=\"sent\"}") >= 1);
  CHECK(metric(server.port(), "hd_webhooks_total{outcome=\"failed\"}") >= 1);
  // The server played on: its answers still come.
  CHECK(dave.request(set_webhook("")).has_webhook_set());
}

TEST_CASE("By default webhooks go to public addresses only: a loopback receiver is refused or never sent to",
          "[e2e][games][webhooks]") {
  Receiver receiver;
  const std::string port = std::to_string(receiver.port());
  ServerProcess server({game_server_args(), {}});  // webhook-allow-private is off
  GamePlayer frank(server.port(), "frank");
  // A literal loopback or private address is refused at once, and nothing is stored.
  for (const std::string& url : {"http://127.0.0.1:" + port + "/frank", "http://[::1]:" + port + "/frank",
                                 std::string("https://10.1.2.3/frank")}) {
    INFO(url);
    const auto refused = frank.request(set_webhook(url));
    REQUIRE(refused.has_refusal());
    CHECK(refused.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
    CHECK(refused.refusal().message().find("public addresses only") != std::string::npos);
  }
  CHECK(query(server.database_path(), "SELECT count(*) FROM account_webhooks") ==
        std::vector<std::string>{"0"});
  // A name is checked once resolved: localhost has only loopback addresses, so nothing is sent.
  REQUIRE(frank.request(set_webhook("http://localhost:" + port + "/frank")).has_webhook_set());
  auto solo =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("frank"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  v1::SeatSetup& builtin = *solo.mutable_create_game()->add_seats();
  builtin.set_seat(v1::SEAT_ALLIED);
  builtin.set_built_in(true);
  REQUIRE(frank.request(solo).has_game_created());
  REQUIRE(receiver.wait(
      [&](const std::vector<Received>&) { return server.log().find("step=address") != std::string::npos; }));
  CHECK(receiver.received().empty());
  CHECK(metric_becomes(server.port(), "hd_webhooks_total{outcome=\"failed\"}", 1));  // counted after the log
  CHECK(metric(server.port(), "hd_webhooks_total{outcome=\"sent\"}") == 0);
}
