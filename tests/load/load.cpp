// hd_load: many bot games at once against a running server (docs/load.md). Each game gets two fresh
// accounts (French and Coalition bots) or one French bot against the built-in player; every game is
// played to the end by hd_term_core's bots. Reports games per minute, actions, the latency of
// SubmitAction -> ActionAccepted (median and 99th percentile, measured by the clients) and errors.
//
//   hd_load --server ws://HOST:PORT/ [--games N] [--concurrency C] [--scenario S] [--vs-builtin]
//           [--rules R[,R...]] [--seed N] [--ca-file PEM] [--rate R] [--spectators N]
//
// Without --rate every bot submits as fast as it can (closed loop: the latency is the one at
// saturation). --rate R paces the run's SubmitActions, all bots together, to R a second on a fixed
// schedule (action_pacer.hpp: a bot late for its slot sends at once; missed slots are dropped, never
// made up in a burst); queries and other requests are not paced. The latency is still timed from
// the SubmitAction's actual send, and the report adds the asked and the achieved rate (issue 15).
//
// --rules chooses optional rules at creation (CreateGame.optional_rules, e.g. 16.3,16.6). In every
// game, with fog of war (16.3) or without, the bots play from their seats' views and the server's
// queries (issue 14; view_bot.hpp).
//
// --spectators N opens N spectators on every game, watching it live (the French side's view), each
// only reading what it is sent: the fan-out of every action then reaches the other seat and N
// spectators (issue 15's durable path). Each must see its game end, or the game counts as failed;
// the report adds the updates they were sent. Without it nobody watches.
//
// A wss:// server is reached over TLS, its certificate verified (never unverified) against the
// system's CA store or the authority in --ca-file (issue 28; hd/wire/tls_client.hpp).
//
// Exit status: 0 every game finished without error; 1 some game failed; 2 bad usage.
#include "action_pacer.hpp"
#include "latency_percentile.hpp"

#include <hd/term/bot_match.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

struct LoadOptions {
  std::string server;
  int games = 4;
  int concurrency = 0;  // 0: all at once
  std::string scenario = "quatre-bras";
  bool vs_builtin = false;
  std::vector<std::string> rules;  // optional rules chosen at creation
  std::uint64_t seed = 0;
  std::string ca_file;  // wss:// only: trust this PEM authority (issue 28)
  double rate = 0;      // --rate: SubmitActions a second for the whole run; 0: unpaced
  int spectators = 0;   // --spectators: live spectators a game
};

struct Totals {
  std::mutex mutex;
  int finished = 0;
  std::vector<std::string> errors;
  std::uint64_t actions = 0;
  std::uint64_t refusals = 0;
  std::uint64_t rate_limited_retries = 0;
  std::uint64_t spectator_updates = 0;  // GameUpdates the spectators were sent
  std::vector<std::int64_t> latencies_us;
};

// --rate's value: a finite number above 0 and nothing after it, or nothing.
std::optional<double> parse_rate(const std::string& text) {
  char* end = nullptr;
  const double rate = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(rate) || rate <= 0)
    return std::nullopt;
  return rate;
}

// "16.3,16.6" as {"16.3", "16.6"}; empty parts are dropped.
std::vector<std::string> split_rules(const std::string& text) {
  std::vector<std::string> rules;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma > start) rules.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return rules;
}

// The rules as the report names them: "with 16.3 16.6", or "" for none.
std::string rules_words(const std::vector<std::string>& rules) {
  std::string words;
  for (const std::string& rule : rules)
    words += (words.empty() ? ", with " : " ") + rule;
  return words;
}

}  // namespace

