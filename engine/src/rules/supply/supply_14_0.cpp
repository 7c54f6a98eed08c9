// 14.0 Supply, 14.1 Supply Sources, 14.2 Blocking Supply: the rule modules.
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>

namespace hd::engine {
namespace {

// 14.0: "once per day on the first daylight turn of each day": as that turn's first phase begins,
// before either player acts and before 11.0's command segment (docs/rules-notes.md, 14.0).
void check_supply_at_dawn(GameState& state, const DieRoller&, std::vector<Event>& events) {
  if (state.phase != Phase::Movement || state.phasing != state.rules->scenario.first_side) return;
  if (!supply_check_turn(*state.rules, state.turn)) return;
  check_supply(state, events);
}

}  // namespace

namespace modules {
extern const RuleModule supply_14_0{"14.0",
                                    "Supply",
                                    "hook: phase start (the daily check, rules/supply/supply_check); the "
                                    "line: rules/supply/supply_line",
                                    {.opening = open_supply_slot, .phase_start = check_supply_at_dawn},
                                    // 4.1, 14.0: the day's check comes before the turn's first command
                                    // segment, so that units it removes are never marked in command
                                    // (docs/rules-notes.md, 14.0).
                                    {"11.0"}};
extern const RuleModule supply_sources_14_1{
    "14.1",
    "Supply sources",
    "the data: the map's supply lines (scenarios/map/nlb.map), read by supply_line",
    {}};
extern const RuleModule blocking_supply_14_2{
    "14.2",
    "Blocking supply",
    "rules/supply/supply_line: enemy-occupied hexes and prohibited crossings block, ZOC does not",
    {}};
}  // namespace modules

}  // namespace hd::engine
