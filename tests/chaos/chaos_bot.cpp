#include "chaos_bot.hpp"

#include "game_test_player.hpp"
#include "logged_action.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/wire/game_convert.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <thread>

namespace hd::test {
namespace {

namespace v1 = hundred_days::v1;
using Clock = std::chrono::steady_clock;

constexpr auto kReceiveTimeout = std::chrono::seconds(5);  // longer than any stall the proxy makes

struct ConnectionLost : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One seat's client: its account, its connection (none while it is lost) and its game replica.
struct Bot {
  BotAccount account;
  engine::Viewer viewer;
  std::unique_ptr<GamePlayer> player;
  std::unique_ptr<Replica> replica;
  std::uint64_t next_submit_id = 5000000;  // unique per account across connections (docs/games.md)
};

engine::Viewer seat_viewer(engine::Army army) {
  engine::Viewer viewer;
  viewer.kind = engine::Viewer::Kind::Seat;
  viewer.army = army;
  return viewer;
}

class ChaosGame {
 public:
  ChaosGame(const std::function<int()>& port, const ChaosGameOptions& options, ChaosGameResult& result)
      : port_(port), options_(options), result_(result) {}

  void set_game(std::uint64_t game) { game_ = game; }

  // Runs `step` on a live connection, reconnecting (and running it again) whenever it is lost,
  // waiting a little longer after each loss; gives up after options.give_up_after.
  template <typename Step>
  auto with_connection(Bot& bot, Step step) {
    const auto deadline = Clock::now() + options_.give_up_after;
    for (int attempt = 0;; ++attempt) {
      try {
        if (!bot.player) {
          ++result_.reconnects;
          reconnect(bot);
        }
        return step(attempt);
      } catch (const ConnectionLost&) {
        bot.player.reset();
        ++result_.lost_attempts;
        if (Clock::now() > deadline)
          throw ChaosGameError(bot.account.username + ": no answer through reconnects for " +
                               std::to_string(options_.give_up_after.count()) + " s");
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(attempt, 25) * 20));
      }
    }
  }

  // A request answered by one envelope with its id (updates on the way are applied).
  v1::ServerEnvelope request(Bot& bot, v1::ClientEnvelope envelope) {
    const std::uint64_t id = bot.player->next_request_id();
    send(bot, std::move(envelope), id);
    for (;;) {
      const auto answer = next(bot);
      if (answer.has_game_update()) apply_update(bot, answer.game_update());
      if (answer.request_id() == id) return answer;
    }
  }

  // Reads until the bot's replica has reached `sequence`.
  void catch_up(Bot& bot, std::uint64_t sequence) {
    with_connection(bot, [&](int) {
      while (bot.replica->sequence() < sequence) {
        const auto envelope = next(bot);
        if (envelope.has_game_update()) apply_update(bot, envelope.game_update());
      }
      return 0;
    });
  }

  // Sends the action until it is acknowledged; returns its sequence.
  std::uint64_t submit(Bot& bot, const std::string& line, std::uint64_t id) {
    return with_connection(bot, [&](int attempt) -> std::uint64_t {
      if (attempt > 0) ++result_.resends;
      send(bot, submit_notation(game_, line), id);
      for (;;) {
        const auto envelope = next(bot);
        if (envelope.has_game_update()) apply_update(bot, envelope.game_update());
        if (envelope.request_id() != id) continue;
        if (envelope.has_action_accepted()) return envelope.action_accepted().sequence();
        throw ChaosGameError(bot.account.username + ": '" + line + "' answered " +
                             envelope.ShortDebugString());
      }
    });
  }

 private:
  void apply_update(Bot& bot, const v1::GameUpdate& update) {
    if (update.game_id() != game_) return;
    if (update.sequence() <= bot.replica->sequence()) {
      ++result_.twice_delivered;
      return;
    }
    std::string why;
    if (!bot.replica->apply(update, why)) throw ChaosGameError(bot.account.username + ": " + why);
  }

  // The next envelope for the bot, or ConnectionLost.
  v1::ServerEnvelope next(Bot& bot) {
    auto envelope = bot.player->next(kReceiveTimeout);
    if (!envelope) throw ConnectionLost(bot.account.username + ": connection lost");
    return *envelope;
  }

  void send(Bot& bot, v1::ClientEnvelope envelope, std::uint64_t id) {
    envelope.set_request_id(id);
    try {
      bot.player->socket().send(envelope);
    } catch (const std::exception& error) {
      throw ConnectionLost(error.what());
    }
  }