int main(int argc, char** argv) {
  LoadOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--server" && has_value)
      options.server = argv[++i];
    else if (arg == "--games" && has_value)
      options.games = std::atoi(argv[++i]);
    else if (arg == "--concurrency" && has_value)
      options.concurrency = std::atoi(argv[++i]);
    else if (arg == "--scenario" && has_value)
      options.scenario = argv[++i];
    else if (arg == "--seed" && has_value)
      options.seed = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--ca-file" && has_value)
      options.ca_file = argv[++i];
    else if (arg == "--vs-builtin")
      options.vs_builtin = true;
    else if (arg == "--rules" && has_value)
      options.rules = split_rules(argv[++i]);
    else if (arg == "--rate" && has_value) {
      const std::string text = argv[++i];
      const auto rate = parse_rate(text);
      if (!rate) {
        std::cerr << "hd_load: --rate R takes a number of actions a second above 0 (e.g. 250 or 12.5), not '"
                  << text << "'\n";
        return 2;
      }
      options.rate = *rate;
    } else if (arg == "--spectators" && has_value) {
      const std::string text = argv[++i];
      char* end = nullptr;
      const long count = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || count < 0 || count > 100) {
        std::cerr << "hd_load: --spectators N takes 0 to 100 spectators a game, not '" << text << "'\n";
        return 2;
      }
      options.spectators = static_cast<int>(count);
    } else {
      std::cerr << "usage: hd_load --server ws://HOST:PORT/ [--games N] [--concurrency C] [--scenario S]\n"
                   "               [--vs-builtin] [--rules R[,R...]] [--seed N] [--ca-file PEM] [--rate R]\n"
                   "               [--spectators N]\n";
      return 2;
    }
  }
  auto address = hd::term::parse_server_address(options.server);
  if (!address || options.games < 1) {
    std::cerr << "hd_load: --server ws://HOST:PORT/ and --games N >= 1 are required\n";
    return 2;
  }
  if (!options.ca_file.empty() && !address->tls) {
    std::cerr << "hd_load: --ca-file is for a wss:// server\n";
    return 2;
  }
  address->ca_file = options.ca_file;
  if (options.concurrency <= 0 || options.concurrency > options.games) options.concurrency = options.games;
  if (options.seed == 0) options.seed = std::random_device{}();
  char run_id[16];
  std::snprintf(run_id, sizeof run_id, "%06llx", static_cast<unsigned long long>(options.seed & 0xffffff));

  Totals totals;
  std::atomic<int> next_game{0};
  // --rate: one schedule for every bot of the run; without it, no pacing at all.
  std::optional<hd::bench::ActionPacer> pacer;
  std::function<void()> before_action;
  if (options.rate > 0) {
    pacer.emplace(options.rate);
    before_action = [&pacer] { pacer->wait_for_slot(); };
  }
  const auto started = std::chrono::steady_clock::now();
  const auto worker = [&] {
    for (int index = next_game++; index < options.games; index = next_game++) {
      hd::term::BotMatchOptions match_options;
      match_options.scenario = options.scenario;
      match_options.coalition_built_in = options.vs_builtin;
      match_options.optional_rules = options.rules;
      match_options.spectators = options.spectators;
      match_options.name_prefix = "ld" + std::string(run_id) + "g" + std::to_string(index);
      std::vector<hd::term::BotStats> stats;
      std::string error;
      bool ok = false;
      std::uint64_t spectator_updates = 0;
      try {
        hd::term::BotMatch match = hd::term::set_up_bot_match(*address, match_options);
        ok = hd::term::play_bot_match(match, options.seed + static_cast<std::uint64_t>(index), stats, error,
                                      before_action);
        for (const auto& spectator : match.spectators)
          spectator_updates += spectator->updates_seen();
      } catch (const std::exception& failure) {
        error = failure.what();
      }
      std::lock_guard lock(totals.mutex);
      totals.spectator_updates += spectator_updates;
      for (const auto& s : stats) {
        totals.actions += s.actions;
        totals.refusals += s.refusals;
        totals.rate_limited_retries += s.rate_limited_retries;
        totals.latencies_us.insert(totals.latencies_us.end(), s.latencies_us.begin(), s.latencies_us.end());
      }
      if (ok) {
        ++totals.finished;
      } else {
        totals.errors.push_back("game " + std::to_string(index) + ": " + error);
      }
      std::cerr << "game " << index << (ok ? " finished" : " FAILED: " + error) << "\n";
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < options.concurrency; ++i)
    threads.emplace_back(worker);
  for (auto& thread : threads)
    thread.join();
  const auto ended = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(ended - started).count();

  std::printf("hd_load: %d games of %s%s (%s), %d at once, seed %llu, %s\n", options.games,
              options.scenario.c_str(), rules_words(options.rules).c_str(),
              options.vs_builtin ? "one bot against the built-in player" : "two bots each",
              options.concurrency, static_cast<unsigned long long>(options.seed),
              address->tls ? "over TLS (wss://)" : "clear text (ws://)");
  std::printf("finished %d, errors %zu, wall time %.1f s, games per minute %.2f\n", totals.finished,
              totals.errors.size(), seconds, seconds > 0 ? totals.finished * 60.0 / seconds : 0.0);
  std::printf("actions %llu (%.1f per second), refusals %llu, sent again after RATE_LIMITED %llu\n",
              static_cast<unsigned long long>(totals.actions),
              seconds > 0 ? static_cast<double>(totals.actions) / seconds : 0.0,
              static_cast<unsigned long long>(totals.refusals),
              static_cast<unsigned long long>(totals.rate_limited_retries));
  std::printf("action latency (SubmitAction -> ActionAccepted): median %.2f ms, p99 %.2f ms, max %.2f ms\n",
              hd::bench::percentile_ms(totals.latencies_us, 0.5),
              hd::bench::percentile_ms(totals.latencies_us, 0.99),
              hd::bench::percentile_ms(totals.latencies_us, 1.0));
  if (options.spectators > 0)
    std::printf("spectators: %d a game, watching live; updates sent to them %llu (%.1f per second)\n",
                options.spectators, static_cast<unsigned long long>(totals.spectator_updates),
                seconds > 0 ? static_cast<double>(totals.spectator_updates) / seconds : 0.0);
  if (pacer) {
    // The paced part: from the schedule's first slot (the run's first SubmitAction) to the run's end.
    const auto first = pacer->start();
    const double paced_seconds = first ? std::chrono::duration<double>(ended - *first).count() : 0.0;
    const std::uint64_t sent = pacer->slots_taken();
    std::printf(
        "rate: asked %.1f actions per second, achieved %.1f (%llu accepted in %.1f s paced; "
        "SubmitActions sent %llu, %.1f per second)\n",
        options.rate, paced_seconds > 0 ? static_cast<double>(totals.actions) / paced_seconds : 0.0,
        static_cast<unsigned long long>(totals.actions), paced_seconds, static_cast<unsigned long long>(sent),
        paced_seconds > 0 ? static_cast<double>(sent) / paced_seconds : 0.0);
  } else {
    std::printf("rate: not paced (every bot submits as fast as it can)\n");
  }
  for (const std::string& error : totals.errors)
    std::printf("error: %s\n", error.c_str());
  return totals.errors.empty() ? 0 : 1;
}
