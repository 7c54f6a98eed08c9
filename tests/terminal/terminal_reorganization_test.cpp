// 12.0 Reorganization end to end on the real server (loopback, a real SQLite file): a drill scenario
// (tests/terminal/data/reorganization-drill) in a data root beside the shipped data. The French
// eliminate the Allied cavalry Trip in combat; two game turns later the Allied seat's hd_term shows
// the reorganization segment's choices, described by the server alone, and `choose 1` returns Trip,
// reduced, to Collaert's hex.
#include "build_paths.hpp"
#include "drill_data_root.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/term/client.hpp>
#include <hd/term/terminal.hpp>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>

namespace v1 = hundred_days::v1;
namespace fs = std::filesystem;

namespace {

fs::path drill_data_root(const fs::path& dir) {
  return hd::test::drill_data_root(dir, "reorganization-drill");
}

// hd_term's options for a player in these tests: strict (a refused command fails its line), quiet.
hd::term::TerminalOptions strict_terminal(const std::string& url) {
  hd::term::TerminalOptions options;
  options.server_url = url;
  options.strict = true;
  options.quiet = true;
  return options;
}

hd::term::Client* decider(hd::term::Client& a, hd::term::Client& b) {
  if (a.my_decision()) return &a;
  if (b.my_decision()) return &b;
  return nullptr;
}

}  // namespace

// The drill's premise, checked in the engine: whatever the die, the attack eliminates Trip (so the
// end-to-end test below never depends on the server's roll).
TEST_CASE("the drill's attack eliminates Trip on every die (6.4, 6.6A)", "[terminal][12.0]") {
  // A folder of its own: two runs at once on one machine (a check beside CI) must not share it.
  const fs::path dir = hd::test::make_temp_directory("hd-reorganization-drill-check");
  const fs::path root = drill_data_root(dir);
  for (int die = 1; die <= 6; ++die) {
    auto game = hd::loader::start_scenario_game(root, {"reorganization-drill", {}, {}, std::nullopt, false});
    for (const auto& error : game.errors)
      UNSCOPED_INFO(error.to_string());
    REQUIRE(game.value);
    hd::engine::GameState& state = *game.value;
    hd::engine::apply(state, hd::engine::Side::French, hd::engine::EndPhaseAction{}, [] { return 1; });
    hd::engine::AttackAction attack;
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const auto& unit = state.units[i];
      if (unit.id == "Baud/6" || unit.id == "Soye/6")
        attack.attackers.push_back(static_cast<hd::engine::UnitIndex>(i));
      if (unit.id == "Trip") attack.defenders.push_back(static_cast<hd::engine::UnitIndex>(i));
    }
    REQUIRE(attack.attackers.size() == 2);
    REQUIRE(attack.defenders.size() == 1);
    INFO("die " << die);
    hd::engine::apply(state, hd::engine::Side::French, attack, [die] { return die; });
    CHECK(state.units[attack.defenders.front()].status == hd::engine::UnitStatus::Eliminated);
  }
  fs::remove_all(dir);
}

