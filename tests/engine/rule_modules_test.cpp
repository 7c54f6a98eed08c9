// The rule registry: every module under its number, rule numbers in book order, a scenario's
// `rules` line expanded, and the rules in force worked out from a scenario and the players'
// choices (no silent rules: what has no module is listed as missing).
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace hd::engine;

namespace {

Scenario scenario_of(const std::string& body) {
  auto parsed = parse_scenario(
      "scenario \"Test\" rule 99.0\nmap test\narea columns 01-10 rows 01-10\n"
      "turns 16/1400 16/1500\n" +
          body,
      "test.txt");
  REQUIRE(parsed.scenario);
  return *parsed.scenario;
}

// Armies of one French unit "A" and one leader, Ney.
OrderOfBattle one_unit_and_ney() {
  std::vector<DataError> errors;
  auto oob = OrderOfBattle::load(
      {"id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\tfull_"
       "strength\t"
       "reduced_strength\tmovement\tvalue_source\tvariant\nA\tA\tfrench\tx\t[1]"
       "\tinfantry\t\t\t\t\t\t\t\t\t\t\n",
       "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\nfrench\tA\t4\t2\t4\ttest\n",
       "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\nNey\tMarshal "
       "Ney\tfrench\tcommander\t\t1\t\n"},
      "test", errors);
  REQUIRE(errors.empty());
  return oob;
}

}  // namespace

TEST_CASE("every registered module has its own number, in book order, and says how it is carried out",
          "[rules][modules]") {
  const auto& modules = registered_rule_modules();
  REQUIRE(modules.size() >= 9 + 2 + 17);  // chapters 1.0-9.0, 15.1, 15.2 and the battle scenarios' rules
  std::set<std::string_view> numbers;
  for (std::size_t i = 0; i < modules.size(); ++i) {
    INFO(modules[i]->rule);
    CHECK(numbers.insert(modules[i]->rule).second);
    CHECK_FALSE(modules[i]->title.empty());
    CHECK_FALSE(modules[i]->where.empty());
    if (i > 0) CHECK(rule_number_less(modules[i - 1]->rule, modules[i]->rule));
    CHECK(find_rule_module(modules[i]->rule) == modules[i]);
  }
  CHECK(find_rule_module("10.0") != nullptr);                     // leaders (10.1, 10.2 are its cases)
  CHECK(find_rule_module("11.0")->hooks.phase_start != nullptr);  // command: the command segment
  CHECK(find_rule_module("11.3") != nullptr);                     // its effects, the 11.0 hooks
  CHECK(find_rule_module("12.0")->hooks.segment != nullptr);      // reorganization: its segment
  CHECK(find_rule_module("15.1")->hooks.combat != nullptr);       // its odds shift
  CHECK(find_rule_module("15.2")->hooks.combat_resolved != nullptr);
}

TEST_CASE("rule numbers sort as the book does", "[rules][modules]") {
  CHECK(rule_number_less("9.0", "10.0"));
  CHECK(rule_number_less("10.0", "10.2"));
  CHECK(rule_number_less("19.4C", "19.5A"));
  CHECK(rule_number_less("25.0E-1", "25.0E-2"));
  CHECK(rule_number_less("16.1", "16.14"));
  CHECK_FALSE(rule_number_less("16.14", "16.2") == rule_number_less("16.2", "16.14"));
  CHECK(rule_number_less("16.2", "16.14"));  // sections compare as numbers
}

TEST_CASE("a scenario's rules entries: chapter ranges expand, anything else stands as written",
          "[rules][modules]") {
  CHECK(expand_rules_entry("1.0-9.0") ==
        std::vector<std::string>{"1.0", "2.0", "3.0", "4.0", "5.0", "6.0", "7.0", "8.0", "9.0"});
  CHECK(expand_rules_entry("9.0-11.0") == std::vector<std::string>{"9.0", "10.0", "11.0"});
  CHECK(expand_rules_entry("22.5") == std::vector<std::string>{"22.5"});
  CHECK(expand_rules_entry("25.0E-1") == std::vector<std::string>{"25.0E-1"});
}

