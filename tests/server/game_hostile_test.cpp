// End-to-end: hostile and mistaken requests get their defined refusal and change no game; replayed
// request ids get the first answer (another request under a used id is refused); undo by consent (5.1C), chat
// channels and an agreed draw.
#include "game_test_player.hpp"
#include "refusal_checks.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

TEST_CASE("Hostile input is refused with its defined answer and changes no game", "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  const auto database = server.database_path();
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer mallory(server.port(), "mallory");
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  const std::uint64_t game = created.game_created().game_id();
  // Bad joins: a seat already held, short entropy, a seat not in the scenario, an unknown game.
  expect_refusal(bob.request(join_game(game, v1::SEAT_FRENCH, test_entropy("bob"))),
                 v1::REFUSAL_CODE_SEAT_TAKEN);
  expect_refusal(bob.request(join_game(game, v1::SEAT_ALLIED, "short")), v1::REFUSAL_CODE_INVALID_REQUEST);
  expect_refusal(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))),
                 v1::REFUSAL_CODE_INVALID_REQUEST);
  expect_refusal(bob.request(join_game(424242, v1::SEAT_ALLIED, test_entropy("bob"))),
                 v1::REFUSAL_CODE_NOT_FOUND);
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
  REQUIRE(bob.request(open_game(game, false)).has_game_snapshot());
  expect_refusal(mallory.request(open_game(game, false)), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  expect_refusal(mallory.request(open_game(game, true)), v1::REFUSAL_CODE_NOT_ALLOWED);  // no spectators

  Replica replica("quatre-bras", engine::Viewer{});
  const engine::MoveAction move = french_move(replica.state());
  const std::string move_line = engine::format_action(replica.state(), engine::Side::French, move);
  const std::string unit = engine::unit_name(replica.state(), move.move.unit);
  const auto actions = [&] {
    return query_one(database, "SELECT COUNT(*) FROM game_actions WHERE game_id = " + std::to_string(game));
  };

  // Another seat's units, typed or in the notation, under either side's name.
  expect_refusal(bob.request(submit(game, move)), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  expect_refusal(bob.request(submit_notation(game, move_line)), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  std::string forged = move_line;
  forged.replace(0, std::string("french").size(), "coalition");
  expect_refusal(bob.request(submit_notation(game, forged)), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  expect_refusal(mallory.request(submit(game, move)), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  // Unknown games.
  expect_refusal(alice.request(submit(game + 1000, move)), v1::REFUSAL_CODE_NOT_FOUND);
  expect_refusal(alice.request(open_game(game + 1000, false)), v1::REFUSAL_CODE_NOT_FOUND);
  // Out of turn: an Allied unit in the French movement phase.
  const auto blndt = engine::find_unit(replica.state(), engine::Army::Allied, "Blndt");
  REQUIRE(blndt);
  engine::MoveAction allied_move;
  allied_move.move.unit = *blndt;
  allied_move.move.path = {replica.state().units[*blndt].hex};
  const auto out_of_turn = bob.request(submit(game, allied_move));
  expect_refusal(out_of_turn, v1::REFUSAL_CODE_RULE_VIOLATION);
  CHECK_FALSE(out_of_turn.refusal().rule().empty());
  // Malformed: a unit number out of range, a hex off the grid, an empty action, bad notation, dice.
  auto bad_unit = submit(game, move);
  bad_unit.mutable_submit_action()->mutable_action()->mutable_move()->set_unit(60000);
  expect_refusal(alice.request(bad_unit), v1::REFUSAL_CODE_INVALID_REQUEST);
  auto off_grid = submit(game, move);
  off_grid.mutable_submit_action()->mutable_action()->mutable_move()->mutable_path(0)->set_column(999);
  expect_refusal(alice.request(off_grid), v1::REFUSAL_CODE_INVALID_REQUEST);
  v1::ClientEnvelope empty;
  empty.mutable_submit_action()->set_game_id(game);
  expect_refusal(alice.request(empty), v1::REFUSAL_CODE_INVALID_REQUEST);
  expect_refusal(alice.request(submit_notation(game, "french fly " + unit)),
                 v1::REFUSAL_CODE_INVALID_REQUEST);
  expect_refusal(alice.request(submit_notation(game, "french attack " + unit + " on Blndt die 6")),
                 v1::REFUSAL_CODE_INVALID_REQUEST);
  // Nothing happened; the record stays secret while the game runs.
  CHECK(actions() == "0");
  expect_refusal(alice.request(export_record(game)), v1::REFUSAL_CODE_NOT_ALLOWED);

  // A repeated request id gets the first answer and is applied once.
  const std::uint64_t id = alice.next_request_id();
  const auto first = alice.request_with_id(submit(game, move), id);
  REQUIRE(first.has_action_accepted());
  CHECK(first.action_accepted().sequence() == 1);
  const auto again = alice.request_with_id(submit(game, move), id);
  REQUIRE(again.has_action_accepted());
  CHECK(again.action_accepted().sequence() == 1);
  // Another action under that id is refused, not applied (issue 29; request_id_reuse_test).
  expect_refusal(alice.request_with_id(submit(game, engine::Action{engine::EndPhaseAction{}}), id),
                 v1::REFUSAL_CODE_REQUEST_ID_REUSED);
  CHECK(actions() == "1");
  CHECK(query_one(database, "SELECT request_id FROM game_actions WHERE game_id = " + std::to_string(game)) ==
        std::to_string(static_cast<std::int64_t>(id)));  // SQLite's INTEGER is signed

  // 5.1C undo by consent: only the mover asks, the opponent answers; both are logged.
  expect_refusal(bob.request([&] {
    v1::ClientEnvelope undo;
    undo.mutable_request_undo()->set_game_id(game);
    return undo;
  }()),
                 v1::REFUSAL_CODE_NOT_ALLOWED);
  v1::ClientEnvelope undo;
  undo.mutable_request_undo()->set_game_id(game);
  REQUIRE(alice.request(undo).has_ok());
  const auto asked = bob.next_of(v1::ServerEnvelope::kUndoRequested);
  CHECK(asked.undo_requested().by() == v1::SEAT_FRENCH);
  v1::ClientEnvelope answer_undo;
  answer_undo.mutable_answer_undo()->set_game_id(game);
  answer_undo.mutable_answer_undo()->set_accept(true);
  expect_refusal(alice.request(answer_undo), v1::REFUSAL_CODE_NOT_YOUR_SEAT);  // not the mover's to answer
  REQUIRE(bob.request(answer_undo).has_ok());
  const auto answered = alice.next_of(v1::ServerEnvelope::kUndoAnswered);
  CHECK(answered.undo_answered().accepted());
  CHECK(answered.undo_answered().sequence() == 0);
  const auto undone = alice.next_of(v1::ServerEnvelope::kGameUpdate);
  CHECK(undone.game_update().undone());
  CHECK(engine::serialize(wire::from_proto(undone.game_update().view())) ==
        engine::serialize(engine::view(replica.state(), engine::Viewer{})));
  CHECK(actions() == "0");
  CHECK(query_one(database, "SELECT group_concat(event, ',') FROM game_undo_log WHERE game_id = " +
                                std::to_string(game)) == "request,accept");
  // The move can be made again and takes the freed sequence.
  const auto redo = alice.request(submit(game, move));
  REQUIRE(redo.has_action_accepted());
  CHECK(redo.action_accepted().sequence() == 1);
  // Bob had seen the sequence taken back: his catch-up starts before it and shows the new one.
  const Resumed resumed = resume_game(bob, game, false, 1);
  CHECK(resumed.snapshot.sequence() == 0);
  REQUIRE(resumed.tail.size() == 1);
  CHECK(resumed.tail[0].sequence() == 1);
  CHECK_FALSE(resumed.tail[0].action_text().empty());

  // Chat: ALL reaches the opponent; SIDE only teammates (here: nobody else).
  v1::ClientEnvelope side_chat;
  side_chat.mutable_send_chat()->set_game_id(game);
  side_chat.mutable_send_chat()->set_channel(v1::CHAT_CHANNEL_SIDE);
  side_chat.mutable_send_chat()->set_text("secret plan");
  REQUIRE(alice.request(side_chat).has_ok());
  v1::ClientEnvelope all_chat = side_chat;
  all_chat.mutable_send_chat()->set_channel(v1::CHAT_CHANNEL_ALL);
  all_chat.mutable_send_chat()->set_text("good luck");
  REQUIRE(alice.request(all_chat).has_ok());
  const auto heard = bob.next_of(v1::ServerEnvelope::kChatMessage);
  CHECK(heard.chat_message().text() == "good luck");
  CHECK(heard.chat_message().from() == "alice");
  const auto bob_snapshot = bob.request(open_game(game, false));
  REQUIRE(bob_snapshot.game_snapshot().recent_chat_size() == 1);
  const auto alice_snapshot = alice.request(open_game(game, false));
  CHECK(alice_snapshot.game_snapshot().recent_chat_size() == 2);

  // An agreed draw ends the game; then the record is revealed.
  v1::ClientEnvelope offer;
  offer.mutable_offer_draw()->set_game_id(game);
  REQUIRE(alice.request(offer).has_ok());
  CHECK(bob.next_of(v1::ServerEnvelope::kDrawOffered).draw_offered().by() == v1::SEAT_FRENCH);
  v1::ClientEnvelope accept;
  accept.mutable_answer_draw()->set_game_id(game);
  accept.mutable_answer_draw()->set_accept(true);
  expect_refusal(alice.request(accept), v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  REQUIRE(bob.request(accept).has_ok());
  CHECK(query_one(database, "SELECT status || ' ' || result FROM games WHERE id = " + std::to_string(game)) ==
        "3 drawn by agreement");
  CHECK(query_one(database, "SELECT result_end || ' ' || result_winner FROM games WHERE id = " +
                                std::to_string(game)) == "3 0");  // GAME_END_DRAW_AGREED, no winner
  const auto record = alice.request(export_record(game));
  REQUIRE(record.has_game_record());
  CHECK(record.game_record().record().find(move_line + "\n") != std::string::npos);
}
