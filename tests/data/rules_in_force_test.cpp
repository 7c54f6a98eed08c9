// No silent rules, on the shipped scenarios: each of the eleven loads reporting exactly which of
// its rules the engine lacks (none today, with every force option: 16.1's variant counters were the
// last); a scenario or option that lacks one is refused unless the development flag allows missing
// rules, and then the game says it is not by the book (the tests' drill, tests/server).
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

using namespace hd::engine;
using hd::loader::default_data_root;

namespace {

using Rules = std::vector<std::string>;

hd::loader::Loaded<GameState> start(const std::string& scenario, const Rules& options = {},
                                    const Rules& optional_rules = {}, bool allow_missing_rules = false) {
  return hd::loader::start_scenario_game(
      default_data_root(), {scenario, options, optional_rules, std::nullopt, allow_missing_rules});
}

std::string messages(const std::vector<DataError>& errors) {
  std::string text;
  for (const auto& e : errors)
    text += e.message + "\n";
  return text;
}

// What each scenario needs that the engine does not have yet (the campaign rule 12.0 and the
// six scenarios' special rules): pinned, so that a new module shows up here.
const std::map<std::string, Rules>& expected_missing() {
  static const std::map<std::string, Rules> missing{
      {"ligny", {}},
      {"quatre-bras", {}},
      {"wavre", {}},
      {"la-belle-alliance", {}},
      {"historic-wavre", {}},
      {"campaign", {}},
      {"quatre-bras-variant", {}},
      {"grand-ligny", {}},
      {"la-belle-alliance-variant", {}},
      {"grand-waterloo", {}},
      {"campaign-variant", {}},  // by the book since 28.0C and 28.0D
  };
  return missing;
}

}  // namespace

TEST_CASE("each of the eleven scenarios reports exactly which of its rules are missing", "[data][rules]") {
  const auto scenarios = hd::loader::list_scenarios(default_data_root());
  REQUIRE(scenarios.size() == expected_missing().size());
  for (const std::string& scenario : scenarios) {
    INFO(scenario);
    REQUIRE(expected_missing().count(scenario) == 1);
    const Rules& missing = expected_missing().at(scenario);
    const auto by_the_book = start(scenario);
    if (missing.empty()) {
      // The five battle scenarios and the Quatre Bras variant: every rule they name has its module.
      INFO(messages(by_the_book.errors));
      REQUIRE(by_the_book.value);
      CHECK(by_the_book.value->rules->by_the_book());
      CHECK(by_the_book.value->rules->missing_rules.empty());
      continue;
    }
    // Refused, with an error naming every missing rule.
    CHECK_FALSE(by_the_book.value);
    const std::string why = messages(by_the_book.errors);
    CHECK(why.find("needs rules the engine does not have") != std::string::npos);
    for (const std::string& rule : missing)
      CHECK(why.find(" " + rule) != std::string::npos);
    // With the development flag it loads, marked not by the book with exactly those rules.
    const auto anyway = start(scenario, {}, {}, true);
    INFO(messages(anyway.errors));
    REQUIRE(anyway.value);
    CHECK_FALSE(anyway.value->rules->by_the_book());
    CHECK(anyway.value->rules->missing_rules == missing);
  }
}

TEST_CASE("force options play by the book: 16.1 in both campaigns, 22.6B with 22.4C, 24.1C, 24.5B-C, 22.6A",
          "[data][rules][16.1]") {
  // Until 6 December the option carried a special rule standing for the substitutes with no stated
  // place, with no module: it was refused. Its lines now place them (NOTES R-C13, R-X8).
  for (const std::string scenario : {"campaign", "campaign-variant"}) {
    INFO(scenario);
    const auto game = start(scenario, {"16.1"});
    INFO(messages(game.errors));
    REQUIRE(game.value);
    CHECK(game.value->rules->by_the_book());
    CHECK(game.value->rules->missing_rules.empty());
  }
  // 22.6B (the Hal Force) has its module; it shifts 22.4C's levels, so it is refused without them.
  const auto hal_force = start("campaign", {"22.4C", "22.6B"});
  INFO(messages(hal_force.errors));
  REQUIRE(hal_force.value);
  CHECK(hal_force.value->rules->missing_rules.empty());
  const auto hal_force_alone = start("campaign", {"22.6B"});
  CHECK_FALSE(hal_force_alone.value);
  CHECK(messages(hal_force_alone.errors).find("22.4C") != std::string::npos);
  // 24.1C (its Grouchy rule), 24.5B (Ney's caution) and 24.5C (the odds beyond the table) have their
  // modules: chosen, by the book; so has the Campaign's variable rain (22.6A).
  const auto variable_rain = start("campaign", {"22.6A"});
  REQUIRE(variable_rain.value);
  CHECK(variable_rain.value->rules->missing_rules.empty());
  const auto grouchy = start("grand-ligny", {"24.1C", "24.5B", "24.5C"});
  REQUIRE(grouchy.value);
  CHECK(grouchy.value->rules->missing_rules.empty());
  // A battle scenario's options are all by the book (18.5A-C, 19.5A-E, 25.0E-1/2).
  for (const auto& [scenario, options] :
       std::vector<std::pair<std::string, Rules>>{{"ligny", {"18.5A", "18.5B", "18.5C"}},
                                                  {"quatre-bras", {"19.5A", "19.5B", "19.5C", "19.5D"}},
                                                  {"historic-wavre", {"25.0E-1", "25.0E-2"}}}) {
    INFO(scenario);
    const auto game = start(scenario, options);
    INFO(messages(game.errors));
    REQUIRE(game.value);
    CHECK(game.value->rules->by_the_book());
  }
}