  // A new connection: Hello, ResumeSession, then OpenGame from the replica's sequence; the
  // catch-up's missed updates are applied as they come.
  void reconnect(Bot& bot) {
    bot.player.reset();
    try {
      bot.player = std::make_unique<GamePlayer>(WsEndpoint(port_(), options_.ca_file), bot.account.username,
                                                bot.account.token);
    } catch (const std::exception& error) {
      throw ConnectionLost(bot.account.username + ": reconnecting failed: " + error.what());
    }
    const std::uint64_t id = bot.player->next_request_id();
    send(bot, open_game(game_, false, bot.replica->sequence()), id);
    std::optional<Resumed> past;  // a catch-up whose snapshot is past the replica, gathered to its Ok
    for (;;) {
      const auto envelope = next(bot);
      if (past && envelope.request_id() == id && envelope.has_game_update()) {
        past->tail.push_back(envelope.game_update());
        continue;
      }
      if (envelope.has_game_update()) apply_update(bot, envelope.game_update());
      if (envelope.request_id() != id || envelope.has_game_update()) continue;
      if (envelope.has_ok()) {
        if (past) follow_from_past(bot, *past);
        return;
      }
      // The catch-up's snapshot stands where the replica is, its tail and Ok follow (docs/games.md);
      // with nothing seen yet (last_seen 0) the snapshot is the whole answer.
      if (envelope.has_game_snapshot() && envelope.game_snapshot().sequence() == bot.replica->sequence()) {
        if (bot.replica->sequence() == 0) return;
        continue;
      }
      // A room rebuilt from a stored snapshot after a restart keeps no state before it, so its
      // catch-up may start past the replica: the actions between are read from the database.
      if (envelope.has_game_snapshot() && envelope.game_snapshot().sequence() > bot.replica->sequence() &&
          bot.replica->sequence() > 0 && !options_.database.empty()) {
        past.emplace();
        past->snapshot = envelope.game_snapshot();
        continue;
      }
      throw ChaosGameError(bot.account.username + ": OpenGame answered " + envelope.ShortDebugString());
    }
  }

  // Brings the replica forward to a catch-up's snapshot with the logged actions it lacks, checks
  // the snapshot's view there and applies the catch-up's tail.
  void follow_from_past(Bot& bot, const Resumed& resumed) {
    ++result_.catch_ups_past_replica;
    std::string why;
    const auto missing = [&](std::uint64_t sequence) {
      try {
        return logged_action_line(options_.database, game_, sequence);
      } catch (const std::runtime_error& error) {
        throw ChaosGameError(error.what());
      }
    };
    if (!bot.replica->follow(resumed, why, missing))
      throw ChaosGameError(bot.account.username + ": following a catch-up from the log: " + why);
  }

  const std::function<int()>& port_;
  const ChaosGameOptions& options_;
  ChaosGameResult& result_;
  std::uint64_t game_ = 0;
};

}  // namespace

