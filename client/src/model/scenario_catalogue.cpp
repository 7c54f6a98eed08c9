#include "model/scenario_catalogue.hpp"

namespace hd::client {

namespace pb = hundred_days::v1;

std::vector<ScenarioEntry> scenario_catalogue_from(const pb::ScenarioList& list) {
  std::vector<ScenarioEntry> catalogue;
  for (const pb::ListedScenario& listed : list.scenarios()) {
    if (listed.slug().empty()) continue;
    ScenarioEntry entry;
    entry.slug = listed.slug();
    entry.title = listed.title();
    entry.rule = listed.rule();
    for (const pb::ListedForceOption& option : listed.force_options()) {
      const pb::Side secret = option.secret_side();
      entry.force_options.push_back(
          {option.id(), option.title(),
           secret == pb::SIDE_FRENCH || secret == pb::SIDE_COALITION ? secret : pb::SIDE_UNSPECIFIED});
    }
    entry.optional_rules.assign(listed.optional_rules().begin(), listed.optional_rules().end());
    for (int seat : listed.seats())
      if (seat == pb::SEAT_FRENCH || seat == pb::SEAT_PRUSSIAN || seat == pb::SEAT_ALLIED)
        entry.seats.push_back(static_cast<pb::Seat>(seat));
    entry.missing_rules.assign(listed.missing_rules().begin(), listed.missing_rules().end());
    catalogue.push_back(std::move(entry));
  }
  return catalogue;
}

}  // namespace hd::client
