// End-to-end (issue 15): every mutating request is idempotent by request id. A replay of a request
// id by the same account gets the first answer again, byte for byte, and nothing is done again
// (checked in the SQLite file and by what a second attempt would have answered); another account's
// use of the same id is its own request. Stored in request_answers (migrations/0008); SubmitAction's
// replays come from the action log (game_hostile_test); ConfirmAttack's are in game_team_test.
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Sends `envelope` with `id`, then again with the same id: both answers, which must be equal.
v1::ServerEnvelope first_and_replay(GamePlayer& player, const v1::ClientEnvelope& envelope,
                                    std::uint64_t id) {
  const auto first = player.request_with_id(envelope, id);
  const auto again = player.request_with_id(envelope, id);
  INFO(first.DebugString() << "\nreplayed: " << again.DebugString());
  CHECK(again.SerializeAsString() == first.SerializeAsString());
  return first;
}

std::string count(const std::filesystem::path& database, const std::string& sql) {
  const auto rows = query(database, sql);
  REQUIRE(rows.size() == 1);
  return rows.front();
}

}  // namespace

TEST_CASE("issue 15: a replayed request id of every mutating request gets its first answer and acts once",
          "[e2e][games][actors]") {
  ServerProcess server({game_server_args(), {}});
  const auto database = server.database_path();
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Allied

  // CreateGame: one game, the same id and invite code twice.
  const auto created = first_and_replay(
      alice,
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED),
      500001);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  CHECK(count(database, "SELECT COUNT(*) FROM games") == "1");

  // JoinGame, then LeaveGame, in a three-seat game that does not start: replaying the join after
  // the leave does not take the seat again.
  const auto three_seats =
      alice.request_with_id(create_game("la-belle-alliance", {v1::SEAT_FRENCH}, test_entropy("alice 3"),
                                        v1::SPECTATOR_VIEW_UNSPECIFIED),
                            500007);
  REQUIRE(three_seats.has_game_created());
  const std::uint64_t open = three_seats.game_created().game_id();
  const std::string seat_holder =
      "SELECT COALESCE(account_id, 'none') FROM game_seats WHERE seat = 2 AND game_id = " +
      std::to_string(open);
  const auto join = join_game(open, v1::SEAT_PRUSSIAN, test_entropy("bob"));
  REQUIRE(first_and_replay(bob, join, 600001).has_game_changed());
  v1::ClientEnvelope leave;
  leave.mutable_leave_game()->set_game_id(open);
  leave.mutable_leave_game()->set_seat(v1::SEAT_PRUSSIAN);
  REQUIRE(first_and_replay(bob, leave, 600002).has_ok());
  CHECK(count(database, seat_holder) == "none");
  CHECK(bob.request_with_id(join, 600001).has_game_changed());  // the first answer ...
  CHECK(count(database, seat_holder) == "none");                // ... and still no seat
  // Joined again under a new id; replaying the leave now does not give the seat up.
  REQUIRE(bob.request_with_id(join, 600003).has_game_changed());
  CHECK(bob.request_with_id(leave, 600002).has_ok());
  CHECK(count(database, seat_holder) == std::to_string(bob.account_id()));
  // The same id from another account is that account's own request (here refused: not its seat).
  const auto alices_use = alice.request_with_id(leave, 600002);
  REQUIRE(alices_use.has_refusal());
  CHECK(alices_use.refusal().code() == v1::REFUSAL_CODE_NOT_YOUR_SEAT);

  // The two-seat game starts with Bob's join.
  REQUIRE(
      bob.request_with_id(join_game(game, v1::SEAT_ALLIED, test_entropy("bob")), 600009).has_game_changed());
  REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
  REQUIRE(bob.request(open_game(game, false)).has_game_snapshot());

  // SendChat: one message stored.
  v1::ClientEnvelope chat;
  chat.mutable_send_chat()->set_game_id(game);
  chat.mutable_send_chat()->set_channel(v1::CHAT_CHANNEL_ALL);
  chat.mutable_send_chat()->set_text("bonjour");
  REQUIRE(first_and_replay(alice, chat, 500002).has_ok());
  CHECK(count(database, "SELECT COUNT(*) FROM game_chat") == "1");

  // 5.1C RequestUndo and AnswerUndo: one request and one answer logged; the replayed answer is not
  // refused as "nothing asked" and takes back nothing more.
  Replica replica("quatre-bras", engine::Viewer{});
  REQUIRE(alice.request(submit(game, french_move(replica.state()))).has_action_accepted());
  v1::ClientEnvelope undo;
  undo.mutable_request_undo()->set_game_id(game);
  REQUIRE(first_and_replay(alice, undo, 500003).has_ok());
  CHECK(count(database, "SELECT COUNT(*) FROM game_undo_log WHERE event = 'request'") == "1");
  v1::ClientEnvelope answer_undo;
  answer_undo.mutable_answer_undo()->set_game_id(game);
  answer_undo.mutable_answer_undo()->set_accept(true);
  REQUIRE(first_and_replay(bob, answer_undo, 600004).has_ok());
  CHECK(count(database, "SELECT COUNT(*) FROM game_undo_log WHERE event = 'accept'") == "1");
  CHECK(count(database, "SELECT COUNT(*) FROM game_actions") == "0");
  // A new move; the replayed answer does not take it back.
  REQUIRE(alice.request(submit(game, french_move(replica.state()))).has_action_accepted());
  CHECK(bob.request_with_id(answer_undo, 600004).has_ok());
  CHECK(count(database, "SELECT COUNT(*) FROM game_actions") == "1");

  // OfferDraw and AnswerDraw (declined): the replayed answer is not refused as "no draw on offer".
  v1::ClientEnvelope offer;
  offer.mutable_offer_draw()->set_game_id(game);
  REQUIRE(first_and_replay(alice, offer, 500004).has_ok());
  v1::ClientEnvelope answer_draw;
  answer_draw.mutable_answer_draw()->set_game_id(game);
  answer_draw.mutable_answer_draw()->set_accept(false);
  REQUIRE(first_and_replay(bob, answer_draw, 600005).has_ok());
  // A new offer; the replayed decline does not decline it: it is still there to accept.
  REQUIRE(alice.request_with_id(offer, 500005).has_ok());
  CHECK(bob.request_with_id(answer_draw, 600005).has_ok());
  auto accept_draw = answer_draw;
  accept_draw.mutable_answer_draw()->set_accept(true);
  const auto accepted = bob.request_with_id(accept_draw, 600006);
  INFO(accepted.DebugString());
  REQUIRE(accepted.has_ok());
  CHECK(count(database, "SELECT result FROM games WHERE id = " + std::to_string(game)) ==
        "drawn by agreement");

  // Resign, in a second game: the replay is Ok (not GAME_NOT_RUNNING) and the result stays the first.
  const auto second = alice.request_with_id(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice 2"), v1::SPECTATOR_VIEW_UNSPECIFIED),
      500006);
  REQUIRE(second.has_game_created());
  const std::uint64_t game2 = second.game_created().game_id();
  REQUIRE(bob.request_with_id(join_game(game2, v1::SEAT_ALLIED, test_entropy("bob 2")), 600007)
              .has_game_changed());
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(game2);
  REQUIRE(first_and_replay(bob, resign, 600008).has_ok());
  const std::string status_and_result =
      "SELECT status || ' ' || result FROM games WHERE id = " + std::to_string(game2);
  const auto result = count(database, status_and_result);
  CHECK(result.rfind("3 ", 0) == 0);
  CHECK(bob.request_with_id(resign, 600008).has_ok());
  CHECK(count(database, status_and_result) == result);

  // Stored once per (account, request id): alice's 3 creations, chat, undo request, 2 offers and the
  // leave refused with her id; bob's join, leave, rejoin, 2 joins more, undo answer, 2 draw answers
  // and the resignation (replays add none).
  CHECK(count(database, "SELECT COUNT(*) FROM request_answers WHERE account_id = " +
                            std::to_string(alice.account_id())) == "8");
  CHECK(count(database, "SELECT COUNT(*) FROM request_answers WHERE account_id = " +
                            std::to_string(bob.account_id())) == "9");
}