TEST_CASE("optional rules: only those the scenario offers, and only those the engine has", "[data][rules]") {
  // 15.1 and 15.2 exist and every battle scenario offers chapter 15.
  const auto chosen = start("quatre-bras", {}, {"15.2", "15.1"});
  INFO(messages(chosen.errors));
  REQUIRE(chosen.value);
  CHECK(chosen.value->rules->optional_rules == Rules{"15.1", "15.2"});  // in book order
  CHECK(rule_in_force(*chosen.value->rules, "15.1"));
  CHECK_FALSE(rule_in_force(*start("quatre-bras").value->rules, "15.1"));
  // 16.3 is offered (the scenario's "16.0") and played by the book (issue 14).
  const auto fog = start("quatre-bras", {}, {"16.3"});
  INFO(messages(fog.errors));
  REQUIRE(fog.value);
  CHECK(rule_in_force(*fog.value->rules, "16.3"));
  CHECK(fog.value->rules->by_the_book());
  // 14.0 is not offered by Quatre Bras (its optional line: 10.0 11.0 15.0 16.0).
  const auto supply = start("quatre-bras", {}, {"14.0"}, true);
  CHECK_FALSE(supply.value);
  CHECK(messages(supply.errors).find("does not offer optional rule 14.0") != std::string::npos);
  // What the create forms list: the offered rules that exist (19.1 offers 10.0 too, but its set-up
  // names no leader, so 10.0 is not offered: it would place none).
  CHECK(offered_optional_rules(chosen.value->rules->scenario, chosen.value->rules->oob) ==
        Rules{"15.1", "15.2", "16.3", "16.6"});
  // 16.1B has a module, but Quatre Bras puts no rifle unit in play: choosing it would change nothing.
  const auto rifles = start("quatre-bras", {}, {"16.1B"});
  CHECK_FALSE(rifles.value);
  CHECK(messages(rifles.errors).find("puts no rifle unit in play") != std::string::npos);
}

TEST_CASE("18.5C's module stays unnamed in the public list of missing rules", "[data][rules]") {
  const auto game = start("ligny", {"18.5C"});
  REQUIRE(game.value);
  CHECK(rule_in_force(*game.value->rules, "18.5C"));
  CHECK(public_missing_rules(*game.value->rules).empty());
}

TEST_CASE("14.0: 'rules 1.0-14.0' brings in the sections of chapter 14 that have modules",
          "[data][rules][14.0]") {
  // The campaign names chapters 1.0-14.0: 14.0 and its sections 14.1 and 14.2 are in force.
  const auto campaign = start("campaign", {}, {}, true);
  REQUIRE(campaign.value);
  for (const char* rule : {"14.0", "14.1", "14.2"})
    CHECK(rule_in_force(*campaign.value->rules, rule));
  // A battle scenario (rules 1.0-9.0) plays none of them.
  const auto ligny = start("ligny");
  REQUIRE(ligny.value);
  for (const char* rule : {"14.0", "14.1", "14.2"})
    CHECK_FALSE(rule_in_force(*ligny.value->rules, rule));
}