TEST_CASE("12.0 a reorganization played on the real server through hd_term's generic choices",
          "[terminal][e2e][12.0]") {
  const fs::path dir = fs::temp_directory_path() / ("hd-reorganization-" + std::to_string(::getpid()));
  auto [root, server] = hd::test::drill_server(dir, "reorganization-drill",
                                               {"--argon2-memory-kib", "8192", "--argon2-operations", "1"});
  const auto address = hd::term::parse_server_address(server.url());
  REQUIRE(address);

  // The French player: a client driven by the test.
  std::ostringstream french_events;
  hd::term::ClientOptions client_options;
  client_options.events = &french_events;
  hd::term::Client alice(*address, client_options);
  REQUIRE(alice.hello());
  REQUIRE(alice.register_account("alice", "password-alice"));
  v1::ClientEnvelope create;
  v1::CreateGame& game = *create.mutable_create_game();
  game.set_scenario("reorganization-drill");
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_ALLIED})
    game.add_seats()->set_seat(seat);
  game.add_take_seats(v1::SEAT_FRENCH);
  game.set_public_listing(true);
  game.set_entropy(hd::term::random_entropy());
  const auto created = alice.request(create);
  REQUIRE(created);
  INFO(created->refusal().message());
  REQUIRE(created->has_game_created());
  const std::uint64_t id = created->game_created().game_id();

  // The Allied player: hd_term's own command language, on its own connection.
  std::ostringstream allied_out;
  hd::term::Terminal bob(strict_terminal(server.url()), allied_out);
  REQUIRE(bob.run_line("register bob password-bob"));
  INFO(allied_out.str());
  REQUIRE(bob.run_line("join " + std::to_string(id) + " allied"));
  REQUIRE(bob.run_line("open " + std::to_string(id)));
  REQUIRE(alice.open_game(id, false));
  hd::term::Client& bob_client = *bob.client();

  const auto send = [&](hd::term::Client& who, const std::string& line) {
    v1::ClientEnvelope envelope;
    envelope.mutable_submit_action()->set_game_id(id);
    envelope.mutable_submit_action()->mutable_action()->mutable_notation()->set_line(line);
    const auto answer = who.request(envelope);
    REQUIRE(answer);
    INFO(line << ": " << answer->refusal().message());
    REQUIRE(answer->has_action_accepted());
    const std::uint64_t sequence = answer->action_accepted().sequence();
    for (hd::term::Client* each : {&alice, &bob_client})
      REQUIRE(each->pump(std::chrono::seconds(10), [&] { return each->game()->sequence >= sequence; }));
  };

  // 16/1400: the French attack Trip at 6-1; an exchange takes Soye/6, an advance is declined.
  send(alice, "french end");
  send(alice, "french attack Baud/6 Soye/6 on Trip");
  for (int step = 0; step < 4; ++step) {
    const v1::PendingDecision& pending = alice.game()->view.pending();
    if (!alice.my_decision()) break;
    if (pending.kind() == v1::DECISION_KIND_EXCHANGE_CHOICE)
      send(alice, "french exchange Soye/6");
    else if (pending.kind() == v1::DECISION_KIND_ADVANCE)
      send(alice, "french advance none");
    else
      break;
  }
  const auto trip_status = [&] {
    for (const v1::Unit& unit : bob_client.game()->view.units())
      if (unit.id() == "Trip") return unit.status();
    return v1::UNIT_STATUS_UNSPECIFIED;
  };
  REQUIRE(trip_status() == v1::UNIT_STATUS_ELIMINATED);

  // Every phase ends until the reorganization segment asks the Allies (16/1600, two turns later).
  for (int step = 0; step < 20 && bob_client.game()->view.pending().kind() != v1::DECISION_KIND_RULE;
       ++step) {
    hd::term::Client* actor = decider(alice, bob_client);
    REQUIRE(actor);
    send(*actor, actor == &alice ? "french end" : "coalition end");
  }
  const v1::PendingDecision& pending = bob_client.game()->view.pending();
  REQUIRE(pending.kind() == v1::DECISION_KIND_RULE);
  CHECK(pending.rule() == "12.0");
  CHECK(bob_client.game()->view.turn() == 2);
  // The French seat is not shown the Allies' choices.
  CHECK(alice.game()->view.pending().choices_size() == 0);

  // hd_term lists the choices the server described and takes the first.
  allied_out.str("");
  REQUIRE(bob.run_line("state"));
  CHECK_THAT(allied_out.str(), Catch::Contains("choice 1: reorganize Trip at Collaert in 2828"));
  CHECK_THAT(allied_out.str(), Catch::Contains("choice 2: end the reorganization segment"));
  REQUIRE(bob.run_line("choose 1"));
  REQUIRE(bob_client.pump(std::chrono::seconds(10), [&] {
    return bob_client.game()->view.pending().kind() == v1::DECISION_KIND_MOVE;
  }));
  const v1::Unit* trip = nullptr;
  for (const v1::Unit& unit : bob_client.game()->view.units())
    if (unit.id() == "Trip") trip = &unit;
  REQUIRE(trip);
  CHECK(trip->status() == v1::UNIT_STATUS_ON_MAP);
  CHECK(trip->hex().column() == 28);
  CHECK(trip->hex().row() == 28);
  CHECK(trip->reduced());
  // The French seat is told what happened, in 12.0's own words.
  const std::uint64_t reorganized_at = bob_client.game()->sequence;
  REQUIRE(alice.pump(std::chrono::seconds(10), [&] { return alice.game()->sequence >= reorganized_at; }));
  CHECK_THAT(french_events.str(), Catch::Contains("Trip reorganized at Collaert in 2828, reduced (12.0)"));
  // A second choose finds nothing offered.
  CHECK_FALSE(bob.run_line("choose 1"));
  fs::remove_all(dir);
}

