// hd_backup (docs/deploy.md, "Backups"): a backup taken while games are played holds every game as of
// the backup, every action acknowledged before it began, a sound file, and a fresh server on it
// resumes the games; the newest N backups are kept; a failure is a message and exit status 1.
#include "build_paths.hpp"
#include "game_test_player.hpp"
#include "logged_action.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/dice.hpp>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <condition_variable>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <sstream>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;
namespace fs = std::filesystem;

namespace {

struct BackupRun {
  int status = -1;
  std::string output;  // stdout and stderr
};

// Runs hd_backup with `args` (at most 60 s).
BackupRun run_backup(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<std::string> argv{hd::test::built_program("hd_backup")};
  argv.insert(argv.end(), args.begin(), args.end());
  BackupRun run;
  run.status = wait_process(spawn_process(argv, log.string()), std::chrono::seconds(60));
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  run.output = text.str();
  return run;
}

// The backups in `folder`, by name (oldest first).
std::vector<fs::path> backups_in(const fs::path& folder) {
  std::vector<fs::path> found;
  const std::regex name(R"(hundred-days-\d{8}T\d{6}\.\d{3}Z\.sqlite)");
  for (const auto& entry : fs::directory_iterator(folder))
    if (std::regex_match(entry.path().filename().string(), name)) found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  return found;
}

// One game against the built-in Allied player, French seat held by its own player.
struct Game {
  std::unique_ptr<GamePlayer> player;
  std::uint64_t id = 0;
  Replica replica{"quatre-bras", french_seat()};
};

// Applies updates until the French decide again; false with `why` on a mismatch.
bool follow_until_french(Game& game, std::string& why) {
  while (game.replica.state().phase != engine::Phase::GameOver && !french_to_decide(game.replica)) {
    if (!game.replica.apply(game.player->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why))
      return false;
  }
  return true;
}

// What the playing thread reports: the highest sequence heard per game.
struct Progress {
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::uint64_t, std::uint64_t> heard;
  std::uint64_t total = 0;
  bool stop = false;
  bool done = false;
  std::string failure;
};

// Plays a random French action on each game in turn until told to stop; no Catch2 macro here (not
// thread-safe): a failure is recorded in `progress`.
void play(std::vector<Game>& games, Progress& progress, std::uint64_t seed) {
  engine::SplitMix64 random(seed);
  try {
    while (true) {
      bool played = false;
      for (Game& game : games) {
        {
          std::lock_guard lock(progress.mutex);
          if (progress.stop) return;
        }
        if (!french_to_decide(game.replica)) continue;
        const auto answer =
            game.player->request(submit(game.id, engine::choose_random_action(game.replica.state(), random)));
        if (!answer.has_action_accepted()) throw std::runtime_error("action not accepted");
        std::string why;
        while (game.replica.sequence() < answer.action_accepted().sequence()) {
          if (!game.replica.apply(game.player->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why))
            throw std::runtime_error(why);
        }
        if (!follow_until_french(game, why)) throw std::runtime_error(why);
        played = true;
        std::lock_guard lock(progress.mutex);
        progress.total += game.replica.sequence() - progress.heard[game.id];
        progress.heard[game.id] = game.replica.sequence();
        progress.changed.notify_all();
      }
      if (!played) throw std::runtime_error("every game is over");
    }
  } catch (const std::exception& failure) {
    std::lock_guard lock(progress.mutex);
    progress.failure = failure.what();
    progress.done = true;
    progress.changed.notify_all();
  }
}

// A small SQLite file with one table, for the tool's own tests.
void make_database(const fs::path& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "PRAGMA journal_mode=WAL; CREATE TABLE t(x); INSERT INTO t VALUES (42);", nullptr,
                       nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("A backup taken while games are played restores every game, resumable", "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  std::vector<Game> games(3);
  std::map<std::uint64_t, std::string> tokens;  // game -> its player's session token
  for (std::size_t i = 0; i < games.size(); ++i) {
    Game& game = games[i];
    game.player = std::make_unique<GamePlayer>(server.port(), "player" + std::to_string(i));
    auto create = create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(game.player->username()),
                              v1::SPECTATOR_VIEW_UNSPECIFIED);
    v1::SeatSetup& builtin = *create.mutable_create_game()->add_seats();
    builtin.set_seat(v1::SEAT_ALLIED);
    builtin.set_built_in(true);
    const auto created = game.player->request(create);
    REQUIRE(created.has_game_created());
    game.id = created.game_created().game_id();
    tokens[game.id] = game.player->session_token();
    REQUIRE(game.player->request(open_game(game.id, false)).has_game_snapshot());
    std::string why;
    INFO(why);
    REQUIRE(follow_until_french(game, why));
  }

  Progress progress;
  std::thread player([&] { play(games, progress, 2026); });
  const auto wait_for = [&](const std::function<bool()>& condition) {
    std::unique_lock lock(progress.mutex);
    return progress.changed.wait_for(lock, std::chrono::seconds(60),
                                     [&] { return progress.done || condition(); });
  };
  // Under load: every game has moved on, and the thread keeps playing while the backup runs.
  REQUIRE(wait_for([&] {
    if (progress.heard.size() < games.size()) return false;
    for (const auto& [game, heard] : progress.heard)
      if (heard < 6) return false;
    return true;
  }));
  std::map<std::uint64_t, std::uint64_t> before;
  {
    std::lock_guard lock(progress.mutex);
    before = progress.heard;
  }
  const fs::path folder = make_temp_directory("hd-backup-load");
  const BackupRun run = run_backup(
      {"--database", server.database_path().string(), "--to", (folder / "backups").string()}, folder / "log");
  std::uint64_t total_after_backup = 0;
  {
    std::lock_guard lock(progress.mutex);
    total_after_backup = progress.total;
  }
  // The server kept writing after the backup (it held no lock that stops the games).
  const bool moved_on = wait_for([&] { return progress.total > total_after_backup; });
  {
    std::lock_guard lock(progress.mutex);
    progress.stop = true;
  }
  player.join();
  INFO(run.output);
  REQUIRE(run.status == 0);
  INFO(progress.failure);
  REQUIRE(progress.failure.empty());
  CHECK(moved_on);
  CHECK(run.output.find("integrity ok") != std::string::npos);
  server.stop();

  const auto backups = backups_in(folder / "backups");
  REQUIRE(backups.size() == 1);
  CHECK(!fs::exists(backups[0].string() + "-wal"));
  CHECK(query(backups[0], "PRAGMA journal_mode") == std::vector<std::string>{"delete"});
  CHECK(query(backups[0], "PRAGMA integrity_check") == std::vector<std::string>{"ok"});

  // Restore as docs/deploy.md says: the copy, alone, as the database of a fresh server.
  const fs::path restored = make_temp_directory("hd-backup-restored");
  fs::copy_file(backups[0], restored / "hundred-days.sqlite");
  const fs::path copy = restored / "hundred-days.sqlite";
  std::vector<std::string> expected_ids;
  for (const Game& game : games)
    expected_ids.push_back(std::to_string(game.id));
  std::sort(expected_ids.begin(), expected_ids.end());
  CHECK(query(copy, "SELECT id FROM games ORDER BY CAST(id AS TEXT)") == expected_ids);
  for (const Game& game : games) {
    // A prefix of the live log, holding every action heard before the backup began.
    const auto sequences =
        query(copy, "SELECT sequence FROM game_actions WHERE game_id = " + std::to_string(game.id) +
                        " ORDER BY sequence");
    INFO("game " << game.id << ": " << sequences.size() << " actions in the copy, " << before[game.id]
                 << " heard before the backup");
    CHECK(sequences.size() >= before[game.id]);
    for (std::size_t i = 0; i < sequences.size(); ++i) {
      CHECK(sequences[i] == std::to_string(i + 1));
      CHECK(logged_action_line(copy, game.id, i + 1) ==
            logged_action_line(server.database_path(), game.id, i + 1));
    }
  }

  ServerProcess fresh({game_server_args(), restored});
  engine::SplitMix64 random(7);
  std::size_t played_on = 0;
  for (const Game& live : games) {
    Game game;
    game.id = live.id;
    game.player = std::make_unique<GamePlayer>(fresh.port(), live.player->username(), tokens[live.id]);
    const auto opened = game.player->request(open_game(game.id, false));
    REQUIRE(opened.has_game_snapshot());
    Resumed resumed;
    resumed.snapshot = opened.game_snapshot();
    std::string why;
    INFO(why);
    REQUIRE(game.replica.follow(
        resumed, why, [&](std::uint64_t sequence) { return logged_action_line(copy, game.id, sequence); }));
    REQUIRE(follow_until_french(game, why));
    if (game.replica.state().phase == engine::Phase::GameOver) {
      // Random play may end a game before the backup (19.4A-B's instant wins, seen under ASan's
      // slower play): it is restored as finished, and there is nothing to play on.
      CHECK(query(copy, "SELECT status FROM games WHERE id = " + std::to_string(game.id)) ==
            std::vector<std::string>{std::to_string(v1::GAME_STATUS_FINISHED)});
      continue;
    }
    REQUIRE(french_to_decide(game.replica));
    const auto answer =
        game.player->request(submit(game.id, engine::choose_random_action(game.replica.state(), random)));
    REQUIRE(answer.has_action_accepted());
    CHECK(answer.action_accepted().sequence() == game.replica.sequence() + 1);
    ++played_on;
  }
  CHECK(played_on > 0);  // the restored copy plays on (a run where all three ended proves nothing)
}

TEST_CASE("hd_backup keeps the newest N backups and only its own files", "[e2e]") {
  const fs::path folder = make_temp_directory("hd-backup-keep");
  make_database(folder / "hundred-days.sqlite");
  const fs::path to = folder / "backups";
  fs::create_directories(to);
  std::ofstream(to / "notes.txt") << "an operator's file\n";
  std::vector<fs::path> written;
  for (int i = 0; i < 5; ++i) {
    const BackupRun run = run_backup(
        {"--database", (folder / "hundred-days.sqlite").string(), "--to", to.string(), "--keep", "3"},
        folder / ("log" + std::to_string(i)));
    INFO(run.output);
    REQUIRE(run.status == 0);
    const auto now = backups_in(to);
    REQUIRE(!now.empty());
    written.push_back(now.back());
    CHECK(now.size() == std::min<std::size_t>(i + 1, 3));
  }
  // The three newest remain, each a sound copy.
  const std::vector<fs::path> newest(written.end() - 3, written.end());
  CHECK(backups_in(to) == newest);
  for (const fs::path& backup : newest)
    CHECK(query(backup, "SELECT x FROM t") == std::vector<std::string>{"42"});
  CHECK(fs::exists(to / "notes.txt"));
}

TEST_CASE("hd_backup fails with a message and exit status 1, leaving no backup", "[e2e]") {
  const fs::path folder = make_temp_directory("hd-backup-fail");
  make_database(folder / "hundred-days.sqlite");
  const std::string database = (folder / "hundred-days.sqlite").string();

  SECTION("a missing database") {
    const BackupRun run = run_backup(
        {"--database", (folder / "absent.sqlite").string(), "--to", (folder / "b").string()}, folder / "log");
    CHECK(run.status == 1);
    CHECK(run.output.find("no database at " + (folder / "absent.sqlite").string()) != std::string::npos);
    CHECK(backups_in(folder / "b").empty());
  }
  SECTION("a file that is not a database") {
    std::ofstream(folder / "junk.sqlite") << std::string(8192, 'x');
    const BackupRun run = run_backup(
        {"--database", (folder / "junk.sqlite").string(), "--to", (folder / "b").string()}, folder / "log");
    CHECK(run.status == 1);
    CHECK(run.output.find("not a database") != std::string::npos);
    CHECK(fs::is_empty(folder / "b"));
  }
  SECTION("a backup folder that cannot be made") {
    std::ofstream(folder / "plain-file") << "x";
    const BackupRun run =
        run_backup({"--database", database, "--to", (folder / "plain-file" / "b").string()}, folder / "log");
    CHECK(run.status == 1);
    CHECK(run.output.find("is not a folder") != std::string::npos);
  }
  SECTION("bad usage") {
    CHECK(run_backup({"--database", database}, folder / "log").status == 2);
    CHECK(run_backup({"--database", database, "--to", (folder / "b").string(), "--keep", "0"}, folder / "log")
              .status == 2);
  }
  // The live file is as it was.
  CHECK(query(database, "SELECT x FROM t") == std::vector<std::string>{"42"});
}

TEST_CASE("hd_backup removes the temporary copies that killed runs left, and only those", "[e2e]") {
  const fs::path folder = make_temp_directory("hd-backup-stale");
  make_database(folder / "hundred-days.sqlite");
  const fs::path to = folder / "backups";
  fs::create_directories(to);
  // What a run killed mid-copy leaves (kill -9 before its rename: the copy and SQLite's journal,
  // as seen by hand on a 300 MB database), twice; and files that are not
  // this database's temporary copies: another database's, an operator's, a finished backup's name.
  const fs::path stale[] = {to / ".hundred-days-20261203T080000.000Z.sqlite.tmp",
                            to / ".hundred-days-20261203T080000.000Z.sqlite.tmp-journal",
                            to / ".hundred-days-20261203T090000.123Z.sqlite.tmp"};
  for (const fs::path& path : stale)
    std::ofstream(path) << std::string(4096, 'p');  // half a copy
  const fs::path others[] = {to / ".other-20261203T080000.000Z.sqlite.tmp", to / ".notes.tmp",
                             to / "hundred-days-20261203T080000.000Z.sqlite.tmp"};
  for (const fs::path& path : others)
    std::ofstream(path) << "keep me\n";

  const std::vector<std::string> args{"--database", (folder / "hundred-days.sqlite").string(), "--to",
                                      to.string()};
  const BackupRun run = run_backup(args, folder / "log");
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK(run.output.find("3 temporary files of killed runs removed") != std::string::npos);
  for (const fs::path& path : stale) {
    INFO(path);
    CHECK_FALSE(fs::exists(path));
  }
  for (const fs::path& path : others) {
    INFO(path);
    CHECK(fs::exists(path));
  }
  REQUIRE(backups_in(to).size() == 1);
  CHECK(query(backups_in(to).front(), "SELECT x FROM t") == std::vector<std::string>{"42"});

  // Nothing stale the next time: the line says nothing of it.
  const BackupRun again = run_backup(args, folder / "log2");
  INFO(again.output);
  REQUIRE(again.status == 0);
  CHECK(again.output.find("temporary file") == std::string::npos);
}

TEST_CASE("hd_backup fails, touching nothing, while another run holds the folder", "[e2e]") {
  const fs::path folder = make_temp_directory("hd-backup-locked");
  make_database(folder / "hundred-days.sqlite");
  const fs::path to = folder / "backups";
  fs::create_directories(to);
  const fs::path in_progress = to / ".hundred-days-20261203T080000.000Z.sqlite.tmp";
  std::ofstream(in_progress) << "a copy being written";
  // This test holds the lock a running hd_backup would hold.
  const int fd = open(to.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  REQUIRE(flock(fd, LOCK_EX | LOCK_NB) == 0);
  const BackupRun run = run_backup(
      {"--database", (folder / "hundred-days.sqlite").string(), "--to", to.string()}, folder / "log");
  close(fd);
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK(run.output.find("another hd_backup is writing to " + to.string()) != std::string::npos);
  CHECK(fs::exists(in_progress));
  CHECK(backups_in(to).empty());
}
