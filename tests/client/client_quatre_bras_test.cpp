// End to end with the mouse alone: two hd_client processes under Xvfb (French and Allied) play
// Quatre Bras (19.0) to its end against the real server on loopback with a real SQLite file, and a
// third client watches as a spectator. Every action is a synthetic click or key press fed to the
// client's own input handlers (--script -); the test only chooses the next click from what each
// client reports it knows (app/script_report.hpp): its units, the server's reachable hexes, combat
// options, odds, retreat and advance hexes. What was played is checked in the server's action log.
// A second test kills the server with SIGKILL mid-game, restarts it on the same port and database,
// and checks that the client reconnects by itself, catches up and goes on playing.
#include "build_paths.hpp"
#include "game_test_player.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/board/hex.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <iostream>
#include <set>

namespace v1 = hundred_days::v1;
using hd::engine::Hex;
using hd::test::ClientReport;
using hd::test::ScriptedClient;

namespace {

constexpr int kMaxActions = 2000;        // a guard against a game that does not end
constexpr int kMovesPerPhase = 6;        // French moves toward the enemy per movement phase
const char* const kWaitSeconds = "120";  // the longest any one client-side wait may take

struct UnitOnMap {
  std::uint32_t index = 0;
  char army = '?';
  Hex hex;
  int strength = 0;
};

std::vector<UnitOnMap> units_of(const ClientReport& report) {
  std::vector<UnitOnMap> units;
  for (const std::string& item : report.items("units")) {
    // IDX:ARMY:CCRR:STRENGTH
    const auto first = item.find(':');
    const auto second = item.find(':', first + 1);
    const auto third = item.find(':', second + 1);
    UnitOnMap unit;
    unit.index = static_cast<std::uint32_t>(std::stoul(item.substr(0, first)));
    unit.army = item[first + 1];
    unit.hex = *hd::engine::parse_hex(item.substr(second + 1, third - second - 1));
    unit.strength = std::stoi(item.substr(third + 1));
    units.push_back(unit);
  }
  return units;
}

Hex hex_named(const std::string& ccrr) {
  const auto hex = hd::engine::parse_hex(ccrr);
  REQUIRE(hex);
  return *hex;
}

std::string hex_text(Hex hex) {
  return hd::engine::format_hex(hex);
}

// One player's client and what the test remembers about its play.
struct Player {
  std::string name;
  ScriptedClient* client = nullptr;
  std::string phase_key;          // turn/phase the tried set belongs to
  std::set<std::uint32_t> tried;  // units clicked this movement phase
  int moves = 0;                  // moves made this movement phase
};

// The client's report once it has applied action `sequence` and heard back about every request.
ClientReport synced(ScriptedClient& client, long sequence) {
  client.send("wait-for sequence " + std::to_string(sequence));
  client.send("wait-for idle");
  auto report = client.report();
  INFO("client log:\n" << client.log());
  REQUIRE(report);
  return *report;
}

// What the harness has seen over the game.
struct Tally {
  int attacks = 0;
  int retreats = 0;
  int advances = 0;
  int exchanges = 0;
  std::vector<Hex> last_attack;  // the attacking stacks of the last attack committed
  bool combat_shot = false;
  std::filesystem::path directory;
};

// Sends the clicks of one decision of `player` (whose report says the decision is theirs) until an
// action is accepted; returns that client's report after it.
ClientReport act(Player& player, const ClientReport& now, Tally& tally) {
  ScriptedClient& client = *player.client;
  const long sequence = now.number("seq");
  INFO(player.name << " at action " << sequence << ": " << now.line);
  const auto accepted = [&](const ClientReport& after) { return after.number("seq") > sequence; };

  // 6.6: a pending retreat: the first legal hex the server offers.
  if (const auto hexes = now.items("retreats"); !hexes.empty()) {
    client.send("click-hex " + hexes.front());
    const ClientReport after = hd::test::settled_report(client);
    REQUIRE(accepted(after));
    ++tally.retreats;
    return after;
  }
  // 6.7: an advance after combat is always taken, into the first hex offered.
  if (const auto hexes = now.items("advances"); !hexes.empty()) {
    client.send("click-hex " + hexes.front());
    const ClientReport after = hd::test::settled_report(client);
    REQUIRE(accepted(after));
    ++tally.advances;
    return after;
  }
  const std::string what = now["what"];
  const auto units = units_of(now);
  const char own = player.name == "French" ? 'f' : 'a';
  if (what.find("exchange") != std::string::npos) {
    // 6.5A: the losses are whole attacking stacks (a click takes a stack): the fewest units that
    // meet the loss with none to spare ("...(at_least_N_strength)").
    const auto at = what.find("at_least_");
    REQUIRE(at != std::string::npos);
    const int loss = std::stoi(what.substr(at + 9));
    const auto& stacks = tally.last_attack;
    REQUIRE(!stacks.empty());
    std::optional<std::pair<std::size_t, std::size_t>> best;  // units, mask
    for (std::size_t mask = 1; mask < (std::size_t{1} << stacks.size()); ++mask) {
      int total = 0;
      int weakest = INT_MAX;
      std::size_t count = 0;
      for (std::size_t i = 0; i < stacks.size(); ++i) {
        if (!(mask & (std::size_t{1} << i))) continue;
        for (const auto& unit : units) {
          if (unit.army != own || unit.hex != stacks[i]) continue;
          total += unit.strength;
          weakest = std::min(weakest, unit.strength);
          ++count;
        }
      }
      if (total >= loss && total - weakest < loss && (!best || count < best->first)) best = {{count, mask}};
    }
    if (!best) FAIL("no choice of whole stacks meets the exchange exactly (6.5A): " << now.line);
    client.send("key Escape");
    for (std::size_t i = 0; i < stacks.size(); ++i)
      if (best->second & (std::size_t{1} << i)) client.send("click-hex " + hex_text(stacks[i]));
    client.send("key Enter");
    const ClientReport after = hd::test::settled_report(client);
    INFO("exchange refused: " << after["notice"]);
    REQUIRE(accepted(after));
    ++tally.exchanges;
    return after;
  }
  if (what.find("retreat") != std::string::npos || what.find("advance") != std::string::npos)
    FAIL("a retreat or advance is pending but the client shows no legal hex: " << now.line);

  const auto enemy_distance = [&](Hex hex) {
    int best = INT_MAX;
    for (const auto& unit : units)
      if (unit.army != own) best = std::min(best, hd::engine::distance(hex, unit.hex));
    return best;
  };
  const auto occupied = [&](Hex hex) {
    return std::any_of(units.begin(), units.end(), [&](const UnitOnMap& unit) { return unit.hex == hex; });
  };

  if (now["phase"] == "movement") {
    const std::string key = now["turn"] + "/" + now["phasing"];
    if (key != player.phase_key) {
      player.phase_key = key;
      player.tried.clear();
      player.moves = 0;
    }
    // 5.0: the French march on the nearest enemy, a few units a phase; the Allies hold.
    while (own == 'f' && player.moves < kMovesPerPhase) {
      std::optional<UnitOnMap> chosen;
      for (const auto& unit : units) {
        if (unit.army != own || player.tried.count(unit.index)) continue;
        if (!chosen || enemy_distance(unit.hex) < enemy_distance(chosen->hex)) chosen = unit;
      }
      if (!chosen) break;
      // Tried once, whichever unit of its stack the click selects (no endless retries).
      player.tried.insert(chosen->index);
      client.send("key Escape");
      client.send("click-hex " + hex_text(chosen->hex));
      const ClientReport selected = hd::test::settled_report(client);
      if (selected["selected"] == "-") continue;
      player.tried.insert(static_cast<std::uint32_t>(selected.number("selected")));
      std::optional<Hex> target;
      for (const std::string& ccrr : selected.items("reachable")) {
        const Hex hex = hex_named(ccrr);
        if (occupied(hex)) continue;  // no stacking: the phase can always end (5.4)
        if (!target || enemy_distance(hex) < enemy_distance(*target)) target = hex;
      }
      if (!target || enemy_distance(*target) >= enemy_distance(chosen->hex)) continue;
      client.send("hover-hex " + hex_text(*target));
      client.send("click-hex " + hex_text(*target));
      const ClientReport after = hd::test::settled_report(client);
      if (accepted(after)) {
        ++player.moves;
        return after;
      }
      INFO("refused: " << after["notice"]);
    }
    client.send("key Escape");
    client.send("ctrl-key E");
    const ClientReport after = hd::test::settled_report(client);
    REQUIRE(accepted(after));
    return after;
  }

  // 6.1: the combats owed first; an attack is built by clicking the defending hex, then each
  // attacking stack that the server's odds accept.
  REQUIRE(now["phase"] == "combat");
  const auto must = now.items("must_attack");
  for (const std::string& option : now.items("options")) {
    // TARGET:OWED:ATT+ATT
    const std::string target = option.substr(0, 4);
    const bool owed = option[5] == '1';
    std::vector<std::uint32_t> attackers;
    {
      std::string list = option.substr(7);
      std::size_t at = 0;
      while (list != "-" && at < list.size()) {
        const auto plus = list.find('+', at);
        attackers.push_back(static_cast<std::uint32_t>(std::stoul(list.substr(at, plus - at))));
        if (plus == std::string::npos) break;
        at = plus + 1;
      }
    }
    const bool attacks_owed_unit = std::any_of(attackers.begin(), attackers.end(), [&](std::uint32_t a) {
      return std::find(must.begin(), must.end(), std::to_string(a)) != must.end();
    });
    if (!owed && !attacks_owed_unit) continue;
    std::vector<Hex> stacks;
    for (const auto index : attackers)
      for (const auto& unit : units)
        if (unit.index == index && std::find(stacks.begin(), stacks.end(), unit.hex) == stacks.end())
          stacks.push_back(unit.hex);
    client.send("key Escape");
    client.send("click-hex " + target);
    bool any = false;
    std::vector<Hex> kept;
    ClientReport built = now;
    for (const Hex stack : stacks) {
      client.send("click-hex " + hex_text(stack));
      built = hd::test::settled_report(client);
      if (built["odds"].rfind("legal", 0) == 0) {
        any = true;
        kept.push_back(stack);
      } else {
        client.send("click-hex " + hex_text(stack));  // take that stack back out
        built = hd::test::settled_report(client);
      }
    }
    if (!any) continue;
    if (!tally.combat_shot) {
      tally.combat_shot = true;
      client.send("frames 3");
      client.send("screenshot " + (tally.directory / "qb-combat.png").string());
    }
    client.send("key Enter");
    const ClientReport after = hd::test::settled_report(client);
    if (accepted(after)) {
      ++tally.attacks;
      tally.last_attack = kept;
      return after;
    }
    INFO("attack refused: " << after["notice"]);
  }
  client.send("key Escape");
  client.send("ctrl-key E");
  const ClientReport after = hd::test::settled_report(client);
  INFO("end of combat phase refused: " << after["notice"]);
  REQUIRE(accepted(after));
  return after;
}

std::vector<std::string> client_args(const hd::test::ServerProcess& server, const std::string& user) {
  return {"--server",
          server.url(),
          "--user",
          user,
          "--password",
          "password-" + user,
          "--screenshot-timeout-seconds",
          kWaitSeconds};
}

// The screenshot kept in <build>/artifacts (scripted_client.hpp); a missing or wrong one fails.
void keep_artifact(const std::filesystem::path& png) {
  CHECK_NOTHROW(hd::test::keep_screenshot(png, hd::test::artifacts_dir()));
}

// A Quatre Bras game created by alice (French) and joined by bob (Allied) over the protocol.
std::uint64_t create_quatre_bras(hd::test::GamePlayer& alice, hd::test::GamePlayer& bob) {
  const auto created = alice.request(hd::test::create_game(
      "quatre-bras", {v1::SEAT_FRENCH}, hd::test::test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(hd::test::join_game(game, v1::SEAT_ALLIED, hd::test::test_entropy("bob")))
              .has_game_changed());
  return game;
}

// Both clients caught up with `sequence`; the one whose decision it is.
struct Turn {
  ClientReport french;
  ClientReport allied;
};

Turn sync_both(Player& french, Player& allied, long sequence) {
  return {synced(*french.client, sequence), synced(*allied.client, sequence)};
}

// Plays one decision: the player whose decision it is acts. Returns the new sequence.
long play_one(Player& french, Player& allied, const Turn& turn, Tally& tally) {
  const bool french_decides = turn.french["decision"] == "mine";
  const bool allied_decides = turn.allied["decision"] == "mine";
  INFO("French: " << turn.french.line << "\nAllied: " << turn.allied.line);
  REQUIRE(french_decides != allied_decides);
  const ClientReport after =
      french_decides ? act(french, turn.french, tally) : act(allied, turn.allied, tally);
  return after.number("seq");
}

}  // namespace

TEST_CASE("Quatre Bras played to its end by mouse in two clients, watched from a third", "[e2e][client]") {
  hd::test::ServerProcess server({hd::test::game_server_args(), {}});
  hd::test::GamePlayer alice(server.port(), "alice");
  hd::test::GamePlayer bob(server.port(), "bob");
  hd::test::GamePlayer carol(server.port(), "carol");
  const std::uint64_t game = create_quatre_bras(alice, bob);
  const auto directory = server.directory();
  const auto open = std::vector<std::string>{"--open-game", std::to_string(game)};

  auto french_args = client_args(server, "alice");
  french_args.insert(french_args.end(), open.begin(), open.end());
  auto allied_args = client_args(server, "bob");
  allied_args.insert(allied_args.end(), open.begin(), open.end());
  auto spectator_args = client_args(server, "carol");
  spectator_args.insert(spectator_args.end(), open.begin(), open.end());
  spectator_args.push_back("--spectate");
  ScriptedClient french_client(hd::test::built_program("hd_client"), french_args, directory / "french.log");
  ScriptedClient allied_client(hd::test::built_program("hd_client"), allied_args, directory / "allied.log");
  ScriptedClient spectator(hd::test::built_program("hd_client"), spectator_args, directory / "spectator.log");
  Player french{"French", &french_client, "", {}, 0};
  Player allied{"Allied", &allied_client, "", {}, 0};
  Tally tally;
  tally.directory = directory;

  french_client.send("wait-for game");
  french_client.send("frames 3");
  french_client.send("screenshot " + (directory / "qb-opening.png").string());
  spectator.send("wait-for game");

  const auto started = std::chrono::steady_clock::now();
  long sequence = 0;
  Turn turn = sync_both(french, allied, sequence);
  CHECK(turn.french["spectating"] == "0");
  CHECK(turn.french["phase"] == "movement");
  CHECK(turn.french["decision"] == "mine");  // 19.0: the French move first
  while (turn.french["over"] == "0" && sequence < kMaxActions) {
    sequence = play_one(french, allied, turn, tally);
    turn = sync_both(french, allied, sequence);
  }
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started).count();
  std::cout << "Quatre Bras by mouse: " << sequence << " actions (" << tally.attacks << " attacks, "
            << tally.exchanges << " exchange choices, " << tally.retreats << " retreats, " << tally.advances
            << " advances) in " << seconds << " s\n"
            << "final: " << turn.french.line << "\n";

