// hd_kill_soak: the kill -9 soak (docs/soak.md; only a short --tls run of it in CI, issue 28). Bots
// (chaos_bot.hpp) play Quatre Bras games against the real hd_server on loopback while the server is
// killed with SIGKILL at random moments and restarted on the same database, again and again. After
// every kill the database passes PRAGMA integrity_check; after each round of games every
// acknowledged action is in the log exactly once (0 lost, 0 doubled) and every client's final view
// is the server's. With --tls (issue 28) the server also has its own TLS listener (a test
// authority and a certificate for localhost made in DIR) and every bot connects over wss:// to it,
// verifying that authority.
//   hd_kill_soak [--kills N] [--games G] [--seed S] [--min-ms A] [--max-ms B] [--dir DIR] [--tls]
// Prints one line per round and a summary; exit status 0 only if nothing was lost, doubled or
// corrupt and every game ended.
#include "chaos_bot.hpp"
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "tls_server.hpp"

#include <hd/engine/state/dice.hpp>

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace {

using namespace hd::test;
using Clock = std::chrono::steady_clock;

struct Options {
  int kills = 100;
  int games = 4;  // games played at once in each round (two bots each)
  std::uint64_t seed = 1;
  int min_ms = 50, max_ms = 400;  // time between a restart and the next kill
  std::filesystem::path dir;
  bool tls = false;  // the bots over wss:// to the server's own TLS listener (issue 28)
};

bool parse(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--tls") {
      options.tls = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) return false;
    const std::string value = argv[i + 1];
    if (key == "--kills")
      options.kills = std::stoi(value);
    else if (key == "--games")
      options.games = std::stoi(value);
    else if (key == "--seed")
      options.seed = std::stoull(value);
    else if (key == "--min-ms")
      options.min_ms = std::stoi(value);
    else if (key == "--max-ms")
      options.max_ms = std::stoi(value);
    else if (key == "--dir")
      options.dir = value;
    else
      return false;
  }
  return options.kills >= 0 && options.games > 0 && options.min_ms > 0 && options.max_ms >= options.min_ms;
}

std::string integrity(const std::filesystem::path& database) {
  sqlite3* db = nullptr;
  std::string answer = "cannot open";
  if (sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
    sqlite3_stmt* statement = nullptr;
    answer = "no answer";
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW)
      answer = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  return answer;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) {
    std::cerr << "usage: hd_kill_soak [--kills N] [--games G] [--seed S] [--min-ms A] [--max-ms B] [--dir "
                 "DIR] [--tls]\n";
    return 2;
  }
  if (options.dir.empty()) options.dir = make_temp_directory("hd-kill-soak");
  auto args = game_server_args();
  args.insert(args.end(), {"--max-connections-per-address", "256"});
  if (options.tls) {
    std::filesystem::create_directories(options.dir);
    const auto listener = make_tls_listener(options.dir);
    args.insert(args.end(), listener.begin(), listener.end());
  }
  const std::string ca_file = options.tls ? (options.dir / "ca.pem").string() : std::string();
  std::unique_ptr<ServerProcess> server;
  std::atomic<int> port = 0;
  // Starts the server on the same directory; `port` is the one the bots use (the TLS one with --tls).
  const auto start_server = [&] {
    std::filesystem::remove(options.dir / "tls-port");
    server = std::make_unique<ServerProcess>(ServerOptions{args, options.dir});
    port = options.tls ? wait_for_tls_port(options.dir, *server) : server->port();
  };
  start_server();
  const std::filesystem::path database = server->database_path();  // the same file after every restart
  const std::function<int()> current_port = [&] { return port.load(); };
  hd::engine::SplitMix64 random(options.seed);

  int kills = 0, round = 0, games = 0, failed_games = 0, bad_integrity = 0;
  std::uint64_t actions = 0, lost_or_doubled = 0, view_mismatches = 0, resends = 0, reconnects = 0,
                catch_ups_from_log = 0;
  const auto started = Clock::now();
  while (kills < options.kills) {
    ++round;
    std::mutex mutex;
    std::condition_variable changed;
    int following = 0, running = options.games;
    std::vector<std::optional<ChaosGameResult>> results(options.games);
    std::vector<std::string> errors;
    std::vector<std::thread> threads;
    for (int g = 0; g < options.games; ++g) {
      threads.emplace_back([&, g] {
        ChaosGameOptions game_options;
        game_options.seed = options.seed * 1000003 + round * 101 + g;
        game_options.database = database;
        game_options.ca_file = ca_file;
        const std::string prefix =
            "ks" + std::to_string(options.seed) + "r" + std::to_string(round) + "g" + std::to_string(g);
        bool counted = false;
        try {
          results[g] = play_chaos_game(current_port, prefix, game_options, [&] {
            std::lock_guard lock(mutex);
            ++following;
            counted = true;
            changed.notify_all();
          });
        } catch (const std::exception& error) {
          std::lock_guard lock(mutex);
          errors.push_back(prefix + ": " + error.what());
        }
        std::lock_guard lock(mutex);
        if (!counted) ++following;
        --running;
        changed.notify_all();
      });
    }
    // Kills only while every game of the round runs (set-up is not retried: docs/soak.md).
    {
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return following == options.games; });
    }
    int round_kills = 0;
    for (;;) {
      const auto pause =
          std::chrono::milliseconds(options.min_ms + random.below(options.max_ms - options.min_ms + 1));
      {
        std::unique_lock lock(mutex);
        if (changed.wait_for(lock, pause, [&] { return running == 0; })) break;
      }
      if (kills >= options.kills) continue;  // let the round finish without more kills
      server->stop(SIGKILL);
      ++kills;
      ++round_kills;
      const std::string check = integrity(server->database_path());
      if (check != "ok") {
        ++bad_integrity;
        std::cout << "kill " << kills << ": integrity_check says " << check << "\n";
      }
      server.reset();
      start_server();
    }
    for (auto& thread : threads)
      thread.join();
    std::uint64_t round_actions = 0;
    for (const auto& result : results) {
      if (!result) continue;
      ++games;
      round_actions += result->actions;
      resends += result->resends;
      catch_ups_from_log += static_cast<std::uint64_t>(result->catch_ups_past_replica);
      reconnects += result->reconnects;
      for (const auto& problem : check_game_log(server->database_path(), *result)) {
        ++lost_or_doubled;
        std::cout << "  " << problem << "\n";
      }
      if (server_views(WsEndpoint(port, ca_file), *result).first != result->final_views) ++view_mismatches;
    }
    actions += round_actions;
    failed_games += static_cast<int>(errors.size());
    for (const auto& error : errors)
      std::cout << "  game failed: " << error << "\n";
    std::cout << "round " << round << ": " << round_kills << " kills (" << kills << " in all), "
              << options.games - errors.size() << "/" << options.games << " games ended, " << round_actions
              << " acknowledged actions checked" << std::endl;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  std::cout << "kill soak" << (options.tls ? " (TLS)" : "") << ": " << kills << " kills in " << seconds
            << " s, " << games << " games ended, " << failed_games << " failed; " << actions
            << " acknowledged actions: " << lost_or_doubled << " lost or doubled; integrity_check failed "
            << bad_integrity << " times; " << view_mismatches << " final views differing; " << reconnects
            << " reconnect attempts, " << resends << " actions sent again, " << catch_ups_from_log
            << " catch-ups past a replica followed from the log; data in " << options.dir.string() << "\n";
  return failed_games == 0 && lost_or_doubled == 0 && bad_integrity == 0 && view_mismatches == 0 ? 0 : 1;
}
