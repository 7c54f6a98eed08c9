// A scenario's briefing on the wire (issue 16): its victory conditions, special rules and turns as
// BriefingVictory, BriefingRule and TurnInfo, for a game's ScenarioInfo (the server) and for the
// listing ListScenarios answers (the server converts; a client's create form merges the chosen
// options' rules into the listing's with merge_briefing_rule).
#pragma once

#include <hd/engine/data/scenario.hpp>
#include <hd/engine/rules/modules/scenario_offer.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <vector>

namespace hd::wire {

// Adds `rule` to `rules`: its lines go to the entry of the same rule number if there is one (after
// that entry's lines), else it is added as a new entry at the end.
void merge_briefing_rule(google::protobuf::RepeatedPtrField<hundred_days::v1::BriefingRule>& rules,
                         const hundred_days::v1::BriefingRule& rule);

// Adds the victory conditions of one set of forces (the scenario's or a force option's) to
// `victory`, and its special lines to `rules`, one entry per rule number titled by the engine's
// module for it (merge_briefing_rule; empty title where the engine has none).
void add_briefing(const std::vector<engine::VictoryCondition>& conditions,
                  const std::vector<engine::SpecialRule>& specials,
                  google::protobuf::RepeatedPtrField<hundred_days::v1::BriefingVictory>& victory,
                  google::protobuf::RepeatedPtrField<hundred_days::v1::BriefingRule>& rules);

hundred_days::v1::TurnInfo to_proto(const engine::GameTurn& turn);

}  // namespace hd::wire
