// What each connection with a game open is shown, and the sending of it (docs/games.md, "Views,
// spectators and resume"): the summaries, views, snapshots and updates as each subscriber may see
// them (spectator_view.hpp), sent to one subscriber or all. A part of the game service that knows
// only the room it is given, the outbound connections and the chat it reads for snapshots.
#pragma once

#include "app/outbound.hpp"
#include "games/catch_up.hpp"
#include "games/game_room.hpp"
#include "games/game_store.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <vector>

namespace hd::server {

class GameViews {
 public:
  GameViews(Outbound& outbound, GameStore& store);

  // The game's summary as `seen_by` may see it (a delayed spectator gets its delayed turn and no
  // pending seat; nullptr: live).
  hundred_days::v1::GameSummary summary(const GameRoom& room, const Subscriber* seen_by = nullptr) const;
  // The subscriber's view of what it may see now, with the live decision when that is the present.
  hundred_days::v1::GameView view_for(const GameRoom& room, const Subscriber& subscriber) const;
  // A snapshot of the subscriber's view now, or at `past` (a catch-up's start: that view and
  // sequence, no live decision and no pending attack; the summary and the chat are today's).
  hundred_days::v1::GameSnapshot snapshot(const GameRoom& room, const Subscriber& subscriber,
                                          const CatchUpStart* past = nullptr);
  // The update a subscriber gets for one logged action (`after`: the state right after it).
  hundred_days::v1::GameUpdate update_for(const GameRoom& room, const Subscriber& subscriber,
                                          const LoggedAction& logged,
                                          const std::vector<engine::Event>& events,
                                          const engine::GameState& after) const;
  // The same, made into `out` (empty) and so on out's arena if it has one (the live fan-out).
  void update_for(const GameRoom& room, const Subscriber& subscriber, const LoggedAction& logged,
                  const std::vector<engine::Event>& events, const engine::GameState& after,
                  hundred_days::v1::GameUpdate& out) const;
  // Sends `envelope` to every connection with the game open (all, or those `accept`ed).
  void send_to_subscribers(const GameRoom& room, const hundred_days::v1::ServerEnvelope& envelope,
                           const std::function<bool(const Subscriber&)>& accept);
  void send_to_subscribers(const GameRoom& room, const hundred_days::v1::ServerEnvelope& envelope);
  // Tells every subscriber the game's seats or status changed (each as it may see the game).
  void broadcast_summary(const GameRoom& room);
  // Adds to a view of the live state what only the room knows: the seats whose decision is pending
  // and whether the subscriber's seats may ask for an undo (5.1C).
  static void add_live_decision(const GameRoom& room, const Subscriber& subscriber,
                                hundred_days::v1::GameView& view);

  // Issue 16: a summary's deadline (`deadline` of a game with `seats` and `status`), each human
  // seat's vacation days left and the latest deadline event; the current deadline's time only when
  // `show_time` (a running game, a viewer of the present).
  static void add_deadline(const DeadlineState& deadline, const std::vector<SeatRow>& seats,
                           hundred_days::v1::GameStatus status, bool show_time,
                           hundred_days::v1::GameSummary& out);

  // Issue 16: `changed` is called after a game may have come to a point where a seat must act or
  // has ended (an action played; seats or status changed, by broadcast_summary): the webhook
  // notices (notify/turn_notices.hpp). Unset: nothing is called.
  using Changed = std::function<void(const GameRoom&)>;
  void on_changed(Changed changed) { changed_ = std::move(changed); }
  void changed(const GameRoom& room) const {
    if (changed_) changed_(room);
    listed(room);
  }
  // Issue 16, a live lobby: `listed` is called whenever a game's listing may have changed: by
  // changed() and after a game is created (LobbyWatch::note). Unset: nothing is called.
  void on_listed(Changed listed) { listed_ = std::move(listed); }
  void listed(const GameRoom& room) const {
    if (listed_) listed_(room);
  }

 private:
  Outbound& outbound_;
  GameStore& store_;
  Changed changed_;
  Changed listed_;
};

}  // namespace hd::server
