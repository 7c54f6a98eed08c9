#include "model/scenario_catalogue.hpp"

namespace hd::client {

namespace pb = hundred_days::v1;

namespace {

// The briefing part of a listing or option: its turns, victory conditions and special rules.
template <typename Listed>
BriefingPart briefing_part(const Listed& listed) {
  BriefingPart part;
  *part.info.mutable_turns() = listed.turns();
  *part.info.mutable_victory() = listed.victory();
  *part.info.mutable_special_rules() = listed.special_rules();
  return part;
}

}  // namespace

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
           secret == pb::SIDE_FRENCH || secret == pb::SIDE_COALITION ? secret : pb::SIDE_UNSPECIFIED,
           briefing_part(option)});
    }
    entry.optional_rules.assign(listed.optional_rules().begin(), listed.optional_rules().end());
    for (int seat : listed.seats())
      if (seat == pb::SEAT_FRENCH || seat == pb::SEAT_PRUSSIAN || seat == pb::SEAT_ALLIED)
        entry.seats.push_back(static_cast<pb::Seat>(seat));
    entry.missing_rules.assign(listed.missing_rules().begin(), listed.missing_rules().end());
    entry.briefing = briefing_part(listed);
    catalogue.push_back(std::move(entry));
  }
  return catalogue;
}

}  // namespace hd::client
