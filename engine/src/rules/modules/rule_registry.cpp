#include "registered_modules.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>

namespace hd::engine {
namespace {

// The parts of a rule number: "19.4C" -> 19, 4, "C"; "25.0E-1" -> 25, 0, "E-1".
struct RuleNumber {
  int chapter = 0;
  int section = 0;
  std::string_view rest;
};

RuleNumber split_rule_number(std::string_view rule) {
  RuleNumber number;
  const char* end = rule.data() + rule.size();
  auto [after_chapter, chapter_error] = std::from_chars(rule.data(), end, number.chapter);
  if (chapter_error != std::errc{} || after_chapter == end || *after_chapter != '.') {
    number.rest = rule;
    return number;
  }
  auto [after_section, section_error] = std::from_chars(after_chapter + 1, end, number.section);
  if (section_error != std::errc{}) after_section = after_chapter + 1;
  number.rest = std::string_view(after_section, static_cast<std::size_t>(end - after_section));
  return number;
}

bool is_chapter(std::string_view rule) {
  const RuleNumber number = split_rule_number(rule);
  return number.section == 0 && number.rest.empty() && rule.find('.') != std::string_view::npos;
}

// True if `rule` is `section` or a case of it: "22.5A" of "22.5", "16.1B" of "16.1".
bool is_case_of(std::string_view rule, std::string_view section) {
  if (!rule.starts_with(section) || rule.size() == section.size()) return false;
  const char next = rule[section.size()];
  return next >= 'A' && next <= 'Z';
}

void add_unique(std::vector<std::string>& rules, std::string_view rule) {
  if (std::find(rules.begin(), rules.end(), rule) == rules.end()) rules.emplace_back(rule);
}

}  // namespace

bool rule_number_less(std::string_view a, std::string_view b) {
  const RuleNumber x = split_rule_number(a);
  const RuleNumber y = split_rule_number(b);
  if (x.chapter != y.chapter) return x.chapter < y.chapter;
  if (x.section != y.section) return x.section < y.section;
  return x.rest < y.rest;
}

std::optional<std::string> order_rule_modules(std::vector<const RuleModule*>& modules) {
  const auto by_number = [](const RuleModule* a, const RuleModule* b) {
    return rule_number_less(a->rule, b->rule);
  };
  std::sort(modules.begin(), modules.end(), by_number);
  const auto runs_before = [](const RuleModule* first, const RuleModule* then) {
    return std::find(first->runs_before.begin(), first->runs_before.end(), then->rule) !=
           first->runs_before.end();
  };
  // Each module in rule-number order, its declared predecessors pulled in just before it (depth
  // first, themselves in rule-number order): 14.0 lands right before 11.0.
  enum class Mark { None, Visiting, Placed };
  std::vector<Mark> marks(modules.size(), Mark::None);
  std::vector<const RuleModule*> ordered;
  std::optional<std::string> cycle;
  const auto visit = [&](auto& self, std::size_t i) -> void {
    if (marks[i] == Mark::Placed || cycle) return;
    if (marks[i] == Mark::Visiting) {
      cycle = "the rule modules' declared order (runs_before) has a cycle through " +
              std::string(modules[i]->rule);
      return;
    }
    marks[i] = Mark::Visiting;
    for (std::size_t j = 0; j < modules.size(); ++j)
      if (j != i && runs_before(modules[j], modules[i])) self(self, j);
    marks[i] = Mark::Placed;
    ordered.push_back(modules[i]);
  };
  for (std::size_t i = 0; i < modules.size(); ++i)
    visit(visit, i);
  if (cycle) return cycle;
  modules = std::move(ordered);
  return std::nullopt;
}

const std::vector<const RuleModule*>& registered_rule_modules() {
  static const std::vector<const RuleModule*> sorted = [] {
    std::vector<const RuleModule*> modules = rule_module_table();
    std::sort(modules.begin(), modules.end(),
              [](const RuleModule* a, const RuleModule* b) { return rule_number_less(a->rule, b->rule); });
    // The declared orders are the registry's own: every rule named exists and they form no cycle.
    for (const RuleModule* module : modules)
      for (std::string_view later : module->runs_before)
        if (!later.empty() && std::none_of(modules.begin(), modules.end(),
                                           [&](const RuleModule* m) { return m->rule == later; }))
          throw std::logic_error("rule module " + std::string(module->rule) + " runs before " +
                                 std::string(later) + ", which has no module");
    std::vector<const RuleModule*> ordered = modules;
    if (auto error = order_rule_modules(ordered)) throw std::logic_error(*error);
    return modules;
  }();
  return sorted;
}

const RuleModule* find_rule_module(std::string_view rule) {
  for (const RuleModule* module : registered_rule_modules())
    if (module->rule == rule) return module;
  return nullptr;
}

std::vector<std::string> expand_rules_entry(std::string_view entry) {
  const auto dash = entry.find('-');
  if (dash == std::string_view::npos || !is_chapter(entry.substr(0, dash)) ||
      !is_chapter(entry.substr(dash + 1)))
    return {std::string(entry)};
  std::vector<std::string> chapters;
  const int first = split_rule_number(entry.substr(0, dash)).chapter;
  const int last = split_rule_number(entry.substr(dash + 1)).chapter;
  for (int chapter = first; chapter <= last; ++chapter)
    chapters.push_back(std::to_string(chapter) + ".0");
  return chapters;
}

namespace {

// True if a set-up or entry line of the scenario or of one of its force options names, by id, a piece
// for which `matches(army, id)` holds.
template <typename Matches>
bool named_by_id(const Scenario& scenario, Matches matches) {
  const auto named = [&](Army army, const std::vector<UnitRef>& refs) {
    return std::any_of(refs.begin(), refs.end(),
                       [&](const UnitRef& ref) { return ref.command.empty() && matches(army, ref.id); });
  };
  const auto in_forces = [&](const ScenarioForces& forces) {
    return std::any_of(forces.placements.begin(), forces.placements.end(),
                       [&](const Placement& p) { return named(p.army, p.units); }) ||
           std::any_of(forces.reinforcements.begin(), forces.reinforcements.end(),
                       [&](const Reinforcement& r) { return named(r.army, r.units); });
  };
  return in_forces(scenario.forces) ||
         std::any_of(scenario.options.begin(), scenario.options.end(),
                     [&](const ScenarioOption& option) { return in_forces(option.additions); });
}

}  // namespace

bool rifles_named(const Scenario& scenario, const OrderOfBattle& oob) {
  // Rifle units are additional counters (16.1B): a line names them by id, never in a command's group.
  return named_by_id(scenario, [&](Army army, const std::string& id) {
    const UnitDefinition* unit = oob.find_unit(army, id);
    return unit && unit->type == UnitType::Rifles;
  });
}

bool additional_leaders_in_play(const Scenario& scenario, const OrderOfBattle& oob) {
  // A line's id names a combat unit first (start_game).
  const auto leader_of = [&](Army army, const std::string& id) {
    return oob.find_unit(army, id) ? nullptr : oob.find_leader(army, id);
  };
  const auto named = [&](Army army, std::string_view id) {
    return named_by_id(scenario, [&](Army a, const std::string& i) { return a == army && i == id; });
  };
  return named_by_id(scenario,
                     [&](Army army, const std::string& id) {
                       const LeaderDefinition* leader = leader_of(army, id);
                       return leader && leader->variant == "16.1C";
                     }) ||
         (named(Army::Prussian, "Blucher") && named(Army::Prussian, "Bulow")) ||
         (named(Army::Allied, "Wellington") && named(Army::Allied, "Uxbridge"));
}

bool headquarters_named(const Scenario& scenario, const OrderOfBattle& oob) {
  // A line's id names a combat unit first (start_game).
  return named_by_id(scenario, [&](Army army, const std::string& id) {
    const LeaderDefinition* leader = oob.find_unit(army, id) ? nullptr : oob.find_leader(army, id);
    return leader && leader->role == kRoleHeadquarters;
  });
}

bool supply_trains_named(const Scenario& scenario, const OrderOfBattle& oob) {
  return named_by_id(scenario, [&](Army army, const std::string& id) {
    const UnitDefinition* unit = oob.find_unit(army, id);
    return unit && unit->type == UnitType::SupplyTrain;
  });
}

int leaders_named(const Scenario& scenario, const OrderOfBattle& oob) {
  int leaders = 0;
  const auto count = [&](Army army, const std::vector<UnitRef>& refs) {
    // A line's id names a combat unit first (start_game: the cavalry unit Soult in 18.0 is no leader).
    for (const UnitRef& ref : refs)
      leaders += ref.command.empty() && !oob.find_unit(army, ref.id) && oob.find_leader(army, ref.id) ? 1 : 0;
  };
  const auto count_forces = [&](const ScenarioForces& forces) {
    for (const Placement& placement : forces.placements)
      count(placement.army, placement.units);
    for (const Reinforcement& entry : forces.reinforcements)
      count(entry.army, entry.units);
  };
  count_forces(scenario.forces);
  for (const ScenarioOption& option : scenario.options)
    count_forces(option.additions);
  return leaders;
}

std::optional<std::string> optional_rule_refusal(const Scenario& scenario, const OrderOfBattle& oob,
                                                 std::string_view rule) {
  const RuleNumber number = split_rule_number(rule);
  const std::string chapter = std::to_string(number.chapter) + ".0";
  // "15.0" and "16.0" offer any case of their chapters (19.1: "any cases of 15.0 and/or 16.0"); any
  // other chapter is chosen whole, its sections with it (10.0, 11.0: "11.1" is not chosen alone).
  const bool cases_offered = number.chapter == 15 || number.chapter == 16;
  bool offered = false;
  bool chapter_offered = false;
  for (const std::string& entry : scenario.optional) {
    offered = offered || entry == rule || (cases_offered && entry == chapter && !is_chapter(rule));
    chapter_offered = chapter_offered || entry == chapter;
  }
  if (!offered && chapter_offered && !cases_offered)
    return "optional rule " + std::string(rule) + " is part of " + chapter + ": choose " + chapter +
           ", which brings in its sections";
  if (!offered) return "scenario " + scenario.rule + " does not offer optional rule " + std::string(rule);
  // 15.2 Exception 2: a rule the scenario plays may replace the optional one (22.5B replaces 15.2).
  if (const RuleModule* module = find_rule_module(rule); module && !module->precluded_by.front().empty()) {
    const std::vector<std::string> played = rules_in_force(scenario, {}, {}).needed;
    for (std::string_view by : module->precluded_by)
      if (!by.empty() && std::find(played.begin(), played.end(), by) != played.end())
        return "scenario " + scenario.rule + " plays " + std::string(by) + ", which replaces " +
               std::string(rule) + ": it cannot be chosen";
  }
  // 10.0 places the leaders the lines name; where they name none it would change nothing, silently
  // (docs/rules-notes.md, 10.0). 11.0 without leaders would put every unit out of command (11.0).
  if ((number.chapter == 10 || number.chapter == 11) && leaders_named(scenario, oob) == 0)
    return "scenario " + scenario.rule + " names no leader in its set-up: optional rule " +
           std::string(rule) + " would place none, so it cannot be chosen";
  // A rule whose module plays but whose server side is not whole yet (rule_unfinished) would promise
  // more than the game keeps.
  if (rule_unfinished(rule))
    return "optional rule " + std::string(rule) +
           " is not offered yet: the engine plays it but not by the book yet (only the development flag "
           "allow-missing-rules plays it, marked not by the book)";
  // 16.1B acts only on rifle units, which only a scenario's own lines put in play.
  if (rule == "16.1B" && !rifles_named(scenario, oob))
    return "scenario " + scenario.rule + " puts no rifle unit in play: optional rule 16.1B would change " +
           "nothing, so it cannot be chosen";
  // 16.1C acts on its own leaders and on the two armies' successions.
  if (rule == "16.1C" && !additional_leaders_in_play(scenario, oob))
    return "scenario " + scenario.rule + " puts none of 16.1C's leaders in play and no army commander with " +
           "his second-in-command: optional rule 16.1C would change nothing, so it cannot be chosen";
  // 16.14 acts through the army HQ counters, which only a scenario's own lines put in play.
  if (rule == "16.14" && !headquarters_named(scenario, oob))
    return "scenario " + scenario.rule + " puts no army HQ in play: optional rule 16.14 would change " +
           "nothing, so it cannot be chosen";
  // 16.15 changes 11.3's out-of-command effects: offered only where 11.0 is played or may be chosen.
  if (rule == "16.15") {
    const std::vector<std::string> played = rules_in_force(scenario, {}, {}).needed;
    const bool plays_11 = std::find(played.begin(), played.end(), "11.0") != played.end();
    const bool offers_11 = std::find(scenario.optional.begin(), scenario.optional.end(), "11.0") !=
                               scenario.optional.end() &&
                           leaders_named(scenario, oob) > 0;
    if (!plays_11 && !offers_11)
      return "scenario " + scenario.rule + " neither plays 11.0 nor may choose it: optional rule 16.15, which " +
             "changes 11.3's out-of-command effects, would change nothing, so it cannot be chosen";
  }
  // 16.17 acts through the supply train counters, which only a scenario's own lines put in play.
  if (rule == "16.17" && !supply_trains_named(scenario, oob))
    return "scenario " + scenario.rule + " puts no supply train in play: optional rule 16.17 would change " +
           "nothing, so it cannot be chosen";
  return std::nullopt;
}

RulesInForce rules_in_force(const Scenario& scenario, const std::vector<std::string>& options,
                            const std::vector<std::string>& optional_rules) {
  std::vector<std::string> specials;
  const auto add_specials = [&](const ScenarioForces& forces) {
    for (const SpecialRule& special : forces.specials)
      add_unique(specials, special.rule);
  };
  add_specials(scenario.forces);
  for (const ScenarioOption& option : scenario.options)
    if (std::find(options.begin(), options.end(), option.id) != options.end()) add_specials(option.additions);

  RulesInForce result;
  // A chapter brings in the sections of it that have modules of their own ("14.0": 14.1, 14.2;
  // chosen as an optional rule too: "11.0" brings 11.1-11.3).
  const auto add_sections = [&](const std::string& rule) {
    if (!is_chapter(rule)) return;
    const int chapter = split_rule_number(rule).chapter;
    for (const RuleModule* module : registered_rule_modules())
      if (split_rule_number(module->rule).chapter == chapter && !is_chapter(module->rule))
        add_unique(result.needed, module->rule);
  };
  for (const std::string& entry : scenario.rules) {
    for (const std::string& rule : expand_rules_entry(entry)) {
      // An entry heading special lines ("22.5" over 22.5A and 22.5B) stands for them.
      const bool heads_specials = std::any_of(specials.begin(), specials.end(),
                                              [&](const std::string& s) { return is_case_of(s, rule); });
      if (!heads_specials) add_unique(result.needed, rule);
      add_sections(rule);
    }
  }
  for (const std::string& special : specials)
    add_unique(result.needed, special);
  // Chapters 15.0 and 16.0 are chosen case by case (their sections are the rules); another chapter
  // chosen whole brings its sections.
  for (const std::string& rule : optional_rules) {
    add_unique(result.needed, rule);
    const int chapter = split_rule_number(rule).chapter;
    if (chapter != 15 && chapter != 16) add_sections(rule);
  }
  std::sort(result.needed.begin(), result.needed.end(),
            [](const std::string& a, const std::string& b) { return rule_number_less(a, b); });
  for (const std::string& rule : result.needed) {
    if (const RuleModule* module = find_rule_module(rule)) {
      result.modules.push_back(module);
      if (rule_unfinished(rule)) result.missing.push_back(rule);  // played, but not by the book yet
    } else {
      result.missing.push_back(rule);
    }
  }
  // The order the hooks run in: the registry's declarations hold no cycle (registered_rule_modules).
  order_rule_modules(result.modules);
  return result;
}

bool rule_unfinished(std::string_view rule) {
  // None now. 16.3 was listed until the server sent each seat only what its side observes; 16.6
  // (hidden movement) until its placements at set-up, views, committed secrets and non-interference
  // test were built (issue 14).
  static constexpr std::array<std::string_view, 0> unfinished{};
  return std::find(unfinished.begin(), unfinished.end(), rule) != unfinished.end();
}

void resolve_rule_modules(Ruleset& rules) {
  RulesInForce in_force = rules_in_force(rules.scenario, rules.chosen_options, rules.optional_rules);
  rules.modules = std::move(in_force.modules);
  rules.missing_rules = std::move(in_force.missing);
  // 16.3: the cache of lines of sight for this map whenever 16.3 is in force, shared with the
  // other rulesets alive whose maps block sight alike.
  rules.fields_of_view = rule_in_force(rules, "16.3") ? FieldsOfView::shared_for(rules) : nullptr;
}

std::vector<std::string> offered_optional_rules(const Scenario& scenario, const OrderOfBattle& oob) {
  std::vector<std::string> offered;
  for (const RuleModule* module : registered_rule_modules())
    if (!optional_rule_refusal(scenario, oob, module->rule)) offered.emplace_back(module->rule);
  return offered;
}

std::vector<std::string> public_missing_rules(const Ruleset& rules) {
  std::vector<std::string> public_options;
  for (const ScenarioOption& option : rules.scenario.options)
    if (!option.secret && rules.option_chosen(option.id)) public_options.push_back(option.id);
  std::vector<std::string> missing =
      rules_in_force(rules.scenario, public_options, rules.optional_rules).missing;
  std::erase_if(missing, [&](const std::string& rule) {
    return std::find(rules.missing_rules.begin(), rules.missing_rules.end(), rule) ==
           rules.missing_rules.end();
  });
  return missing;
}

}  // namespace hd::engine
