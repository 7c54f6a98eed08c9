// Issue 16: the create form's briefing, before the game is made (model/create_form_briefing): the
// chosen scenario's listing as a server on the real scenario files answers ListScenarios, with the
// chosen force options' victory conditions, special rules and turns added, and its lines.
#include "model/create_form_briefing.hpp"

#include "model/scenario_catalogue.hpp"
#include "served_scenarios.hpp"
#include "view/briefing_lines.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

namespace pb = hundred_days::v1;
using hd::client::create_form_briefing;
using hd::client::NewGameForm;
using hd::client::ScenarioEntry;

namespace {

NewGameForm form_on(const std::string& slug) {
  static const std::vector<ScenarioEntry> entries =
      hd::client::scenario_catalogue_from(hd::test::served_scenarios(hd::loader::default_data_root()));
  NewGameForm form(entries);
  form.set_typed_scenario(slug);
  REQUIRE(form.scenario() != nullptr);
  return form;
}

std::vector<std::string> rule_numbers(const pb::ScenarioInfo& info) {
  std::vector<std::string> out;
  for (const pb::BriefingRule& rule : info.special_rules())
    out.push_back(rule.rule());
  return out;
}

long rain_turns(const pb::ScenarioInfo& info) {
  return std::count_if(info.turns().begin(), info.turns().end(),
                       [](const pb::TurnInfo& t) { return t.rain(); });
}

bool has_line(const std::vector<hd::client::BriefingLine>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const auto& line) { return line.text == text; });
}

}  // namespace

TEST_CASE("the create form's briefing is the listed scenario's with no option chosen", "[briefing]") {
  const NewGameForm form = form_on("quatre-bras");
  const pb::ScenarioInfo info = create_form_briefing(form);
  CHECK(info.title() == "Quatre Bras");
  CHECK(info.rule() == "19.0");
  REQUIRE(info.turns_size() == 7);  // 19.2B: 16/1400 to 16/2000
  CHECK(info.victory_size() == 4);  // 19.4A-B's instant wins, 19.4C's for each side
  CHECK(rule_numbers(info) == std::vector<std::string>{"19.2C", "19.4C"});
  CHECK(info.force_options_size() == 0);
  CHECK(info.optional_rules_size() == 0);

  // No turn is current yet: the turns line names the first and last only.
  const auto lines = hd::client::briefing_lines(info, std::numeric_limits<std::uint32_t>::max(), 80);
  CHECK(has_line(lines, "Turns: 16/1400 to 16/2000 (7 turns)"));
  CHECK(has_line(lines, "French instant win: 19.4A the Allies disintegrate"));
  CHECK(has_line(lines, "French win: 19.4C most VP at the end"));
  CHECK(has_line(lines, "19.4C: 1 VP for holding Quatre Bras at the end of a player turn"));
}

TEST_CASE(
    "a chosen force option adds its victory conditions, special rules and title; an optional rule is named",
    "[briefing]") {
  NewGameForm form = form_on("quatre-bras");
  form.toggle_force_option("19.5D");  // two special lines of one rule
  form.toggle_optional_rule("15.1");
  pb::ScenarioInfo info = create_form_briefing(form);
  CHECK(rule_numbers(info) == std::vector<std::string>{"19.2C", "19.4C", "19.5D"});
  CHECK(info.special_rules(2).lines_size() == 2);
  REQUIRE(info.force_options_size() == 1);
  CHECK(info.force_options(0) == "19.5D");
  CHECK(info.force_option_titles(0) == "French First Corps could have arrived");
  CHECK(std::vector<std::string>(info.optional_rules().begin(), info.optional_rules().end()) ==
        std::vector<std::string>{"15.1"});

  // Taken off again, the option adds nothing.
  form.toggle_force_option("19.5D");
  info = create_form_briefing(form);
  CHECK(rule_numbers(info) == std::vector<std::string>{"19.2C", "19.4C"});
  CHECK(info.force_options_size() == 0);
}

TEST_CASE("an option that changes the turns puts its own in the briefing", "[briefing]") {
  NewGameForm form = form_on("la-belle-alliance-variant");
  const pb::ScenarioInfo before = create_form_briefing(form);
  REQUIRE(before.turns_size() > 0);
  CHECK(before.turns(0).label() == "18/1100");
  form.toggle_force_option("26.0C");  // the early start, 18/0900 with mud turns of its own
  const pb::ScenarioInfo after = create_form_briefing(form);
  REQUIRE(after.turns_size() == before.turns_size() + 2);
  CHECK(after.turns(0).label() == "18/0900");
  CHECK(rain_turns(after) > rain_turns(before));
}

TEST_CASE("22.6A's rolled weather takes the Campaign's fixed rain turns out, as option or as optional rule",
          "[briefing]") {
  NewGameForm form = form_on("campaign");
  CHECK(rain_turns(create_form_briefing(form)) == 6);  // 22.5C: 17/1500-17/2000
  form.toggle_force_option("22.6A");
  CHECK(rain_turns(create_form_briefing(form)) == 0);
  form.toggle_force_option("22.6A");
  CHECK(rain_turns(create_form_briefing(form)) == 6);
  // The Campaign's `optional` line offers 22.6A as an optional rule too (22.1).
  const auto& offered = form.scenario()->optional_rules;
  REQUIRE(std::find(offered.begin(), offered.end(), "22.6A") != offered.end());
  form.toggle_optional_rule("22.6A");
  CHECK(rain_turns(create_form_briefing(form)) == 0);
}

TEST_CASE("a typed scenario that is not listed has a briefing of its name only", "[briefing]") {
  NewGameForm form(
      hd::client::scenario_catalogue_from(hd::test::served_scenarios(hd::loader::default_data_root())));
  form.set_typed_scenario("no-such-scenario");
  const pb::ScenarioInfo info = create_form_briefing(form);
  CHECK(info.title() == "no-such-scenario");
  CHECK(info.turns_size() == 0);
  CHECK(info.victory_size() == 0);
}
