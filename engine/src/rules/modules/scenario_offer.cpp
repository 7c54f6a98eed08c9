#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/modules/scenario_offer.hpp>

#include <algorithm>
#include <set>

namespace hd::engine {

namespace {

// 22.6A: with variable rain the scenario's fixed rain turns are not used (as Ruleset's turns).
constexpr std::string_view kVariableRain = "22.6A";

// The turns of a game of `scenario` with `chosen` force options, as make_ruleset lays them out:
// first to last on `track` (an option's own first and last turn replacing the scenario's), rain on
// the scenario's and the options' rain turns unless 22.6A is in force.
std::vector<OfferedTurn> offered_turns(const Scenario& scenario, const std::vector<std::string>& chosen,
                                       const std::vector<TrackTurn>& track) {
  TurnName first = scenario.first_turn;
  TurnName last = scenario.last_turn;
  std::vector<TurnName> rain = scenario.rain;
  for (const ScenarioOption& option : scenario.options) {
    if (std::find(chosen.begin(), chosen.end(), option.id) == chosen.end()) continue;
    if (option.turns) {
      first = option.turns->first;
      last = option.turns->second;
    }
    rain.insert(rain.end(), option.rain.begin(), option.rain.end());
  }
  const std::vector<std::string> needed = rules_in_force(scenario, chosen, {}).needed;
  if (std::find(needed.begin(), needed.end(), kVariableRain) != needed.end()) rain.clear();
  std::vector<OfferedTurn> turns;
  for (const TrackTurn& t : track) {
    if (t.name < first || last < t.name) continue;
    const bool is_rain = std::find(rain.begin(), rain.end(), t.name) != rain.end();
    turns.push_back({t.name, t.night, is_rain});
  }
  return turns;
}

bool same_turns(const std::vector<OfferedTurn>& a, const std::vector<OfferedTurn>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const OfferedTurn& x, const OfferedTurn& y) {
    return x.name == y.name && x.night == y.night && x.rain == y.rain;
  });
}

}  // namespace

ScenarioOffer scenario_offer(const Scenario& scenario, const OrderOfBattle& oob,
                             const std::vector<TrackTurn>& track) {
  ScenarioOffer offer;
  offer.title = scenario.name;
  offer.rule = scenario.rule;
  offer.turns = offered_turns(scenario, {}, track);
  offer.victory = scenario.forces.victory;
  offer.specials = scenario.forces.specials;
  for (const ScenarioOption& option : scenario.options) {
    OfferedForceOption offered{
        option.id, option.title, std::nullopt, option.additions.victory, option.additions.specials, {}};
    if (option.secret) offered.secret_side = option.secret->side;
    std::vector<OfferedTurn> turns = offered_turns(scenario, {option.id}, track);
    if (!same_turns(turns, offer.turns)) offered.turns = std::move(turns);
    offer.force_options.push_back(std::move(offered));
  }
  offer.optional_rules = offered_optional_rules(scenario, oob);
  std::set<Army> armies;  // enum order: French, Prussian, Allied
  for (const Placement& placement : scenario.forces.placements)
    armies.insert(placement.army);
  for (const Reinforcement& reinforcement : scenario.forces.reinforcements)
    armies.insert(reinforcement.army);
  offer.armies.assign(armies.begin(), armies.end());
  offer.missing_rules = rules_in_force(scenario, {}, {}).missing;
  return offer;
}

}  // namespace hd::engine