TEST_CASE("10.0: the six non-battle scenarios place the leaders their lines name; the battles have none",
          "[data][rules][10.0]") {
  for (const std::string scenario : {"campaign", "quatre-bras-variant", "grand-ligny",
                                     "la-belle-alliance-variant", "grand-waterloo", "campaign-variant"}) {
    INFO(scenario);
    const auto game = start(scenario, {}, {}, true);  // 12.0 and the special rules are still missing
    INFO(messages(game.errors));
    REQUIRE(game.value);
    CHECK(rule_in_force(*game.value->rules, "10.0"));
    int leaders = 0;
    for (const UnitState& unit : game.value->units) {
      if (!unit.is_leader()) continue;
      ++leaders;
      CHECK(game.value->rules->oob.find_leader(unit.army, unit.id) != nullptr);
      CHECK(unit.strength() == 0);
      CHECK((unit.on_map() || unit.status == UnitStatus::Waiting));
    }
    CHECK(leaders > 0);
  }
  // Quatre Bras offers 10.0 (19.1) but its set-up names no leader: it would place none, so choosing
  // it is refused, saying why, rather than a game "with leaders" that has none.
  const auto chosen = start("quatre-bras", {}, {"10.0"});
  CHECK_FALSE(chosen.value);
  CHECK(messages(chosen.errors).find("names no leader in its set-up: optional rule 10.0") !=
        std::string::npos);
}

TEST_CASE("13.0: the corps scenarios play 13.0, and every combat unit counts for a corps with a level",
          "[data][rules][13.0]") {
  for (const std::string scenario : {"campaign", "grand-ligny", "campaign-variant"}) {
    INFO(scenario);
    const auto game = start(scenario, {}, {}, true);  // 11.0, 12.0 and the special rules are still missing
    INFO(messages(game.errors));
    REQUIRE(game.value);
    const Ruleset& rules = *game.value->rules;
    CHECK(rule_in_force(rules, "13.0"));
    // 22.3's morale box (scenarios/campaign/NOTES.md R-C5).
    CHECK(corps_morale_level(rules, Army::French, "[G]") == 20);
    CHECK(corps_morale_level(rules, Army::Prussian, "[3]") == 14);
    CHECK(corps_morale_level(rules, Army::Allied, "netherlands") == 7);  // 13.1
    for (const UnitState& unit : game.value->units) {
      if (unit.is_leader()) continue;
      INFO(unit.id << " " << unit.command);
      if (unit.is_supply_train()) {  // 16.17: under no officer; no strength to lose
        CHECK(unit.strength() == 0);
        continue;
      }
      const auto corps = corps_of(rules, unit);
      REQUIRE(corps);
      CHECK(corps_morale_level(rules, unit.army, *corps));
    }
  }
}

TEST_CASE("16.15: chosen only with 11.0 in force; where 11.0 is played it loads", "[data][rules][16.15]") {
  // Wavre offers 10.0, 11.0 and any case of 16.0 (20.1), but names no leader, so 11.0 cannot be
  // chosen there: 16.15 would change nothing, and is neither offered nor accepted.
  const auto alone = start("wavre", {}, {"16.15"});
  CHECK_FALSE(alone.value);
  CHECK(messages(alone.errors).find("neither plays 11.0 nor may choose it: optional rule 16.15") !=
        std::string::npos);
  // The Campaign plays 11.0 and offers 16.15.
  const auto campaign = start("campaign", {}, {"16.15"});
  INFO(messages(campaign.errors));
  REQUIRE(campaign.value);
  CHECK(rule_in_force(*campaign.value->rules, "16.15"));
}

TEST_CASE("16.6: offered, by the book, only with 16.3", "[data][rules][16.6]") {
  // Quatre Bras offers any case of 16.0 (19.1). 16.6 judges observation by 16.3 (16.6A-C), so it is
  // refused alone, also on a development server (allow-missing-rules).
  for (const bool development : {false, true}) {
    const auto alone = start("quatre-bras", {}, {"16.6"}, development);
    CHECK_FALSE(alone.value);
    CHECK(messages(alone.errors).find("choose 16.3 with it") != std::string::npos);
  }
  const auto both = start("quatre-bras", {}, {"16.3", "16.6"});
  INFO(messages(both.errors));
  REQUIRE(both.value);
  CHECK(rule_in_force(*both.value->rules, "16.6"));
  CHECK(both.value->rules->missing_rules.empty());
  CHECK(both.value->rules->by_the_book());
  // 16.6A "during set up": the game opens with the French set-up, where units may go hidden.
  CHECK(both.value->phase == Phase::Setup);
  CHECK(both.value->phasing == Side::French);
}