  // The end of the scenario with a result, the same in both players' clients.
  REQUIRE(turn.french["over"] == "1");
  CHECK(turn.french["phase"] == "game_over");
  CHECK(turn.allied["over"] == "1");
  CHECK(turn.allied["winner"] == turn.french["winner"]);
  CHECK(turn.allied["level"] == turn.french["level"]);

  // The spectator ends showing the same final state as the French seat (SPECTATOR_VIEW_FRENCH).
  const ClientReport watched = synced(spectator, sequence);
  CHECK(watched["spectating"] == "1");
  CHECK(watched["decision"] != "mine");
  for (const char* field : {"seq", "turn", "phase", "over", "winner", "level", "vp", "units"}) {
    INFO(field);
    CHECK(watched[field] == turn.french[field]);
  }
  for (auto* client : {&french_client, &allied_client, &spectator})
    client->send("frames 3");
  french_client.send("screenshot " + (directory / "qb-final-french.png").string());
  allied_client.send("screenshot " + (directory / "qb-final-allied.png").string());
  spectator.send("screenshot " + (directory / "qb-final-spectator.png").string());
  for (auto* client : {&french_client, &allied_client, &spectator}) {
    client->send("quit");
    INFO(client->log());
    CHECK(client->finish() == 0);
  }
  for (const char* png : {"qb-opening.png", "qb-combat.png", "qb-final-french.png", "qb-final-allied.png",
                          "qb-final-spectator.png"})
    keep_artifact(directory / png);

