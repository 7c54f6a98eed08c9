// End-to-end, the briefing in a game's snapshot (issue 16; docs/protocol.md, ScenarioInfo fields
// 9-11): the real server on loopback sends a game's victory conditions and special rules in force as
// the scenario data states them, with the rule modules' titles and the chosen options' titles; a
// secret force option (18.5C) adds nothing to the briefing of a seat that may not know of it.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/data/scenario.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The briefing's special rule of this number, or null.
const v1::BriefingRule* special(const v1::ScenarioInfo& info, const std::string& rule) {
  for (const v1::BriefingRule& r : info.special_rules())
    if (r.rule() == rule) return &r;
  return nullptr;
}

bool any_line_says(const v1::ScenarioInfo& info, const std::string& words) {
  for (const v1::BriefingRule& r : info.special_rules())
    for (const std::string& line : r.lines())
      if (line.find(words) != std::string::npos) return true;
  for (const v1::BriefingVictory& v : info.victory())
    if (v.text().find(words) != std::string::npos) return true;
  return false;
}

v1::ScenarioInfo opened(GamePlayer& player, std::uint64_t game) {
  const auto snapshot = player.request(open_game(game, false));
  REQUIRE(snapshot.has_game_snapshot());
  return snapshot.game_snapshot().scenario();
}

}  // namespace

TEST_CASE("the snapshot's briefing: Quatre Bras's turns, victory conditions, special rules and option titles",
          "[e2e][games][briefing]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer anna(server.port(), "anna");
  v1::ClientEnvelope create =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("anna"), v1::SPECTATOR_VIEW_COALITION);
  create.mutable_create_game()->add_force_options("19.5A");
  const auto created = anna.request(create);
  REQUIRE(created.has_game_created());
  const v1::ScenarioInfo info = opened(anna, created.game_created().game_id());

  CHECK(info.title() == "Quatre Bras");
  CHECK(info.rule() == "19.0");
  REQUIRE(info.turns_size() == 7);  // 16/1400 .. 16/2000
  CHECK(info.turns(0).label() == engine::TurnName{16, 1400}.to_string());
  CHECK(info.turns(6).label() == engine::TurnName{16, 2000}.to_string());

  // The victory lines, in the file's order: two instant wins, then most VP at the end.
  REQUIRE(info.victory_size() == 4);
  CHECK(info.victory(0).side() == v1::SIDE_FRENCH);
  CHECK(info.victory(0).instant());
  CHECK(info.victory(0).text() == "19.4A the Allies disintegrate");
  CHECK(info.victory(1).side() == v1::SIDE_COALITION);
  CHECK(info.victory(1).text() == "19.4B the French are demoralized");
  CHECK(info.victory(2).text() == "19.4C most VP at the end");
  CHECK_FALSE(info.victory(2).instant());
  CHECK(info.victory(2).level() == "win");

  // 19.4C with its module's title and the scenario's words; the chosen 19.5A's special rule too.
  const v1::BriefingRule* hold = special(info, "19.4C");
  REQUIRE(hold);
  CHECK(hold->title() == "1 VP for holding Quatre Bras at the end of a player turn");
  REQUIRE(hold->lines_size() == 1);
  CHECK(hold->lines(0).find("1 VP to the player controlling Quatre Bras (1641)") == 0);
  const v1::BriefingRule* entry = special(info, "19.2C");
  REQUIRE(entry);
  CHECK_FALSE(entry->title().empty());
  const v1::BriefingRule* buttlar = special(info, "19.5A");
  REQUIRE(buttlar);
  CHECK(buttlar->title() == "Buttlar's brigade enters reduced");
  CHECK(special(info, "19.5C") == nullptr);         // not chosen: not in force
  CHECK_FALSE(any_line_says(info, "First Corps"));  // 19.5D's words: not chosen

  REQUIRE(info.force_options_size() == 1);
  REQUIRE(info.force_option_titles_size() == 1);
  CHECK(info.force_option_titles(0) == "Buttlar left two battalions with the wagon train");
}

TEST_CASE("18.5C's special rules are absent from the Prussian seat's briefing until revealed",
          "[e2e][games][briefing][18.5C]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French, chose 18.5C in secret
  GamePlayer bob(server.port(), "bob");      // Prussian
  v1::ClientEnvelope create =
      create_game("ligny", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_COALITION);
  create.mutable_create_game()->add_force_options("18.5C");
  const auto created = alice.request(create);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());

  const v1::ScenarioInfo french = opened(alice, game);
  const v1::BriefingRule* chosen = special(french, "18.5C");
  REQUIRE(chosen);
  CHECK(chosen->lines_size() == 3);
  CHECK_FALSE(chosen->title().empty());
  REQUIRE(french.force_option_titles_size() == 1);
  CHECK(french.force_option_titles(0) == "French First Corps marches to Ligny");

  const v1::ScenarioInfo prussian = opened(bob, game);
  CHECK(special(prussian, "18.5C") == nullptr);
  CHECK_FALSE(any_line_says(prussian, "writes the option down secretly"));
  CHECK(prussian.force_options_size() == 0);
  CHECK(prussian.force_option_titles_size() == 0);
  // The rest of the briefing is the same for both seats: the scenario's own rules and victory.
  CHECK(special(prussian, "18.3B"));
  CHECK(prussian.victory_size() == french.victory_size());
  CHECK(prussian.special_rules_size() == french.special_rules_size() - 1);
}