ChaosGameResult play_chaos_game(const std::function<int()>& port, const std::string& name_prefix,
                                const ChaosGameOptions& options, const std::function<void()>& on_started) {
  ChaosGameResult result;
  Bot french, allied;
  french.viewer = seat_viewer(engine::Army::French);
  allied.viewer = seat_viewer(engine::Army::Allied);
  french.account.username = name_prefix + "_f";
  allied.account.username = name_prefix + "_a";
  // Set-up on connections that are expected to hold (no retries: a name could be taken twice).
  for (Bot* bot : {&french, &allied}) {
    try {
      bot->player = std::make_unique<GamePlayer>(WsEndpoint(port(), options.ca_file), bot->account.username);
    } catch (const std::exception& error) {
      throw ChaosGameError(std::string("set-up: ") + error.what());
    }
    bot->account.token = bot->player->session_token();
    bot->account.account = bot->player->account_id();
    bot->replica = std::make_unique<Replica>("quatre-bras", bot->viewer);
  }
  ChaosGame chaos(port, options, result);
  try {
    const auto created =
        chaos.request(french, create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(name_prefix + "f"),
                                          v1::SPECTATOR_VIEW_UNSPECIFIED));
    if (!created.has_game_created())
      throw ChaosGameError("CreateGame answered " + created.ShortDebugString());
    result.game = created.game_created().game_id();
    chaos.set_game(result.game);
    const auto joined =
        chaos.request(allied, join_game(result.game, v1::SEAT_ALLIED, test_entropy(name_prefix + "a")));
    if (!joined.has_game_changed()) throw ChaosGameError("JoinGame answered " + joined.ShortDebugString());
    for (Bot* bot : {&french, &allied})
      if (!chaos.request(*bot, open_game(result.game, false)).has_game_snapshot())
        throw ChaosGameError("OpenGame gave no snapshot");
  } catch (const std::exception& error) {
    throw ChaosGameError(std::string("set-up: ") + error.what());
  }

  engine::SplitMix64 random(options.seed);
  std::uint64_t& last = result.actions;
  bool announced = false;
  while (true) {
    for (Bot* bot : {&french, &allied})
      chaos.catch_up(*bot, last);
    if (last >= 1 && !announced && on_started) {
      announced = true;
      on_started();
    }
    const engine::GameState& state = french.replica->state();
    if (state.result) break;
    if (last >= options.max_actions)
      throw ChaosGameError("no end after " + std::to_string(last) + " actions");
    const engine::Side side = engine::pending_decision(state).side;
    Bot& bot = side == engine::Side::French ? french : allied;
    const engine::Action action = engine::choose_random_action(bot.replica->state(), random);
    const std::string line = engine::format_action(bot.replica->state(), side, action);
    const std::uint64_t id = bot.next_submit_id++;
    const std::uint64_t sequence = chaos.submit(bot, line, id);
    if (sequence != last + 1)
      throw ChaosGameError("acknowledged sequence " + std::to_string(sequence) + " after " +
                           std::to_string(last));
    result.acknowledged[{bot.account.account, id}] = sequence;
    last = sequence;
    if (options.repeat_one_in > 0 && random.below(options.repeat_one_in) == 0) {
      ++result.deliberate_repeats;
      if (chaos.submit(bot, line, id) == sequence) ++result.repeat_answers;
    }
  }
  if (!allied.replica->state().result) throw ChaosGameError("the Allied client did not see the end");
  for (Bot* bot : {&french, &allied}) {
    result.accounts.push_back(bot->account);
    result.final_views.push_back(engine::serialize(engine::view(bot->replica->state(), bot->viewer)));
  }
  return result;
}

std::vector<std::string> check_game_log(const std::filesystem::path& database,
                                        const ChaosGameResult& result) {
  std::vector<std::string> problems;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return {"cannot open " + database.string()};
  }
  sqlite3_stmt* statement = nullptr;
  sqlite3_prepare_v2(
      db, "SELECT sequence, account_id, request_id FROM game_actions WHERE game_id = ? ORDER BY sequence", -1,
      &statement, nullptr);
  sqlite3_bind_int64(statement, 1, static_cast<sqlite3_int64>(result.game));
  std::set<std::pair<std::uint64_t, std::uint64_t>> logged;
  std::uint64_t expected = 1;
  while (sqlite3_step(statement) == SQLITE_ROW) {
    const auto sequence = static_cast<std::uint64_t>(sqlite3_column_int64(statement, 0));
    const auto account = static_cast<std::uint64_t>(sqlite3_column_int64(statement, 1));
    const auto id = static_cast<std::uint64_t>(sqlite3_column_int64(statement, 2));
    const std::string where = "game " + std::to_string(result.game) + " sequence " + std::to_string(sequence);
    if (sequence != expected) problems.push_back(where + ": expected sequence " + std::to_string(expected));
    expected = sequence + 1;
    if (!logged.insert({account, id}).second) problems.push_back(where + ": request logged twice (doubled)");
    const auto found = result.acknowledged.find({account, id});
    if (found == result.acknowledged.end())
      problems.push_back(where + ": an action nobody was told of");
    else if (found->second != sequence)
      problems.push_back(where + ": acknowledged as sequence " + std::to_string(found->second));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  for (const auto& [key, sequence] : result.acknowledged)
    if (!logged.count(key))
      problems.push_back("game " + std::to_string(result.game) + ": acknowledged sequence " +
                         std::to_string(sequence) + " is not in the log (lost)");
  return problems;
}

std::pair<std::vector<std::string>, std::uint64_t> server_views(const WsEndpoint& endpoint,
                                                                const ChaosGameResult& result) {
  std::vector<std::string> views;
  std::uint64_t sequence = 0;
  for (const BotAccount& account : result.accounts) {
    GamePlayer direct(endpoint, account.username, account.token);
    const auto snapshot = direct.request(open_game(result.game, false));
    if (!snapshot.has_game_snapshot())
      throw ChaosGameError("OpenGame answered " + snapshot.ShortDebugString());
    sequence = snapshot.game_snapshot().sequence();
    views.push_back(engine::serialize(wire::from_proto(snapshot.game_snapshot().view())));
  }
  return {views, sequence};
}

}  // namespace hd::test
