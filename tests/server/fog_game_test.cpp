// End-to-end, issue 14 (fog of war): a Quatre Bras game with 16.3 (Observation) chosen, by the book,
// played by its built-in players and watched by a spectator shown
// the French side. What that spectator is sent hides what the French do not observe: Allied pieces
// out of sight are marked unobserved (where last seen, or with no hex), and the Allies' moves come
// as "coalition move", naming no unit or hex, while the exported record keeps the whole lines; the
// updates are numbered by the French side and the actions it learned nothing of are not sent (the
// record, replayed, tells which: engine::action_shown).
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <map>
#include <sstream>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;)
    words.push_back(word);
  return words;
}

// The log sequences of the record's actions shown to the French side (engine::action_shown), in
// order: the French side's own sequence number k stands for the k-th of them. Replays the record.
std::vector<std::uint64_t> shown_to_french(const std::string& record) {
  auto started = loader::start_scenario_game(
      game_data_root(), loader::GameChoice{"quatre-bras", {}, {"16.3"}, std::nullopt, false});
  REQUIRE(started.value);
  engine::GameState state = std::move(*started.value);
  std::vector<std::uint64_t> shown;
  std::istringstream in(record);
  std::uint64_t sequence = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    ++sequence;
    const auto parsed = engine::parse_action_line(state, line);
    INFO(line);
    REQUIRE(std::holds_alternative<engine::NotatedAction>(parsed));
    const auto& notated = std::get<engine::NotatedAction>(parsed);
    const engine::GameState before = state;
    std::size_t used = 0;
    const auto events =
        engine::apply(state, notated.side, notated.action, [&] { return notated.dice.at(used++); });
    if (engine::action_shown(before, state, events, line, engine::Side::French)) shown.push_back(sequence);
  }
  return shown;
}

// The record's action lines by sequence (the first action is 1).
std::map<std::uint64_t, std::string> record_lines(const std::string& record) {
  std::map<std::uint64_t, std::string> lines;
  std::istringstream in(record);
  std::uint64_t sequence = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines[++sequence] = line;
  return lines;
}

// What a French-side spectator was sent over one game, checked against the exported record.
struct Watched {
  std::size_t updates = 0;
  int cut = 0, unobserved = 0, last_seen = 0;
  std::size_t not_sent = 0;  // actions the French side learned nothing of
};

// Creates a 16.3 Quatre Bras game played by its built-in players, watches it from the French side
// (the game's spectator policy) to its end, and checks every update against the record. `number`:
// how many games the server has finished once this one is.
Watched watch_one_game(ServerProcess& server, GamePlayer& robot, GamePlayer& carol, int number) {
  v1::ClientEnvelope create = create_unattended("quatre-bras");  // spectators see the French side
  create.mutable_create_game()->add_optional_rules("16.3");
  const auto created = robot.request(create);
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();

  const auto opened = carol.request(open_game(game, true));
  REQUIRE(opened.has_game_snapshot());
  // By the book: 16.3 is offered, and nothing is missing.
  CHECK(opened.game_snapshot().scenario().missing_rules().empty());

  // Every update until the game is over.
  std::vector<v1::GameUpdate> updates;
  bool over = opened.game_snapshot().view().phase() == v1::PHASE_GAME_OVER;
  while (!over) {
    const auto message = carol.next(std::chrono::seconds(60));
    REQUIRE(message);
    if (!message->has_game_update()) continue;
    updates.push_back(message->game_update());
    over = message->game_update().view().phase() == v1::PHASE_GAME_OVER;
  }
  v1::ClientEnvelope close;
  close.mutable_close_game()->set_game_id(game);
  REQUIRE(carol.request(close).has_ok());
  wait_until_finished(server.port(), std::chrono::minutes(2), number);
  const auto exported = robot.request(export_record(game));
  REQUIRE(exported.has_game_record());
  const auto whole = record_lines(exported.game_record().record());
  const std::vector<std::uint64_t> shown = shown_to_french(exported.game_record().record());
  // At most the actions played were shown to the French: the Allies' unseen ones were not sent (a
  // short game may have had none: the total over the games is checked below).
  CHECK(shown.size() <= whole.size());

  Watched watched;
  watched.updates = updates.size();
  watched.not_sent = whole.size() - shown.size();
  std::uint64_t expected = opened.game_snapshot().sequence();
  for (const v1::GameUpdate& update : updates) {
    // Numbered by the French side, without gaps, and each the action the engine says was shown.
    CHECK(update.sequence() == ++expected);
    REQUIRE(update.sequence() >= 1);
    REQUIRE(update.sequence() <= shown.size());
    const auto line = whole.find(shown[update.sequence() - 1]);
    REQUIRE(line != whole.end());
    const std::vector<std::string> words = words_of(update.action_text());
    const std::vector<std::string> recorded = words_of(line->second);
    REQUIRE(words.size() >= 2);
    CHECK(words[0] == recorded[0]);
    CHECK(words[1] == recorded[1]);
    const bool allied_private = recorded[0] == "coalition" && recorded[1] != "end" &&
                                recorded[1] != "attack" && recorded[1] != "exchange";
    if (allied_private) {
      // An Allied move, retreat, advance or rule action: side and verb only.
      INFO(line->second);
      CHECK(words.size() == 2);
      watched.cut += recorded.size() > 2;
    } else {
      CHECK(update.action_text() == line->second);  // the French side's own, and what names nothing hidden
    }
    for (const v1::Unit& unit : update.view().units()) {
      watched.unobserved += unit.unobserved();
      watched.last_seen += unit.has_last_seen_turn();
      if (unit.unobserved()) CHECK(unit.army() != v1::ARMY_FRENCH);  // the French see their own
    }
  }
  return watched;
}

}  // namespace

TEST_CASE("16.3: a French-side spectator is shown only what the French observe",
          "[e2e][games][16.3][fog]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--builtin-style", "uniform"});
  ServerProcess server({args, {}});
  GamePlayer robot(server.port(), "robot");
  GamePlayer carol(server.port(), "carol");
  // A game may end early (19.4B, the French demoralized), and its dice are the server's own:
  // games are played until enough of each kind was seen.
  Watched total;
  int games = 0;
  while (games < 8 && (total.updates < 300 || total.cut < 40 || total.last_seen <= 30 || total.not_sent <= 30)) {
    const Watched one = watch_one_game(server, robot, carol, ++games);
    total.updates += one.updates;
    total.cut += one.cut;
    total.unobserved += one.unobserved;
    total.last_seen += one.last_seen;
    total.not_sent += one.not_sent;
  }
  // The work is real: Allied moves were cut, and Allied pieces were out of the French sight, some of
  // them where last seen.
  std::cout << "16.3 games: " << games << " games, " << total.updates << " updates seen by the French side, "
            << total.cut << " Allied lines cut, " << total.unobserved << " unobserved piece-views, "
            << total.last_seen << " of them where last seen; " << total.not_sent
            << " actions of the games not sent to the French side\n";
  CHECK(total.updates >= 300);
  CHECK(total.cut >= 40);
  CHECK(total.unobserved > 300);
  CHECK(total.last_seen > 30);
  CHECK(total.not_sent > 30);
}
