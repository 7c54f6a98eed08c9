// End-to-end, ListScenarios (docs/protocol.md, "Games"): the real server on loopback with a real
// SQLite file lists the scenarios it makes games of, as read once at its start from its data root,
// with each one's force options, optional rules and seats; only for a logged-in connection. A game
// is then made of a listed scenario with a listed option, and a data root with one drill lists that
// drill alone: the list is what the server serves, not what a client has on disk.
#include "account_steps.hpp"
#include "drill_data_root.hpp"
#include "game_test_player.hpp"
#include "refusal_checks.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope list_scenarios() {
  v1::ClientEnvelope envelope;
  envelope.mutable_list_scenarios();
  return envelope;
}

const v1::ListedScenario& listed(const v1::ScenarioList& list, const std::string& slug) {
  const auto it = std::find_if(list.scenarios().begin(), list.scenarios().end(),
                               [&](const v1::ListedScenario& s) { return s.slug() == slug; });
  INFO(slug);
  REQUIRE(it != list.scenarios().end());
  return *it;
}

std::vector<std::string> option_ids(const v1::ListedScenario& scenario) {
  std::vector<std::string> ids;
  for (const v1::ListedForceOption& option : scenario.force_options())
    ids.push_back(option.id());
  return ids;
}

std::vector<v1::Seat> seats(const v1::ListedScenario& scenario) {
  std::vector<v1::Seat> out;
  for (int seat : scenario.seats())
    out.push_back(static_cast<v1::Seat>(seat));
  return out;
}

}  // namespace