TEST_CASE("11.2 hd_term's `command LEADER` shows a leader's traced range and whom he commands",
          "[terminal][e2e][11.2]") {
  // The shipped scenarios: the Campaign plays 11.0.
  const fs::path root = fs::path(hd::test::data_root());
  hd::test::ServerOptions server_options;
  server_options.extra_args = hd::test::cheap_hashing_args(root);
  hd::test::ServerProcess server(server_options);
  std::ostringstream out;
  hd::term::Terminal alice(strict_terminal(server.url()), out);
  REQUIRE(alice.run_line("register alice password-alice"));
  INFO(out.str());
  REQUIRE(alice.run_line("create campaign take=french"));
  const std::string created = out.str();
  const auto at = created.find("created game ");
  REQUIRE(at != std::string::npos);
  const std::string id = created.substr(at + 13, created.find(' ', at + 13) - at - 13);
  REQUIRE(alice.run_line("open " + id));
  // A French leader on the map, and a combat unit, as the view shows them.
  const v1::Unit* leader = nullptr;
  const v1::Unit* unit = nullptr;
  for (const v1::Unit& each : alice.client()->game()->view.units()) {
    if (each.status() != v1::UNIT_STATUS_ON_MAP || each.army() != v1::ARMY_FRENCH) continue;
    if (each.type() == v1::UNIT_TYPE_LEADER && !leader) leader = &each;
    if (each.type() != v1::UNIT_TYPE_LEADER && !unit) unit = &each;
  }
  REQUIRE(leader);
  REQUIRE(unit);
  out.str("");
  REQUIRE(alice.run_line("command " + leader->id()));
  const std::string words = out.str();
  CHECK_THAT(words, Catch::StartsWith(leader->id() + ": command range "));
  char own_hex[8];
  std::snprintf(own_hex, sizeof own_hex, "%02u%02u", leader->hex().column(), leader->hex().row());
  CHECK_THAT(words, Catch::Contains(" hexes reached: " + std::string(own_hex) + " "));  // his own first
  CHECK_THAT(words, Catch::Contains("\ncommands:"));
  // A combat unit is no leader: refused here, before asking.
  CHECK_FALSE(alice.run_line("command " + unit->id()));
  CHECK_FALSE(alice.run_line("command"));
}

namespace {

// 16.3: the hexes `observed` printed, read back from its "CC: RR RR-RR" lines.
std::set<std::pair<int, int>> observed_hexes_printed(const std::string& text) {
  std::set<std::pair<int, int>> hexes;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (line.rfind("  ", 0) != 0 || colon == std::string::npos) continue;
    const int column = std::stoi(line.substr(2, colon - 2));
    std::istringstream runs(line.substr(colon + 1));
    for (std::string run; runs >> run;) {
      const auto dash = run.find('-');
      const int first = std::stoi(run.substr(0, dash));
      const int last = dash == std::string::npos ? first : std::stoi(run.substr(dash + 1));
      for (int row = first; row <= last; ++row)
        hexes.insert({column, row});
    }
  }
  return hexes;
}

}  // namespace

TEST_CASE("16.3 hd_term's `observed` prints the hexes our side observes now, by column, with the distance",
          "[terminal][e2e][16.3]") {
  // The shipped scenarios, where Quatre Bras offers 16.3.
  const fs::path root = fs::path(hd::test::data_root());
  hd::test::ServerOptions server_options;
  server_options.extra_args = hd::test::cheap_hashing_args(root);
  hd::test::ServerProcess server(server_options);
  std::ostringstream out;
  hd::term::Terminal alice(strict_terminal(server.url()), out);
  REQUIRE(alice.run_line("register alice password-alice"));
  INFO(out.str());
  const auto created_id = [&]() {
    const std::string created = out.str();
    const auto at = created.rfind("created game ");
    REQUIRE(at != std::string::npos);
    return created.substr(at + 13, created.find(' ', at + 13) - at - 13);
  };
  REQUIRE(alice.run_line("create quatre-bras rule=16.3 take=french allied=builtin"));
  REQUIRE(alice.run_line("open " + created_id()));
  out.str("");
  REQUIRE(alice.run_line("observed"));
  const std::string words = out.str();
  // What the engine says the French observe as the game begins, and at what distance.
  auto loaded = hd::loader::start_scenario_game(root, {"quatre-bras", {}, {"16.3"}, std::nullopt, true});
  REQUIRE(loaded.value);
  const std::vector<hd::engine::Hex> area =
      hd::engine::observed_area(*loaded.value, hd::engine::Side::French);
  std::set<std::pair<int, int>> expected;
  for (hd::engine::Hex hex : area)
    expected.insert({hex.column, hex.row});
  CHECK_THAT(words,
             Catch::StartsWith("observed now (16.3): " + std::to_string(area.size()) + " hexes, distance " +
                               std::to_string(hd::engine::observation_distance(*loaded.value)) + "\n"));
  CHECK(observed_hexes_printed(words) == expected);
  // Our own units' hexes are in it.
  for (const v1::Unit& each : alice.client()->game()->view.units())
    if (each.status() == v1::UNIT_STATUS_ON_MAP && each.army() == v1::ARMY_FRENCH)
      CHECK(expected.count({static_cast<int>(each.hex().column()), static_cast<int>(each.hex().row())}));
  CHECK_FALSE(alice.run_line("observed now"));  // takes no argument

  // Without 16.3 every hex is observed: refused, in plain words.
  REQUIRE(alice.run_line("create quatre-bras take=french allied=builtin"));
  REQUIRE(alice.run_line("open " + created_id()));
  out.str("");
  CHECK_FALSE(alice.run_line("observed"));
  CHECK_THAT(out.str(), Catch::Contains("every hex is observed"));
}