  // The server's action log: every action came from one of the two clients' requests, the game
  // had attacks, and at least one retreat or advance into a hex; the game is finished.
  const auto db = server.database_path();
  const std::string where = " FROM game_actions WHERE game_id = " + std::to_string(game);
  CHECK(hd::test::query(db, "SELECT count(*)" + where) == std::vector<std::string>{std::to_string(sequence)});
  CHECK(hd::test::query(db, "SELECT count(*)" + where + " AND (account_id IS NULL OR request_id = 0)") ==
        std::vector<std::string>{"0"});
  const auto count = [&](const std::string& like) {
    return std::stoi(
        hd::test::query(db, "SELECT count(*)" + where + " AND action LIKE '" + like + "'").at(0));
  };
  CHECK(count("% attack %") == tally.attacks);
  CHECK(tally.attacks >= 1);
  CHECK(count("% retreat %") == tally.retreats);
  CHECK(count("% advance %") - count("% advance none%") == tally.advances);
  CHECK(count("% exchange%") == tally.exchanges);
  CHECK(tally.retreats + tally.advances >= 1);
  const auto finished =
      hd::test::query(db, "SELECT status, result FROM games WHERE id = " + std::to_string(game));
  REQUIRE(finished.size() == 1);
  CHECK(finished[0].rfind("3|", 0) == 0);
  CHECK(finished[0].size() > 2);
}