TEST_CASE("ListScenarios lists the eleven scenarios the server serves, each as the rulebook prints it",
          "[e2e]") {
  ServerProcess server(ServerOptions{game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  const v1::ServerEnvelope answer = alice.request(list_scenarios());
  INFO(answer.DebugString().substr(0, 2000));
  REQUIRE(answer.has_scenario_list());
  const v1::ScenarioList& list = answer.scenario_list();

  // Every scenario folder of the data root, in slug order: 18.0-28.0.
  std::vector<std::string> slugs;
  for (const v1::ListedScenario& scenario : list.scenarios())
    slugs.push_back(scenario.slug());
  CHECK(slugs == std::vector<std::string>{"campaign", "campaign-variant", "grand-ligny", "grand-waterloo",
                                          "historic-wavre", "la-belle-alliance", "la-belle-alliance-variant",
                                          "ligny", "quatre-bras", "quatre-bras-variant", "wavre"});
  CHECK(slugs == loader::list_scenarios(game_data_root()));

  const v1::ListedScenario& quatre_bras = listed(list, "quatre-bras");
  CHECK(quatre_bras.title() == "Quatre Bras");
  CHECK(quatre_bras.rule() == "19.0");
  CHECK(option_ids(quatre_bras) == std::vector<std::string>{"19.5A", "19.5B", "19.5C", "19.5D", "19.5E"});
  CHECK(quatre_bras.force_options(0).title() == "Buttlar left two battalions with the wagon train");
  CHECK(quatre_bras.force_options(0).secret_side() == v1::SIDE_UNSPECIFIED);
  // "optional 10.0 11.0 15.0 16.0": the cases of 15.0 and 16.0 the engine has (16.3, observation,
  // and 16.6, hidden movement, since issue 14 hid from each seat what its side may not see); not
  // 10.0 (no leader set up).
  CHECK(std::vector<std::string>(quatre_bras.optional_rules().begin(), quatre_bras.optional_rules().end()) ==
        std::vector<std::string>{"15.1", "15.2", "16.3", "16.6"});
  CHECK(seats(quatre_bras) == std::vector<v1::Seat>{v1::SEAT_FRENCH, v1::SEAT_ALLIED});
  CHECK(quatre_bras.missing_rules().empty());  // played by the book

  // Issue 16: the briefing with no option chosen, as the scenario file states it (19.2B's turns
  // 16/1400-16/2000 on the turn track, 19.4C's conditions, the base forces' special lines), and
  // what each option adds.
  REQUIRE(quatre_bras.turns_size() == 7);
  CHECK(quatre_bras.turns(0).label() == "16/1400");
  CHECK(quatre_bras.turns(6).label() == "16/2000");
  CHECK_FALSE(quatre_bras.turns(6).night());
  REQUIRE(quatre_bras.victory_size() == 4);  // 19.4A-B's instant wins, then 19.4C's for each side
  CHECK(quatre_bras.victory(0).instant());
  CHECK(quatre_bras.victory(0).text() == "19.4A the Allies disintegrate");
  CHECK(quatre_bras.victory(2).side() == v1::SIDE_FRENCH);
  CHECK(quatre_bras.victory(2).level() == "win");
  CHECK_FALSE(quatre_bras.victory(2).instant());
  CHECK(quatre_bras.victory(2).text() == "19.4C most VP at the end");
  CHECK(quatre_bras.victory(3).side() == v1::SIDE_COALITION);
  std::vector<std::string> base_rules;
  for (const v1::BriefingRule& rule : quatre_bras.special_rules())
    base_rules.push_back(rule.rule());
  CHECK(base_rules == std::vector<std::string>{"19.2C", "19.4C"});
  CHECK(quatre_bras.special_rules(1).title() == "1 VP for holding Quatre Bras at the end of a player turn");
  CHECK(quatre_bras.special_rules(1).lines(0).find("1 VP to the player controlling Quatre Bras (1641)") == 0);
  const v1::ListedForceOption& first_corps = quatre_bras.force_options(3);  // 19.5D, two lines of one rule
  REQUIRE(first_corps.special_rules_size() == 1);
  CHECK(first_corps.special_rules(0).rule() == "19.5D");
  CHECK(first_corps.special_rules(0).lines_size() == 2);
  CHECK(first_corps.turns_size() == 0);  // the scenario's turns stand
  // 26.0C changes the turns: from 18/0900, with its own mud turns (26.0D) beside the scenario's.
  const v1::ListedScenario& variant = listed(list, "la-belle-alliance-variant");
  CHECK(variant.turns(0).label() == "18/1100");
  CHECK(variant.turns(0).rain());
  const auto early = std::find_if(variant.force_options().begin(), variant.force_options().end(),
                                  [](const v1::ListedForceOption& o) { return o.id() == "26.0C"; });
  REQUIRE(early != variant.force_options().end());
  REQUIRE(early->turns_size() == variant.turns_size() + 2);
  CHECK(early->turns(0).label() == "18/0900");
  CHECK(early->turns(0).rain());
  CHECK(early->turns(early->turns_size() - 1).label() == variant.turns(variant.turns_size() - 1).label());
  // 22.6A rolls the Campaign's weather: with it the fixed rain turns (22.5C) are gone.
  const v1::ListedScenario& campaign_listed = listed(list, "campaign");
  const auto rain_turns = [](const google::protobuf::RepeatedPtrField<v1::TurnInfo>& turns) {
    return std::count_if(turns.begin(), turns.end(), [](const v1::TurnInfo& t) { return t.rain(); });
  };
  CHECK(rain_turns(campaign_listed.turns()) == 6);
  const auto variable_rain =
      std::find_if(campaign_listed.force_options().begin(), campaign_listed.force_options().end(),
                   [](const v1::ListedForceOption& o) { return o.id() == "22.6A"; });
  REQUIRE(variable_rain != campaign_listed.force_options().end());
  CHECK(variable_rain->turns_size() == campaign_listed.turns_size());
  CHECK(rain_turns(variable_rain->turns()) == 0);

  const v1::ListedScenario& ligny = listed(list, "ligny");
  CHECK(ligny.rule() == "18.0");
  CHECK(option_ids(ligny) == std::vector<std::string>{"18.5A", "18.5B", "18.5C"});
  CHECK(ligny.force_options(2).secret_side() == v1::SIDE_FRENCH);  // 18.5C: the French secret choice
  CHECK(ligny.force_options(0).secret_side() == v1::SIDE_UNSPECIFIED);
  CHECK(seats(ligny) == std::vector<v1::Seat>{v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN});

  const v1::ListedScenario& campaign = listed(list, "campaign");
  CHECK(seats(campaign) == std::vector<v1::Seat>{v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED});
  CHECK(campaign.missing_rules().empty());                        // by the book since 22.4B, 22.5A and 22.5B
  CHECK(listed(list, "grand-waterloo").missing_rules().empty());  // by the book since 27.1A, 27.3, 27.5B
  CHECK(listed(list, "la-belle-alliance-variant").missing_rules().empty());  // by the book since 16.1B
  CHECK(listed(list, "campaign-variant").missing_rules().empty());  // by the book since 28.0C and 28.0D

  // A game is made of what the list offers: Quatre Bras with its listed option and optional rule.
  v1::ClientEnvelope create =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  create.mutable_create_game()->add_force_options(quatre_bras.force_options(0).id());
  create.mutable_create_game()->add_optional_rules(quatre_bras.optional_rules(0));
  const v1::ServerEnvelope created = alice.request(create);
  INFO(created.DebugString());
  REQUIRE(created.has_game_created());
  CHECK(query(server.database_path(), "SELECT scenario, force_options, optional_rules FROM games") ==
        std::vector<std::string>{"quatre-bras|19.5A|15.1"});
  // The game's own briefing is the listing's with the option's added (what a create form previews).
  const v1::ServerEnvelope opened = alice.request(open_game(created.game_created().game_id(), false));
  REQUIRE(opened.has_game_snapshot());
  const v1::ScenarioInfo& info = opened.game_snapshot().scenario();
  CHECK(info.turns_size() == quatre_bras.turns_size());
  CHECK(info.victory_size() == quatre_bras.victory_size() + quatre_bras.force_options(0).victory_size());
  REQUIRE(info.special_rules_size() == quatre_bras.special_rules_size() + 1);
  CHECK(info.special_rules(0).SerializeAsString() == quatre_bras.special_rules(0).SerializeAsString());
  CHECK(info.special_rules(2).SerializeAsString() ==
        quatre_bras.force_options(0).special_rules(0).SerializeAsString());

  // A game with 26.0C plays over exactly the turns its listing gave (labels, night, rain).
  v1::ClientEnvelope early_start = create_game("la-belle-alliance-variant", {v1::SEAT_FRENCH},
                                               test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  early_start.mutable_create_game()->add_force_options("26.0C");
  const v1::ServerEnvelope early_created = alice.request(early_start);
  INFO(early_created.DebugString());
  REQUIRE(early_created.has_game_created());
  const v1::ServerEnvelope early_opened =
      alice.request(open_game(early_created.game_created().game_id(), false));
  REQUIRE(early_opened.has_game_snapshot());
  const auto& played_turns = early_opened.game_snapshot().scenario().turns();
  REQUIRE(played_turns.size() == early->turns_size());
  for (int i = 0; i < played_turns.size(); ++i)
    CHECK(played_turns.Get(i).SerializeAsString() == early->turns(i).SerializeAsString());

  // Asked again, the same list (built once at start-up, not read per request).
  const v1::ServerEnvelope again = alice.request(list_scenarios());
  REQUIRE(again.has_scenario_list());
  CHECK(again.scenario_list().SerializeAsString() == list.SerializeAsString());
}

TEST_CASE("ListScenarios needs a logged-in connection", "[e2e]") {
  ServerProcess server(ServerOptions{game_server_args(), {}});
  WsTestClient client(server.port());
  say_hello(client);
  v1::ClientEnvelope envelope = list_scenarios();
  envelope.set_request_id(7);
  const v1::ServerEnvelope answer = request(client, envelope);
  expect_refusal(answer, v1::REFUSAL_CODE_LOGIN_REQUIRED);
  CHECK_FALSE(answer.has_scenario_list());
}

TEST_CASE("a server on a data root with one drill lists that drill alone, and CreateGame takes no other",
          "[e2e]") {
  const auto dir = make_temp_directory("hd-scenario-list");
  DrillServer drill = drill_server(dir / "server", "reorganization-drill", game_server_args());
  GamePlayer bob(drill.server.port(), "bob");
  const v1::ServerEnvelope answer = bob.request(list_scenarios());
  INFO(answer.DebugString());
  REQUIRE(answer.has_scenario_list());
  REQUIRE(answer.scenario_list().scenarios_size() == 1);
  const v1::ListedScenario& only = answer.scenario_list().scenarios(0);
  CHECK(only.slug() == "reorganization-drill");
  CHECK(only.title() == "Reorganization drill (tests)");
  CHECK(only.rule() == "99.0");
  CHECK(only.force_options().empty());
  CHECK(seats(only) == std::vector<v1::Seat>{v1::SEAT_FRENCH, v1::SEAT_ALLIED});

  // Quatre Bras is not served here: refused as unknown, and nothing is stored.
  const v1::ServerEnvelope refused = bob.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("bob"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  expect_refusal(refused, v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK_THAT(refused.refusal().message(), Catch::Contains("unknown scenario"));
  CHECK(query(drill.server.database_path(), "SELECT COUNT(*) FROM games") == std::vector<std::string>{"0"});
}
