// A game's chat and its record (docs/games.md): SendChat to everyone with the game open (ALL) or
// the sender's side (SIDE), persisted; ExportRecord of a finished game with its dice proof. A part
// of the game service, given the room the request names.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "games/game_room.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <string>

namespace hd::server {

class ChatAndRecords {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  ChatAndRecords(GameStore& store, GameViews& views, Outbound& outbound);

  // SendChat in `room` (nullptr: no such game): a seat holder, or a spectator with it open, sends
  // 1-500 bytes on ALL or (seat holders) SIDE; persisted, sent to those it reaches, answered Ok.
  void send_chat(const Caller& caller, const Envelope& request, GameRoom* room);
  // ExportRecord of `room` (nullptr: no such game): the record and the dice proof, once the game is
  // finished (the seed is secret until then); a private game only to its seat holders.
  void export_record(const Caller& caller, const Envelope& request, const GameRoom* room);

 private:
  GameStore& store_;
  GameViews& views_;
  Outbound& outbound_;
};

}  // namespace hd::server
