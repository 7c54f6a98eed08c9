// 22.5B Defeat of the Old Guard (old_guard_defeat.hpp) and its module. docs/rules-notes.md, "22.5A and
// 22.5B" and "24.1A".
#include "old_guard_defeat.hpp"

#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>

namespace hd::engine {

// 22.5B's own state, in its slot of GameState::rule_state (under the rule that plays it): how far each
// French corps' level has been lowered by defeats of the Old Guard so far.
struct OldGuardDefeatsState {
  std::map<std::string, int> lowered;  // French corps -> the sum of its reductions (7 a defeat)
  bool operator==(const OldGuardDefeatsState&) const = default;
};

template <>
struct Fields<OldGuardDefeatsState> {
  static constexpr auto list = std::make_tuple(field("lowered", &OldGuardDefeatsState::lowered));
};

namespace old_guard {
namespace {

constexpr int kRange = 10;     // 22.5B: "within 10 hexes"
constexpr int kReduction = 7;  // 22.5B: "by seven (-7)"

[[maybe_unused]] void every_member_is_walked(OldGuardDefeatsState& s) {
  HD_ALL_MEMBERS_WALKED(OldGuardDefeatsState, s, s1);
}

// 16.12's Old Guard, which 22.5B names "Gr [G] or Ch [G]": the four [G] infantry units whose id ends
// in "/Gr" or "/Ch" (Fri/Gr, Rog/Gr, Mrnd/Ch, Mich/Ch); not Chartrand's Chrt/Y, whose id merely
// begins with "Ch", nor the 16.1 Guard batteries Gr and Ch (artillery).
bool old_guard_unit(const UnitState& unit) {
  return unit.army == Army::French && unit.type == UnitType::Infantry && unit.command == "[G]" &&
         (unit.id.ends_with("/Gr") || unit.id.ends_with("/Ch"));
}

// 22.5B's exception: the combat's events demoralized the British nationality or a Prussian corps.
bool broke_british_or_prussian(const std::vector<Event>& events, std::size_t from) {
  for (std::size_t i = from; i < events.size(); ++i)
    if (const auto* morale = std::get_if<CorpsMoraleEvent>(&events[i]);
        morale && morale->demoralized &&
        (morale->army == Army::Prussian || (morale->army == Army::Allied && morale->corps == "british")))
      return true;
  return false;
}

// 24.1A's exception: an Ex against a defender already demoralized when attacked: its army (9.2) or its
// corps (13.0) demoralized, and not by this combat's own losses (the events from the combat's on).
// An army whose morale changed in this combat (demoralized, or disintegrated) counts as not
// demoralized before it.
bool exchange_against_demoralized(const GameState& state, const CombatAftermath& combat,
                                  const std::vector<Event>& events) {
  if (combat.result != CombatResult::Exchange) return false;
  const auto changed_now = [&](const UnitState& unit, const std::optional<std::string>& corps) {
    bool army = false, own_corps = false;
    for (std::size_t i = combat.event_at; i < events.size(); ++i) {
      if (const auto* morale = std::get_if<MoraleEvent>(&events[i]); morale && morale->army == unit.army)
        army = true;
      if (const auto* morale = std::get_if<CorpsMoraleEvent>(&events[i]);
          morale && morale->demoralized && morale->army == unit.army && corps && morale->corps == *corps)
        own_corps = true;
    }
    return std::make_pair(army, own_corps);
  };
  return std::any_of(combat.attack.defenders.begin(), combat.attack.defenders.end(), [&](UnitIndex u) {
    const UnitState& defender = state.units[u];
    const auto [army_now, corps_now] = changed_now(defender, corps_of(*state.rules, defender));
    return (state.demoralized[static_cast<std::size_t>(defender.army)] && !army_now) ||
           (corps_demoralized(state, defender) && !corps_now);
  });
}

}  // namespace

void open_slot(GameState& state, const Playing& playing) {
  state.rule_state.add<OldGuardDefeatsState>(playing.rule);
}

void on_combat(GameState& state, const CombatAftermath& combat, std::vector<Event>& events,
               const Playing& playing) {
  if (state.phasing != Side::French || !rule_in_force(*state.rules, "13.0")) return;
  if (combat.result != CombatResult::AttackerEliminated && combat.result != CombatResult::AttackerRetreat &&
      combat.result != CombatResult::Exchange)
    return;
  std::vector<Hex> guard_hexes;
  for (UnitIndex u : combat.attack.attackers)
    if (old_guard_unit(state.units[u])) guard_hexes.push_back(state.units[u].hex);
  if (guard_hexes.empty() || broke_british_or_prussian(events, combat.event_at)) return;
  if (playing.exchange_against_demoralized_spared && exchange_against_demoralized(state, combat, events))
    return;
  std::set<std::string> hit{"[G]"};
  for (const UnitState& unit : state.units) {
    if (unit.army != Army::French || !unit.on_map()) continue;
    const auto corps = corps_of(*state.rules, unit);
    if (!corps) continue;
    if (std::any_of(guard_hexes.begin(), guard_hexes.end(),
                    [&](Hex hex) { return distance(unit.hex, hex) <= kRange; }))
      hit.insert(*corps);
  }
  auto& lowered = state.rule_state.get<OldGuardDefeatsState>(playing.rule).lowered;
  std::string named;
  for (const std::string& corps : hit) {
    lowered[corps] += kReduction;
    named += (named.empty() ? "" : ", ") + corps;
  }
  const std::string cited = playing.rule == "22.5B" ? "22.5B" : std::string(playing.rule) + ", 22.5B";
  std::get<CombatResolvedEvent>(events[combat.event_at])
      .odds.modifiers.push_back("Old Guard defeated: the levels of French corps " + named +
                                " reduced by 7 (" + cited + ")");
  update_corps_morale(state, events);
}

void corps_level(const GameState& state, Army army, std::string_view corps, CorpsMoraleTerms& terms,
                 const Playing& playing) {
  if (army != Army::French) return;
  const auto* slot = state.rule_state.find<OldGuardDefeatsState>(playing.rule);
  if (!slot) return;
  if (const auto found = slot->lowered.find(std::string(corps)); found != slot->lowered.end())
    terms.demoralization -= found->second;
}

}  // namespace old_guard

namespace modules {
namespace {

constexpr old_guard::Playing kCampaign{"22.5B"};
using CampaignOldGuard = old_guard::Hooks<kCampaign>;

}  // namespace

extern const RuleModule campaign_22_5B{
    "22.5B",
    "Defeat of the Old Guard",
    "hooks: combat result adjustments (Ar, Ae or Ex to an Old Guard attacker: every French corps within "
    "10 hexes lowered by 7, checked at once), corps morale (the levels lowered so far); its state slot "
    "keeps each corps' reductions; replaces 15.2",
    {.opening = CampaignOldGuard::opening,
     .combat_resolved = CampaignOldGuard::combat_resolved,
     .corps_morale = CampaignOldGuard::corps_morale}};

}  // namespace modules
}  // namespace hd::engine