TEST_CASE("After kill -9 and a restart of the server the client reconnects, catches up and plays on",
          "[e2e][client]") {
  auto server =
      std::make_unique<hd::test::ServerProcess>(hd::test::ServerOptions{hd::test::game_server_args(), {}});
  const int port = server->port();
  const auto directory = server->directory();
  std::uint64_t game = 0;
  {
    hd::test::GamePlayer alice(port, "alice");
    hd::test::GamePlayer bob(port, "bob");
    game = create_quatre_bras(alice, bob);
  }
  auto french_args = client_args(*server, "alice");
  french_args.insert(french_args.end(), {"--open-game", std::to_string(game)});
  auto allied_args = client_args(*server, "bob");
  allied_args.insert(allied_args.end(), {"--open-game", std::to_string(game)});
  ScriptedClient french_client(hd::test::built_program("hd_client"), french_args, directory / "french.log");
  ScriptedClient allied_client(hd::test::built_program("hd_client"), allied_args, directory / "allied.log");
  Player french{"French", &french_client, "", {}, 0};
  Player allied{"Allied", &allied_client, "", {}, 0};
  Tally tally;
  tally.directory = directory;

  // A few actions, then the server dies without warning.
  long sequence = 0;
  Turn turn = sync_both(french, allied, sequence);
  while (sequence < 3) {
    sequence = play_one(french, allied, turn, tally);
    turn = sync_both(french, allied, sequence);
  }
  const std::string before = turn.french["units"];
  server->stop(SIGKILL);
  server.reset();
  // The same port and database, as a supervisor restarting it would.
  auto args = hd::test::game_server_args();
  args.insert(args.end(), {"--port", std::to_string(port)});
  server = std::make_unique<hd::test::ServerProcess>(hd::test::ServerOptions{args, directory});
  REQUIRE(server->port() == port);

  // Both clients reconnect by themselves, resume their sessions and reopen the game where it was.
  for (auto* client : {&french_client, &allied_client})
    client->send("wait-for reconnects 1");
  turn = sync_both(french, allied, sequence);
  CHECK(turn.french.number("reconnects") >= 1);
  CHECK(turn.allied.number("reconnects") >= 1);
  CHECK(turn.french["state"] == "welcomed");
  CHECK(turn.french.number("seq") == sequence);
  CHECK(turn.french["units"] == before);

  // And play on: the next actions are accepted and logged after the three from before the kill.
  const long resumed_at = sequence;
  while (sequence < resumed_at + 3) {
    sequence = play_one(french, allied, turn, tally);
    turn = sync_both(french, allied, sequence);
  }
  CHECK(hd::test::query(server->database_path(),
                        "SELECT count(*) FROM game_actions WHERE game_id = " + std::to_string(game)) ==
        std::vector<std::string>{std::to_string(sequence)});
  for (auto* client : {&french_client, &allied_client}) {
    client->send("quit");
    INFO(client->log());
    CHECK(client->finish() == 0);
  }
}
