#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/modules/scenario_offer.hpp>

#include <set>

namespace hd::engine {

ScenarioOffer scenario_offer(const Scenario& scenario, const OrderOfBattle& oob) {
  ScenarioOffer offer;
  offer.title = scenario.name;
  offer.rule = scenario.rule;
  for (const ScenarioOption& option : scenario.options) {
    OfferedForceOption offered{option.id, option.title, std::nullopt};
    if (option.secret) offered.secret_side = option.secret->side;
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
