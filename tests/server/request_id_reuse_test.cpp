// End-to-end (issue 29, finding 2): a request id used before by the same account for another request
// (a client that counted its ids from the same start again after a restart) is refused
// REQUEST_ID_REUSED and changes nothing; the same request again under its id still gets the first
// answer; an action taken back by undo is not applied again when its request comes again. The real
// server on loopback with a real SQLite file.
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

void expect_reused(const v1::ServerEnvelope& answer) {
  INFO(answer.DebugString());
  REQUIRE(answer.has_refusal());
  CHECK(answer.refusal().code() == v1::REFUSAL_CODE_REQUEST_ID_REUSED);
}

v1::ClientEnvelope chat(std::uint64_t game, const std::string& text) {
  v1::ClientEnvelope envelope;
  envelope.mutable_send_chat()->set_game_id(game);
  envelope.mutable_send_chat()->set_channel(v1::CHAT_CHANNEL_ALL);
  envelope.mutable_send_chat()->set_text(text);
  return envelope;
}

// How many envelopes of `kind` `listener` was sent since the last call: `speaker` sends a chat line
// to the game and `listener` reads up to it (a timed-out read would end its connection).
int heard(GamePlayer& speaker, GamePlayer& listener, std::uint64_t game, v1::ServerEnvelope::BodyCase kind) {
  static int sentinels = 0;
  const std::string text = "sentinel " + std::to_string(++sentinels);
  REQUIRE(speaker.request(chat(game, text)).has_ok());
  int count = 0;
  for (;;) {
    const auto envelope = listener.next();
    REQUIRE(envelope);
    if (envelope->has_chat_message() && envelope->chat_message().text() == text) return count;
    if (envelope->body_case() == kind) ++count;
  }
}

}  // namespace

TEST_CASE("issue 29: a reused request id with another request is refused; undone actions stay undone",
          "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  const auto database = server.database_path();
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Allied
  const std::uint64_t create_id = 7001;
  const auto created = alice.request_with_id(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED),
      create_id);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
  REQUIRE(bob.request(open_game(game, false)).has_game_snapshot());
  const std::string game_text = std::to_string(game);
  const auto actions = [&] {
    return query_one(database, "SELECT COUNT(*) FROM game_actions WHERE game_id = " + game_text);
  };
  const auto last_hash = [&] {
    return query_one(database,
                     "SELECT IFNULL(MAX(sequence), 0) || ' ' || IFNULL((SELECT state_hash FROM "
                     "game_actions WHERE game_id = " +
                         game_text +
                         " ORDER BY sequence DESC LIMIT 1), '') FROM game_actions "
                         "WHERE game_id = " +
                         game_text);
  };

  Replica replica("quatre-bras", engine::Viewer{});
  const engine::MoveAction move = french_move(replica.state());
  const v1::ClientEnvelope end_phase = submit(game, engine::Action{engine::EndPhaseAction{}});

  SECTION("(a) an action under a used id but another action is refused and not applied") {
    const std::uint64_t id = 7002;
    const auto first = alice.request_with_id(submit(game, move), id);
    REQUIRE(first.has_action_accepted());
    CHECK(first.action_accepted().sequence() == 1);
    const auto before = last_hash();
    expect_reused(alice.request_with_id(end_phase, id));
    CHECK(actions() == "1");
    CHECK(last_hash() == before);
    // The id of another kind of request (the CreateGame) is refused too.
    expect_reused(alice.request_with_id(end_phase, create_id));
    CHECK(actions() == "1");
    CHECK(last_hash() == before);
    // (d) The same action again under its id still gets the identical first answer, applied once.
    const auto again = alice.request_with_id(submit(game, move), id);
    CHECK(again.SerializeAsString() == first.SerializeAsString());
    CHECK(actions() == "1");
    // Under a new id the end of the phase is a new request and is applied.
    const auto ended = alice.request(end_phase);
    INFO(ended.DebugString());
    CHECK(ended.has_action_accepted());
  }

  SECTION("(b) an undo request and a draw offer under a used id are refused; the genuine ones ask") {
    REQUIRE(alice.request(submit(game, move)).has_action_accepted());
    const std::uint64_t chat_id = 7003;
    const auto chatted = alice.request_with_id(chat(game, "bonjour"), chat_id);
    REQUIRE(chatted.has_ok());
    heard(alice, bob, game, v1::ServerEnvelope::kChatMessage);  // drops what bob heard so far

    v1::ClientEnvelope undo;
    undo.mutable_request_undo()->set_game_id(game);
    expect_reused(alice.request_with_id(undo, chat_id));
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kUndoRequested) == 0);
    CHECK(query_one(database, "SELECT COUNT(*) FROM game_undo_log WHERE event = 'request'") == "0");
    const std::uint64_t undo_id = 7004;
    REQUIRE(alice.request_with_id(undo, undo_id).has_ok());
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kUndoRequested) == 1);
    CHECK(query_one(database, "SELECT COUNT(*) FROM game_undo_log WHERE event = 'request'") == "1");

    v1::ClientEnvelope offer;
    offer.mutable_offer_draw()->set_game_id(game);
    expect_reused(alice.request_with_id(offer, chat_id));
    expect_reused(alice.request_with_id(offer, undo_id));
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kDrawOffered) == 0);
    REQUIRE(alice.request(offer).has_ok());
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kDrawOffered) == 1);

    // (d) The chat again under its id: the identical first answer, one line stored.
    const auto again = alice.request_with_id(chat(game, "bonjour"), chat_id);
    CHECK(again.SerializeAsString() == chatted.SerializeAsString());
    CHECK(query_one(database, "SELECT COUNT(*) FROM game_chat WHERE text = 'bonjour'") == "1");
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kChatMessage) == 0);
  }

  SECTION("(c) a move taken back by undo is not applied again when its request comes again") {
    const std::uint64_t id = 7005;
    const auto first = alice.request_with_id(submit(game, move), id);
    REQUIRE(first.has_action_accepted());
    v1::ClientEnvelope undo;
    undo.mutable_request_undo()->set_game_id(game);
    REQUIRE(alice.request(undo).has_ok());
    bob.next_of(v1::ServerEnvelope::kUndoRequested);
    v1::ClientEnvelope accept;
    accept.mutable_answer_undo()->set_game_id(game);
    accept.mutable_answer_undo()->set_accept(true);
    REQUIRE(bob.request(accept).has_ok());
    REQUIRE(alice.next_of(v1::ServerEnvelope::kUndoAnswered).undo_answered().accepted());  // committed
    REQUIRE(actions() == "0");
    heard(alice, bob, game, v1::ServerEnvelope::kGameUpdate);  // drops the undo's messages

    // The same request again: its first answer, and the move stays taken back.
    const auto again = alice.request_with_id(submit(game, move), id);
    INFO(again.DebugString());
    CHECK(again.SerializeAsString() == first.SerializeAsString());
    CHECK(actions() == "0");
    CHECK(heard(alice, bob, game, v1::ServerEnvelope::kGameUpdate) == 0);
    // Another action under that id is refused.
    expect_reused(alice.request_with_id(end_phase, id));
    CHECK(actions() == "0");
    // The move itself under a new id is a new request: applied.
    const auto redo = alice.request(submit(game, move));
    REQUIRE(redo.has_action_accepted());
    CHECK(redo.action_accepted().sequence() == 1);
    CHECK(actions() == "1");
  }
}