TEST_CASE("the rules in force: chapters, special lines, chosen options and optional rules",
          "[rules][modules]") {
  const Scenario scenario = scenario_of(
      "rules 1.0-9.0 88.5 77.7\noptional 15.0 12.0\n"
      "special 88.5A \"an unknown case\"\nspecial 88.5B \"another\"\nspecial 19.4C \"known\"\n"
      "option 99.5A \"Extra\"\nspecial 99.5A \"its own rule\"\nend\n");
  const RulesInForce base = rules_in_force(scenario, {}, {});
  // "88.5" heads special lines, so it stands for 88.5A and 88.5B; "77.7" heads none and is itself.
  CHECK(base.needed == std::vector<std::string>{"1.0", "2.0", "3.0", "4.0", "5.0", "6.0", "7.0", "8.0", "9.0",
                                                "19.4C", "77.7", "88.5A", "88.5B"});
  CHECK(base.missing == std::vector<std::string>{"77.7", "88.5A", "88.5B"});
  CHECK(base.modules.size() == 10);  // the nine chapters and 19.4C
  // A chosen option brings its special lines; a chosen optional rule is needed too.
  const RulesInForce chosen = rules_in_force(scenario, {"99.5A"}, {"15.1", "12.0"});
  CHECK(chosen.missing == std::vector<std::string>{"77.7", "88.5A", "88.5B", "99.5A"});
  CHECK(std::find(chosen.needed.begin(), chosen.needed.end(), "15.1") != chosen.needed.end());
}

TEST_CASE("an optional rule must be offered by the scenario: exactly, or by its chapter",
          "[rules][modules]") {
  const OrderOfBattle oob = one_unit_and_ney();
  const Scenario scenario = scenario_of("optional 15.0 10.0 16.2\nsetup french 0505 : A Ney\n");
  CHECK_FALSE(optional_rule_refusal(scenario, oob, "15.1"));  // "15.0": any case of 15
  CHECK_FALSE(optional_rule_refusal(scenario, oob, "10.0"));  // itself
  CHECK_FALSE(optional_rule_refusal(scenario, oob, "16.2"));  // itself
  CHECK(optional_rule_refusal(scenario, oob, "16.4"));        // 16.0 is not offered
  CHECK(optional_rule_refusal(scenario, oob, "11.0"));
  CHECK(*optional_rule_refusal(scenario, oob, "11.0") == "scenario 99.0 does not offer optional rule 11.0");
  CHECK(offered_optional_rules(scenario, oob) == std::vector<std::string>{"10.0", "15.1", "15.2"});
  CHECK(offered_optional_rules(scenario_of(""), oob).empty());
}

TEST_CASE("10.0: offered only where a set-up or entry line names a leader", "[rules][modules][10.0]") {
  const OrderOfBattle oob = one_unit_and_ney();
  // 19.1 and 18.1 offer 10.0 but set up no leader: chosen, it would place none, silently.
  const Scenario none = scenario_of("optional 15.0 10.0\nsetup french 0505 : A\n");
  CHECK(leaders_named(none, oob) == 0);
  REQUIRE(optional_rule_refusal(none, oob, "10.0"));
  CHECK(*optional_rule_refusal(none, oob, "10.0") ==
        "scenario 99.0 names no leader in its set-up: optional rule 10.0 would place none, so it cannot be "
        "chosen");
  CHECK(offered_optional_rules(none, oob) == std::vector<std::string>{"15.1", "15.2"});
  // A leader in an option's lines is enough: the option may be chosen with it.
  const Scenario in_option = scenario_of(
      "optional 10.0\nsetup french 0505 : A\noption 99.5A \"Ney\"\n"
      "setup french 0506 : Ney\nend\n");
  CHECK(leaders_named(in_option, oob) == 1);
  CHECK_FALSE(optional_rule_refusal(in_option, oob, "10.0"));
}

TEST_CASE("11.0: a chapter other than 15.0 and 16.0 is chosen whole, bringing its sections",
          "[rules][modules][11.0]") {
  const OrderOfBattle oob = one_unit_and_ney();
  const Scenario scenario = scenario_of("optional 10.0 11.0 15.0\nsetup french 0505 : A Ney\n");
  CHECK_FALSE(optional_rule_refusal(scenario, oob, "11.0"));
  for (const char* section : {"11.1", "11.2", "11.3"}) {
    const auto refusal = optional_rule_refusal(scenario, oob, section);
    REQUIRE(refusal);
    CHECK(*refusal == "optional rule " + std::string(section) +
                          " is part of 11.0: choose 11.0, which brings in its sections");
  }
  CHECK_FALSE(optional_rule_refusal(scenario, oob, "15.1"));  // 15.0's cases are chosen one by one
  const auto offered = offered_optional_rules(scenario, oob);
  CHECK(std::find(offered.begin(), offered.end(), "11.1") == offered.end());
  // Chosen, 11.0 puts 11.1-11.3 in force with it, as a `rules` line's chapter does.
  const RulesInForce chosen = rules_in_force(scenario, {}, {"10.0", "11.0"});
  for (const char* section : {"11.1", "11.2", "11.3"})
    CHECK(std::find(chosen.needed.begin(), chosen.needed.end(), section) != chosen.needed.end());
  CHECK(chosen.missing.empty());
}

