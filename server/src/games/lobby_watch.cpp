#include "games/lobby_watch.hpp"

#include "games/your_turn.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

// Whether ListGames lists the game to accounts holding no seat in it: OPEN or SPECTATABLE, public.
bool listed_to_everyone(const GameRoom& room) {
  if (!room.row.public_listing) return false;
  return room.row.status == v1::GAME_STATUS_OPEN ||
         (room.row.status == v1::GAME_STATUS_RUNNING &&
          room.row.spectator_view != v1::SPECTATOR_VIEW_UNSPECIFIED);
}

}  // namespace

LobbyWatch::LobbyWatch(Outbound& outbound, const GameViews& views, Schedule schedule,
                       std::chrono::milliseconds every)
    : outbound_(outbound), views_(views), schedule_(std::move(schedule)), every_(every) {}

void LobbyWatch::watch(const Caller& caller, bool on) {
  if (!caller.account) return;
  if (on)
    watchers_[caller.connection] = *caller.account;
  else
    watchers_.erase(caller.connection);
}

void LobbyWatch::forget(ConnectionId connection) {
  watchers_.erase(connection);
}

void LobbyWatch::note(const GameRoom& room) {
  const auto id = static_cast<std::uint64_t>(room.row.id);
  const bool listed_now = listed_to_everyone(room);
  // A public game that just left its list (started full, finished) is shown once more, so that
  // watchers drop it; after that it is no one's business but its seats'.
  const bool listed_before =
      listed_now ? !listed_publicly_.insert(id).second : listed_publicly_.erase(id) > 0;
  if (watchers_.empty()) return;
  if (!changes_.count(id) && changes_.size() >= kMaxChanges) {
    overflow_ = true;
  } else {
    Change change;
    change.live = views_.summary(room);
    if (listed_now || listed_before) {
      // As ListGames shows it to a lister holding no seat: as its (delayed) spectators see it.
      Subscriber lister;
      lister.delay_player_turns = room.row.spectator_delay;
      change.for_everyone = views_.summary(room, &lister);
    }
    for (const SeatRow& seat : room.seats)
      if (seat.account && !seat.built_in) {
        change.seated.insert(*seat.account);
        if (your_turn(room, *seat.account)) change.to_move.insert(*seat.account);
      }
    changes_[id] = std::move(change);
  }
  if (scheduled_) return;
  if (!schedule_) return flush();
  scheduled_ = true;
  const auto due = last_flush_ + every_;
  const auto now = Clock::now();
  schedule_(due > now ? std::chrono::duration_cast<std::chrono::milliseconds>(due - now)
                      : std::chrono::milliseconds(0));
}

void LobbyWatch::flush() {
  scheduled_ = false;
  last_flush_ = Clock::now();
  if (changes_.empty() && !overflow_) return;
  for (const auto& [connection, account] : watchers_) {
    v1::ServerEnvelope push;
    v1::LobbyChanged& changed = *push.mutable_lobby_changed();
    changed.set_resync(overflow_);
    for (auto it = changes_.rbegin(); it != changes_.rend(); ++it) {
      const Change& change = it->second;
      if (change.seated.count(account)) {
        v1::GameSummary& summary = *changed.add_games() = change.live;
        summary.set_your_turn(change.to_move.count(account) > 0);
      } else if (change.for_everyone) {
        *changed.add_games() = *change.for_everyone;
      }
    }
    if (changed.games_size() > 0 || changed.resync()) outbound_.send(connection, push);
  }
  changes_.clear();
  overflow_ = false;
}

}  // namespace hd::server
