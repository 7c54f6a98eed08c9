// Private helpers of corps morale (13.0).
#pragma once

#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/modules/rule_terms.hpp>
#include <hd/engine/state/refusal.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace hd::engine::corps_morale_detail {

// The corps' record, added (no losses, good morale) in army-then-corps order if it has none yet.
CorpsMorale& record_of(GameState& state, Army army, const std::string& corps);

// 13.0, 13.1: every corps and nationality level of the scenario's lines in play (an option's line
// replaces the scenario's).
std::map<std::pair<Army, std::string>, int> corps_morale_levels(const Ruleset& rules);

// 13.0: a corps' level `level` (the scenario's) as the rules in force change it now (22.5B).
int level_now(const GameState& state, Army army, std::string_view corps, int level);

// 13.2's hooks (corps_demoralization_effects.cpp): a clear hex's cost (unit terms), the advance's
// refusal (unit refusal).
void demoralized_clear_terrain_cost(const GameState& state, const UnitState& unit, UnitTerms& terms);
std::optional<Refusal> demoralized_corps_advance_refusal(const GameState& state, UnitAct act, UnitIndex unit);

}  // namespace hd::engine::corps_morale_detail