TEST_CASE("10.0, 11.0: a combat unit named like a leader is no leader (18.0's cavalry unit Soult)",
          "[rules][modules][10.0][11.0]") {
  std::vector<DataError> errors;
  const OrderOfBattle oob = OrderOfBattle::load(
      {"id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\tfull_"
       "strength\treduced_strength\tmovement\tvalue_source\tvariant\n"
       "Soult\tSoult's cavalry\tfrench\tx\t[1c]\tcavalry\t\t\t\t\t\t\t\t\t\t\n",
       "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\nfrench\tSoult\t3\t1\t6\ttest\n",
       "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\n"
       "Soult\tMarshal Soult\tfrench\tchief_of_staff\t\t\t16.1C\n"},
      "test", errors);
  REQUIRE(errors.empty());
  const Scenario scenario = scenario_of("optional 10.0 11.0 15.0\nsetup french 0505 : Soult\n");
  CHECK(leaders_named(scenario, oob) == 0);
  for (const char* rule : {"10.0", "11.0"}) {
    const auto refusal = optional_rule_refusal(scenario, oob, rule);
    REQUIRE(refusal);
    CHECK(refusal->find("names no leader") != std::string::npos);
  }
}

TEST_CASE("15.2 Exception 2: where 22.5B is played, 15.2 is not offered", "[rules][modules][15.2][22.5B]") {
  const OrderOfBattle oob = one_unit_and_ney();
  const Scenario with_guard_rule =
      scenario_of("rules 1.0-9.0 22.5\noptional 15.0\nspecial 22.5B \"Defeat of the Old Guard\"\n");
  const auto refusal = optional_rule_refusal(with_guard_rule, oob, "15.2");
  REQUIRE(refusal);
  CHECK(*refusal == "scenario 99.0 plays 22.5B, which replaces 15.2: it cannot be chosen");
  CHECK(offered_optional_rules(with_guard_rule, oob) == std::vector<std::string>{"15.1"});
  CHECK_FALSE(optional_rule_refusal(scenario_of("rules 1.0-9.0\noptional 15.0\n"), oob, "15.2"));
}

TEST_CASE("hook order: rule-number order but for declared runs_before, and a cycle is refused",
          "[rules][modules]") {
  // 4.1, 14.0: the daily supply check runs before 11.0's command segment.
  const Scenario campaign = scenario_of("rules 1.0-14.0\n");
  const RulesInForce in_force = rules_in_force(campaign, {}, {});
  std::vector<std::string> order;
  for (const RuleModule* module : in_force.modules)
    order.emplace_back(module->rule);
  const auto at = [&](const char* rule) {
    return std::find(order.begin(), order.end(), rule) - order.begin();
  };
  CHECK(at("14.0") + 1 == at("11.0"));  // pulled in just before it
  CHECK(at("10.0") < at("14.0"));
  CHECK(at("11.0") < at("11.1"));
  CHECK(at("13.0") < at("14.1"));
  // Made-up modules: "2.0" declared before "1.0" goes first; a cycle is a message.
  const RuleModule one{"1.0", "one", "test"};
  const RuleModule two{"2.0", "two", "test", {}, {"1.0"}};
  const RuleModule three{"3.0", "three", "test"};
  std::vector<const RuleModule*> modules{&three, &one, &two};
  CHECK_FALSE(order_rule_modules(modules));
  CHECK(modules == std::vector<const RuleModule*>{&two, &one, &three});
  const RuleModule looped{"1.0", "one", "test", {}, {"3.0"}};
  const RuleModule looped_three{"3.0", "three", "test", {}, {"2.0"}};
  std::vector<const RuleModule*> cycle{&looped, &two, &looped_three};
  const auto error = order_rule_modules(cycle);
  REQUIRE(error);
  CHECK(error->find("has a cycle") != std::string::npos);
}
