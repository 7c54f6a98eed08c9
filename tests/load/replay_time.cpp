// hd_replay_time: how long the server's start-up replay of one game's action log takes (issue 5,
// "snapshots as a cache"; docs/server.md). For each seed it plays a scenario to its end with the
// engine's random player, keeping the log as the server does (the notation line without dice, the
// dice, the state hash), then times a replay exactly as GameRoom::replay does it: parse each line,
// apply it with the logged dice, compare the state hash.
//
//   hd_replay_time [--scenario la-belle-alliance] [--seeds 5] [--rounds 20] [--data DIR]
//                  [--allow-missing-rules true]   (the campaign, grand and variant scenarios)
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace hd::engine;

struct Logged {
  std::string line;
  std::vector<int> dice;
  std::uint64_t hash = 0;
};

// Plays the game to its end with the random player (moves and dice from `seed`).
std::vector<Logged> play_to_end(GameState state, std::uint64_t seed) {
  SplitMix64 random(seed);
  SplitMix64 dice(seed ^ 0x5eedull);
  std::vector<Logged> log;
  while (state.phase != Phase::GameOver && !state.result && log.size() < 100000) {
    const Side side = pending_decision(state).side;
    const Action action = choose_random_action(state, random);
    Logged entry;
    entry.line = format_action(state, side, action);
    apply(state, side, action, [&] {
      entry.dice.push_back(dice.die());
      return entry.dice.back();
    });
    entry.hash = state_hash(state);
    log.push_back(std::move(entry));
  }
  return log;
}

// The server's replay: parse, apply with the logged dice, check the hash.
void replay_into(GameState& state, const std::vector<Logged>& log) {
  for (const Logged& entry : log) {
    const auto parsed = parse_action_line(state, entry.line);
    if (const auto* error = std::get_if<std::string>(&parsed)) throw std::runtime_error(*error);
    const auto& notated = std::get<NotatedAction>(parsed);
    std::size_t next = 0;
    apply(state, notated.side, notated.action, [&] { return entry.dice.at(next++); });
    if (state_hash(state) != entry.hash) throw std::runtime_error("hash differs at " + entry.line);
  }
}

// The same on a copy of the first state.
void replay(GameState state, const std::vector<Logged>& log) {
  replay_into(state, log);
}

}  // namespace

int main(int argc, char** argv) {
  hd::loader::GameChoice choice;
  choice.scenario = "la-belle-alliance";
  std::filesystem::path data = hd::loader::default_data_root();
  int seeds = 5, rounds = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--scenario")
      choice.scenario = value;
    else if (key == "--seeds")
      seeds = std::stoi(value);
    else if (key == "--rounds")
      rounds = std::stoi(value);
    else if (key == "--data")
      data = value;
    else if (key == "--allow-missing-rules")  // true: the campaign and others, not by the book
      choice.allow_missing_rules = value == "true";
    else {
      std::cerr << "usage: hd_replay_time [--scenario S] [--seeds N] [--rounds N] [--data DIR]"
                   " [--allow-missing-rules true]\n";
      return 2;
    }
  }
  auto started = hd::loader::start_scenario_game(data, choice);
  if (!started.value) {
    std::cerr << "the scenario does not load";
    for (const auto& error : started.errors)
      std::cerr << ": " << error.message;
    std::cerr << "\n";
    return 2;
  }
  for (int seed = 1; seed <= seeds; ++seed) {
    const std::vector<Logged> log = play_to_end(*started.value, static_cast<std::uint64_t>(seed));
    std::vector<double> times;
    for (int round = 0; round < rounds; ++round) {
      const auto begin = std::chrono::steady_clock::now();
      replay(*started.value, log);
      times.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count());
    }
    std::sort(times.begin(), times.end());
    // The same game's final state restored from its snapshot text instead (what a server with a
    // snapshot at the last action does before checking the hash).
    GameState final_state = *started.value;
    replay_into(final_state, log);
    const std::string snapshot = snapshot_state(final_state);
    std::vector<double> restore_times;
    for (int round = 0; round < rounds; ++round) {
      const auto begin = std::chrono::steady_clock::now();
      const auto restored = restore_state(*started.value, snapshot);
      if (!restored || state_hash(*restored) != state_hash(final_state)) throw std::runtime_error("restore");
      restore_times.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count());
    }
    std::sort(restore_times.begin(), restore_times.end());
    std::printf(
        "%s seed %d: %zu actions, replay median %.2f ms, min %.2f ms, max %.2f ms (%.1f us/action); "
        "restore from a %zu-byte snapshot median %.3f ms\n",
        choice.scenario.c_str(), seed, log.size(), times[times.size() / 2], times.front(), times.back(),
        1000.0 * times[times.size() / 2] / static_cast<double>(std::max<std::size_t>(log.size(), 1)),
        snapshot.size(), restore_times[restore_times.size() / 2]);
  }
  return 0;
}
