// The Campaign's proximity of demoralized corps (22.5A; the Campaign Variant plays it too, 28.0A), a rule
// module acting on 13.0's corps levels. docs/rules-notes.md, "22.5A and 22.5B". 22.5B: old_guard_defeat.
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

#include <algorithm>
#include <string>

namespace hd::engine {

namespace {

constexpr std::string_view kProximityRule = "22.5A";
constexpr int kProximityRange = 5;      // 22.5A: "within five hexes"
constexpr int kProximityReduction = 2;  // 22.5A: "by two (-2)"

// 22.5A Exception 1: a French cavalry corps ("[1c]" to "[4c]").
bool french_cavalry_corps(Army army, std::string_view corps) {
  return army == Army::French && corps.ends_with("c]");
}

// An officer (a leader with a command designation, not a commander) on the map, and his corps.
std::optional<std::string> officer_corps(const GameState& state, const UnitState& leader) {
  if (!leader.is_leader() || !leader.on_map() || leader.command.empty() || is_commander(*state.rules, leader))
    return std::nullopt;
  return corps_of(*state.rules, leader);
}

// 22.5A: a friendly demoralized leader within five hexes of `officer` (of corps `corps`): an officer
// of his own army on the map whose corps is demoralized. Exception 1: a demoralized French cavalry
// corps' officer affects no one. Exception 2: Allied nationalities affect no other nationality, and
// the Prussians are another nationality to them (the armies do not affect each other).
std::optional<UnitIndex> demoralized_leader_near(const GameState& state, const UnitState& officer,
                                                 const std::string& corps) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& other = state.units[i];
    if (other.army != officer.army) continue;
    const auto other_corps = officer_corps(state, other);
    if (!other_corps || *other_corps == corps || french_cavalry_corps(other.army, *other_corps)) continue;
    if (!corps_demoralized(state, other) || distance(other.hex, officer.hex) > kProximityRange) continue;
    return static_cast<UnitIndex>(i);
  }
  return std::nullopt;
}

// 22.5A: the demoralized corps proximity segment of the phasing player, in his command phase's
// morale segment (4.1A: after the command segment, before reorganization; none at night, 4.2). Each
// good-morale corps of his whose officer is within five hexes of a friendly demoralized leader is
// checked at its level less two; a corps demoralized so flips its officer, who is then checked
// against in turn, until no corps changes. The lowered level holds for this check only
// (docs/rules-notes.md, 22.5A). Exception 1: French cavalry corps are not checked; Exception 2: nor
// are Allied nationalities (the only leaders near them that could count are of their own nationality).
void proximity_segment(GameState& state, const DieRoller&, std::vector<Event>& events) {
  if (state.phase != Phase::Movement || state.current_turn().night) return;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const UnitState& officer = state.units[i];
      if (side_of(officer.army) != state.phasing || officer.army == Army::Allied) continue;
      const auto corps = officer_corps(state, officer);
      if (!corps || french_cavalry_corps(officer.army, *corps) || corps_demoralized(state, officer)) continue;
      const auto near = demoralized_leader_near(state, officer, *corps);
      const auto level = corps_level_now(state, officer.army, *corps);
      if (!near || !level) continue;
      const int lowered = *level - kProximityReduction;
      if (corps_morale_measure(state, officer.army, *corps) < lowered) continue;
      events.push_back(RuleEvent{
          std::string(kProximityRule), "proximity", {static_cast<UnitIndex>(i), *near}, {}, {lowered}});
      demoralize_corps(state, officer.army, *corps, lowered, events);
      changed = true;
    }
  }
}

std::string proximity_words(const GameState& state, const RuleEvent& event) {
  if (event.kind != "proximity" || event.units.size() < 2 || event.numbers.empty())
    return "22.5A " + event.kind;
  return unit_name(state, event.units[0]) + "'s corps checked at its level less 2 (" +
         std::to_string(event.numbers[0]) + "): demoralized " + unit_name(state, event.units[1]) +
         " within 5 hexes (22.5A)";
}

}  // namespace

namespace modules {
extern const RuleModule campaign_22_5A{
    "22.5A",
    "Proximity of demoralized corps",
    "hook: phase start (the phasing player's proximity segment in his command phase, after the command "
    "segment and before reorganization: a corps whose officer is within 5 hexes of a friendly demoralized "
    "officer is checked at its level less 2, repeated until no corps changes; French cavalry corps and "
    "Allied nationalities take no part)",
    {.phase_start = proximity_segment, .event_words = proximity_words},
    {"12.0"}};
}  // namespace modules

}  // namespace hd::engine
