// Requests between the players of a running game (docs/games.md): undo by consent (5.1C, as the
// engine allows it), resignation and agreed draws. A part of the game service, given the room the
// request names (nullptr: no such game, refused NOT_FOUND); every refusal changes nothing.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <vector>

namespace hd::server {

class GameConsent {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  GameConsent(Database& db, GameStore& store, GameRooms& rooms, GameViews& views, Outbound& outbound);

  // RequestUndo (5.1C): the caller's own last action, when the room allows it (undo_allowed_for);
  // answered Ok; the other side is asked, or a built-in opponent (or the caller on both sides)
  // accepts at once.
  void request_undo(const Caller& caller, const Envelope& request, GameRoom* room);
  // AnswerUndo by the other side: accepted, the action is taken back (apply_undo); declined, the
  // request lapses and everyone live hears so.
  void answer_undo(const Caller& caller, const Envelope& request, GameRoom* room);
  // Resign: the caller's side loses, the game is finished.
  void resign(const Caller& caller, const Envelope& request, GameRoom* room);
  // Ends the game with a result in words (resignation, agreed draw, a missed deadline), persisted,
  // and tells everyone.
  void finish(GameRoom& room, const GameOutcome& result);
  // OfferDraw to a human other side; everyone live hears it.
  void offer_draw(const Caller& caller, const Envelope& request, GameRoom* room);
  // AnswerDraw by the other side; accepted, the game is finished drawn.
  void answer_draw(const Caller& caller, const Envelope& request, GameRoom* room);

 private:
  // Takes the last action back: deleted with its snapshot in one transaction, the state replayed,
  // everyone live told (UndoAnswered, then GameUpdate{undone}); a catch-up under way restarts.
  void apply_undo(GameRoom& room, AccountId answering);
  // `room` if it is running and the caller holds `held` seats in it; else refuses (NOT_FOUND,
  // NOT_YOUR_SEAT, GAME_NOT_RUNNING) and returns nullptr.
  GameRoom* seat_holders_running_game(const Caller& caller, const Envelope& request, GameRoom* room,
                                      std::vector<hundred_days::v1::Seat>& held);

  Database& db_;
  GameStore& store_;
  GameRooms& rooms_;  // the games gauge, once a game is finished
  GameViews& views_;
  Outbound& outbound_;
};

}  // namespace hd::server
