#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/modules/scenario_offer.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/state/scenario_turns.hpp>

#include <algorithm>
#include <set>

namespace hd::engine {

namespace {

// The turns of a game of `scenario` with `chosen` force options, as its Ruleset will have them
// (with 22.6A in force the weather is rolled: weather_is_rolled).
std::vector<GameTurn> offered_turns(const Scenario& scenario, const std::vector<std::string>& chosen,
                                    const std::vector<TrackTurn>& track) {
  const std::vector<std::string> needed = rules_in_force(scenario, chosen, {}).needed;
  const bool rolled = std::find(needed.begin(), needed.end(), kVariableRainRule) != needed.end();
  return scenario_turns(scenario, chosen, track, rolled);
}

bool same_turns(const std::vector<GameTurn>& a, const std::vector<GameTurn>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const GameTurn& x, const GameTurn& y) {
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
    std::vector<GameTurn> turns = offered_turns(scenario, {option.id}, track);
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
