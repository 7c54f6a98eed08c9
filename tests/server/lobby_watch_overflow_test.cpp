// Issue 16, the live lobby (games/lobby_watch.hpp): the games that change between two pushes are sent
// in one LobbyChanged per watcher, at most LobbyWatch::kMaxChanges of them; past that the push says
// `resync` (the client lists the games again) instead of growing. The watch is driven by hand here
// (its schedule only records that a push is due), so no timing is involved.
#include "app/outbound.hpp"
#include "database.hpp"
#include "game_test_player.hpp"
#include "games/game_room.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"
#include "games/lobby_watch.hpp"
#include "migrations.hpp"
#include "server_process.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <memory>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::server;

namespace {

// Records the lobby pushes, by connection.
class Pushes : public Outbound {
 public:
  std::vector<std::pair<ConnectionId, v1::LobbyChanged>> sent;
  void send(ConnectionId connection, const v1::ServerEnvelope& envelope) override {
    if (envelope.has_lobby_changed()) sent.emplace_back(connection, envelope.lobby_changed());
  }
  void close(ConnectionId, CloseRequest) override {}
};

// `count` open public Quatre Bras games, ids 1..count, each created by account 1 (seated French).
std::vector<std::unique_ptr<GameRoom>> open_games(int count) {
  auto initial =
      loader::start_scenario_game(test::game_data_root(), {"quatre-bras", {}, {}, std::nullopt, false});
  REQUIRE(initial.value);
  std::vector<std::unique_ptr<GameRoom>> rooms;
  for (int id = 1; id <= count; ++id) {
    GameRow row;
    row.id = id;
    row.scenario = "quatre-bras";
    row.title = "Quatre Bras";
    row.status = v1::GAME_STATUS_OPEN;
    row.public_listing = true;
    row.creator = 1;
    std::vector<SeatRow> seats(2);
    seats[0].seat = v1::SEAT_FRENCH;
    seats[0].account = 1;
    seats[0].username = "alice";
    seats[1].seat = v1::SEAT_ALLIED;
    rooms.push_back(std::make_unique<GameRoom>(row, seats, *initial.value, std::vector<LoggedAction>{}));
  }
  return rooms;
}

// A migrated database in a folder of its own.
Database migrated_database(const std::filesystem::path& directory) {
  Database db = Database::open(directory / "hundred-days.sqlite");
  apply_migrations(db, embedded_migrations());
  return db;
}

// The watch, its views and what it pushes, on a database of their own.
struct Harness {
  std::filesystem::path directory = test::make_temp_directory("hd-lobby-watch");
  Database db = migrated_database(directory);
  GameStore store{db};
  Pushes pushes;
  GameViews views{pushes, store};
  int scheduled = 0;  // pushes the watch asked to have made later
  LobbyWatch watch{pushes, views, [this](std::chrono::milliseconds) { ++scheduled; }};
  ~Harness() { std::filesystem::remove_all(directory); }
};

Caller watcher(ConnectionId connection, AccountId account) {
  Caller caller;
  caller.connection = connection;
  caller.account = account;
  return caller;
}

}  // namespace

TEST_CASE("the live lobby sends every changed game up to its bound, then a resync instead",
          "[lobby][issue16]") {
  Harness h;
  h.watch.watch(watcher(7, 2), true);  // bob, seated nowhere: sees the public games
  const auto rooms = open_games(static_cast<int>(LobbyWatch::kMaxChanges) + 1);

  // Within the bound: one push holding every changed game, no resync.
  for (std::size_t i = 0; i < LobbyWatch::kMaxChanges; ++i)
    h.watch.note(*rooms[i]);
  CHECK(h.scheduled == 1);  // one push is due, not one a game
  h.watch.flush();
  REQUIRE(h.pushes.sent.size() == 1);
  CHECK(h.pushes.sent[0].first == 7);
  CHECK_FALSE(h.pushes.sent[0].second.resync());
  CHECK(h.pushes.sent[0].second.games_size() == static_cast<int>(LobbyWatch::kMaxChanges));

  // One game more than the bound changed before the next push: the push says resync and holds no
  // more than the bound (the watcher lists the games again).
  for (const auto& room : rooms)
    h.watch.note(*room);
  h.watch.flush();
  REQUIRE(h.pushes.sent.size() == 2);
  CHECK(h.pushes.sent[1].second.resync());
  CHECK(h.pushes.sent[1].second.games_size() <= static_cast<int>(LobbyWatch::kMaxChanges));

  // After a resync the bound starts again: one change is one game, no resync.
  h.watch.note(*rooms[0]);
  h.watch.flush();
  REQUIRE(h.pushes.sent.size() == 3);
  CHECK_FALSE(h.pushes.sent[2].second.resync());
  CHECK(h.pushes.sent[2].second.games_size() == 1);
}
