// The Campaign's corps morale rules (22.5A, 22.5B; the Campaign Variant plays them too, 28.0A), each a
// rule module acting on 13.0's corps levels. docs/rules-notes.md, "22.5A and 22.5B".
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <variant>

namespace hd::engine {

// 22.5B's own state, in its slot of GameState::rule_state: how far each French corps' level has been
// lowered by defeats of the Old Guard so far.
struct OldGuardDefeatsState {
  std::map<std::string, int> lowered;  // French corps -> the sum of its reductions (7 a defeat)
  bool operator==(const OldGuardDefeatsState&) const = default;
};

template <>
struct Fields<OldGuardDefeatsState> {
  static constexpr auto list = std::make_tuple(field("lowered", &OldGuardDefeatsState::lowered));
};

namespace {

constexpr std::string_view kProximityRule = "22.5A";
constexpr std::string_view kOldGuardRule = "22.5B";
constexpr int kProximityRange = 5;      // 22.5A: "within five hexes"
constexpr int kProximityReduction = 2;  // 22.5A: "by two (-2)"
constexpr int kOldGuardRange = 10;      // 22.5B: "within 10 hexes"
constexpr int kOldGuardReduction = 7;   // 22.5B: "by seven (-7)"

[[maybe_unused]] void every_member_is_walked(OldGuardDefeatsState& s) {
  HD_ALL_MEMBERS_WALKED(OldGuardDefeatsState, s, s1);
}

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

// 16.12's Old Guard, which 22.5B names "Gr [G] or Ch [G]": the four [G] infantry units whose id ends
// in "/Gr" or "/Ch" (Fri/Gr, Rog/Gr, Mrnd/Ch, Mich/Ch); not Chartrand's Chrt/Y, whose id merely
// begins with "Ch", nor the 16.1 Guard batteries Gr and Ch (artillery).
bool old_guard(const UnitState& unit) {
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

// 22.5B: an Old Guard unit among the attackers of a French combat that ends Ar, Ae or Ex lowers by
// seven the level of every French corps with a unit or officer within ten hexes of it (its hex as the
// result was given; the Guard's own corps always), then every level is checked at once. Each such
// combat lowers them again. No reduction if the attack demoralized the British or a Prussian corps.
void defeat_of_the_old_guard(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  if (state.phasing != Side::French) return;
  if (combat.result != CombatResult::AttackerEliminated && combat.result != CombatResult::AttackerRetreat &&
      combat.result != CombatResult::Exchange)
    return;
  std::vector<Hex> guard_hexes;
  for (UnitIndex u : combat.attack.attackers)
    if (old_guard(state.units[u])) guard_hexes.push_back(state.units[u].hex);
  if (guard_hexes.empty() || broke_british_or_prussian(events, combat.event_at)) return;
  std::set<std::string> hit{"[G]"};
  for (const UnitState& unit : state.units) {
    if (unit.army != Army::French || !unit.on_map()) continue;
    const auto corps = corps_of(*state.rules, unit);
    if (!corps) continue;
    if (std::any_of(guard_hexes.begin(), guard_hexes.end(),
                    [&](Hex hex) { return distance(unit.hex, hex) <= kOldGuardRange; }))
      hit.insert(*corps);
  }
  auto& lowered = state.rule_state.get<OldGuardDefeatsState>(kOldGuardRule).lowered;
  std::string named;
  for (const std::string& corps : hit) {
    lowered[corps] += kOldGuardReduction;
    named += (named.empty() ? "" : ", ") + corps;
  }
  std::get<CombatResolvedEvent>(events[combat.event_at])
      .odds.modifiers.push_back("Old Guard defeated: the levels of French corps " + named +
                                " reduced by 7 (22.5B)");
  update_corps_morale(state, events);
}

// The slot is made as the game opens (restore_state fills the first state's slots).
void open_old_guard_slot(GameState& state) {
  state.rule_state.add<OldGuardDefeatsState>(kOldGuardRule);
}

// 22.5B: a French corps' level, lowered by 7 for each defeat of the Old Guard near it so far.
void lower_corps_level(const GameState& state, Army army, std::string_view corps, CorpsMoraleTerms& terms) {
  if (army != Army::French) return;
  const auto* slot = state.rule_state.find<OldGuardDefeatsState>(kOldGuardRule);
  if (!slot) return;
  if (const auto found = slot->lowered.find(std::string(corps)); found != slot->lowered.end())
    terms.demoralization -= found->second;
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
extern const RuleModule campaign_22_5B{
    "22.5B",
    "Defeat of the Old Guard",
    "hooks: combat result adjustments (Ar, Ae or Ex to an Old Guard attacker: every French corps within "
    "10 hexes lowered by 7, checked at once), corps morale (the levels lowered so far); its state slot "
    "keeps each corps' reductions; replaces 15.2",
    {.opening = open_old_guard_slot,
     .combat_resolved = defeat_of_the_old_guard,
     .corps_morale = lower_corps_level}};
}  // namespace modules

}  // namespace hd::engine
