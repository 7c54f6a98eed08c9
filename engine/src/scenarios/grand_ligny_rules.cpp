// Grand Ligny (24.0): its special rules, each a rule module.
#include "old_guard_defeat.hpp"
#include "scenario_detail.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hd::engine {

// 24.4B's and 24.4C's own state, each in its slot: the towns (bit i: the rule's town i) whose loss
// stays counted against the army's levels because the French held them once it was demoralized.
struct TownLossesKept {
  int towns = 0;
  bool operator==(const TownLossesKept&) const = default;
};

template <>
struct Fields<TownLossesKept> {
  static constexpr auto list = std::make_tuple(field("towns", &TownLossesKept::towns));
};

// 24.1B's own state, in its slot: whether the French First Corps has been activated.
struct FirstCorpsActivation {
  bool activated = false;
  bool operator==(const FirstCorpsActivation&) const = default;
};

template <>
struct Fields<FirstCorpsActivation> {
  static constexpr auto list = std::make_tuple(field("activated", &FirstCorpsActivation::activated));
};

// 24.4A's own state, in its slot: the French level's reduction, once the first in-command Allied
// attack east of column 28 has happened (0 until then).
struct AlliedAttackInTheEast {
  bool happened = false;
  int reduction = 0;
  bool operator==(const AlliedAttackInTheEast&) const = default;
};

template <>
struct Fields<AlliedAttackInTheEast> {
  static constexpr auto list = std::make_tuple(field("happened", &AlliedAttackInTheEast::happened),
                                               field("reduction", &AlliedAttackInTheEast::reduction));
};

// 24.5B's own state, in its slot: whether Ney is active in the current French player turn.
struct NeyActivity {
  bool active = true;
  bool operator==(const NeyActivity&) const = default;
};

template <>
struct Fields<NeyActivity> {
  static constexpr auto list = std::make_tuple(field("active", &NeyActivity::active));
};

namespace modules {
namespace {

[[maybe_unused]] void every_member_is_walked(TownLossesKept& t, FirstCorpsActivation& f,
                                             AlliedAttackInTheEast& a, NeyActivity& n) {
  HD_ALL_MEMBERS_WALKED(TownLossesKept, t, t1);
  HD_ALL_MEMBERS_WALKED(FirstCorpsActivation, f, f1);
  HD_ALL_MEMBERS_WALKED(AlliedAttackInTheEast, a, a1, a2);
  HD_ALL_MEMBERS_WALKED(NeyActivity, n, n1);
}

using scenario_detail::french_control;

constexpr std::array<Hex, 4> kLigny{Hex{37, 55}, Hex{38, 54}, Hex{38, 55}, Hex{39, 55}};
constexpr std::array<Hex, 3> kStAmand{Hex{32, 56}, Hex{33, 57}, Hex{34, 57}};
constexpr std::array<Hex, 1> kQuatreBras{Hex{16, 41}};

// One rule's towns: whose army's levels they move, and by how much.
struct TownRule {
  std::string_view rule;
  Army army;
  std::array<std::span<const Hex>, 2> towns;  // an empty span: no town
};
constexpr TownRule kPrussianTowns{"24.4B", Army::Prussian, {std::span<const Hex>(kLigny), kStAmand}};
constexpr TownRule kAlliedTown{"24.4C", Army::Allied, {std::span<const Hex>(kQuatreBras), {}}};

bool french_hold_all(const GameState& state, std::span<const Hex> town) {
  return !town.empty() &&
         std::all_of(town.begin(), town.end(), [&](Hex hex) { return french_control(state, hex); });
}

// 24.5A: the 24.4B adjustments are 7 instead of 5.
int town_penalty(const GameState& state, const TownRule& rule) {
  const auto& chosen = state.rules->optional_rules;
  const bool larger =
      rule.army == Army::Prussian && std::find(chosen.begin(), chosen.end(), "24.5A") != chosen.end();
  return larger ? 7 : 5;
}

// 24.4B, 24.4C: both of the army's levels are lower by the penalty for each town the French hold all
// of, or whose loss is kept.
void town_levels(const GameState& state, const TownRule& rule, Army army, MoraleTerms& terms) {
  if (army != rule.army) return;
  const auto* kept = state.rule_state.find<TownLossesKept>(rule.rule);
  for (std::size_t i = 0; i < rule.towns.size(); ++i) {
    const bool held = french_hold_all(state, rule.towns[i]);
    if (!held && !(kept && (kept->towns & (1 << i)))) continue;
    terms.demoralization -= town_penalty(state, rule);
    terms.disintegration -= town_penalty(state, rule);
  }
}

// 24.4B, 24.4C: "recapturing restores it, but not once the army is demoralized": after every action,
// while the army is demoralized (or its losses now reach its lowered level, which the morale check
// that follows the action will find), a town the French hold stays counted for good.
void keep_town_losses(GameState& state, const TownRule& rule) {
  const auto a = static_cast<std::size_t>(rule.army);
  const auto level = morale_levels(state, rule.army).first;
  if (!state.demoralized[a] && !(level && state.eliminated_strength[a] >= *level)) return;
  auto& kept = state.rule_state.get<TownLossesKept>(rule.rule);
  for (std::size_t i = 0; i < rule.towns.size(); ++i)
    if (french_hold_all(state, rule.towns[i])) kept.towns |= 1 << i;
}

void open_prussian_slot(GameState& state) {
  state.rule_state.add<TownLossesKept>(kPrussianTowns.rule);
}
void prussian_town_levels(const GameState& state, Army army, MoraleTerms& terms) {
  town_levels(state, kPrussianTowns, army, terms);
}
void keep_prussian_town_losses(GameState& state, std::vector<Event>&) {
  keep_town_losses(state, kPrussianTowns);
}
void open_allied_slot(GameState& state) {
  state.rule_state.add<TownLossesKept>(kAlliedTown.rule);
}
void allied_town_levels(const GameState& state, Army army, MoraleTerms& terms) {
  town_levels(state, kAlliedTown, army, terms);
}
void keep_allied_town_losses(GameState& state, std::vector<Event>&) {
  keep_town_losses(state, kAlliedTown);
}

// 24.2C: officers are deployed with any unit of their own command.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  scenario_detail::officer_with_own_command(state, index, terms, "24.2C");
}

// 24.0: the Coalition also wins decisively if Napoleon has been eliminated (10.2), whatever else holds
// at the end (docs/rules-notes.md, 24.0).
void napoleon_eliminated(const GameState& state, VictoryTerms& terms) {
  if (terms.result || !leader_eliminated(state, Army::French, "Napoleon")) return;
  terms.result = GameResult{Side::Coalition, "decisive", "Napoleon eliminated"};
}

constexpr std::string_view kActivationRule = "24.1B";

// 24.1B: a combat unit of the French First Corps ([1] or one of its divisions, "4/[1]").
bool first_corps_unit(const UnitState& unit) {
  return !unit.is_leader() && scenario_detail::french_corps(unit, "[1]");
}

void open_activation_slot(GameState& state) {
  state.rule_state.add<FirstCorpsActivation>(kActivationRule);
}

// 24.1B (NOTES R-G2): at the start of each French movement phase until the First Corps is activated,
// one die: activated on 1 at 16/1400, 1-2 at 16/1500, 1-3 at 16/1600; from 16/1700 on, activated
// without a roll.
void first_corps_activation(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!scenario_detail::french_movement_phase(state)) return;
  auto& slot = state.rule_state.get<FirstCorpsActivation>(kActivationRule);
  if (slot.activated) return;
  const TurnName now = state.current_turn().name;
  if (!(now < TurnName{16, 1700})) {
    slot.activated = true;
    events.push_back(RuleEvent{std::string(kActivationRule), "activated", {}, {}, {}});
    return;
  }
  const int needed = now < TurnName{16, 1500} ? 1 : now < TurnName{16, 1600} ? 2 : 3;
  const int die = roll();
  slot.activated = die <= needed;
  events.push_back(DieRolledEvent{
      std::string(kActivationRule), die,
      slot.activated ? "the First Corps [1] is activated" : "the First Corps [1] is not activated yet"});
}

// 24.1B: no First Corps unit moves or enters the map before the corps is activated.
std::optional<Refusal> first_corps_held(const GameState& state, UnitAct act, UnitIndex index) {
  if (act != UnitAct::BeginMove || !first_corps_unit(state.units[index])) return std::nullopt;
  const auto* slot = state.rule_state.find<FirstCorpsActivation>(kActivationRule);
  if (!slot || slot->activated) return std::nullopt;
  return refuse_by_rule("24.1B", "first-corps-inactive", "{0}: the First Corps is not activated yet",
                        {RefusalArg::of_unit(index)});
}

std::string activation_words(const GameState&, const RuleEvent& event) {
  if (event.kind == "activated") return "the First Corps [1] is activated from 16/1700 on (24.1B)";
  return "24.1B " + event.kind;
}

constexpr std::string_view kEasternAttackRule = "24.4A";
constexpr int kEastOfColumn = 28;  // 24.4A: "east of hex column 28xx"

void open_eastern_attack_slot(GameState& state) {
  state.rule_state.add<AlliedAttackInTheEast>(kEasternAttackRule);
}

// 24.4A: the first time (only) in-command Allied units attack a French unit east of column 28xx (a
// defender in column 29 or above), the French level falls by the strength of the in-command Allied
// units in that combat (adjacent and bombarding). Out-of-command Allied units neither trigger it nor
// count (docs/rules-notes.md, 24.4A).
void allied_attack_in_the_east(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  auto& slot = state.rule_state.get<AlliedAttackInTheEast>(kEasternAttackRule);
  if (slot.happened || state.phasing != Side::Coalition) return;
  const AttackAction& attack = combat.attack;
  const bool east = std::any_of(attack.defenders.begin(), attack.defenders.end(), [&](UnitIndex u) {
    return state.units[u].army == Army::French && state.units[u].hex.column > kEastOfColumn;
  });
  int strength = 0;
  const auto count = [&](UnitIndex u) {
    const UnitState& unit = state.units[u];
    if (unit.army == Army::Allied && !out_of_command(state, u)) strength += unit.strength();
  };
  std::for_each(attack.attackers.begin(), attack.attackers.end(), count);
  std::for_each(attack.bombarding.begin(), attack.bombarding.end(), count);
  if (!east || strength == 0) return;
  slot.happened = true;
  slot.reduction = strength;
  std::get<CombatResolvedEvent>(events[combat.event_at])
      .odds.modifiers.push_back(
          "the first in-command Allied attack east of column 28: the French level falls by " +
          std::to_string(strength) + " (24.4A)");
  update_morale(state, events);
}

void lower_french_level(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::French) return;
  if (const auto* slot = state.rule_state.find<AlliedAttackInTheEast>(kEasternAttackRule))
    terms.demoralization -= slot->reduction;
}

// 24.1A, played by Grand Ligny and Grand Waterloo (27.0 names it among its rules).
constexpr old_guard::Playing kGrandOldGuard{"24.1A", true};

// 24.1A: a leader's command traced along roads and trails counts each such step one half hex; a
// combat unit attacking out of command from an enemy ZOC (as every adjacent attacker does) has its
// results applied normally (11.3B's changes off).
void grand_rule_changes(const GameState&, const UnitState& unit, UnitTerms& terms) {
  if (unit.is_leader())
    terms.command_paths_count_half = true;
  else
    terms.attacks_normally_out_of_command = true;
}

// 24.1A: the Defeat of the Old Guard (22.5B) is in effect, but not on an Ex against a demoralized
// defender.
using GrandOldGuard = old_guard::Hooks<kGrandOldGuard>;

// 24.1C (option): Grouchy counts each cavalry corps as one half against his command capacity.
void grouchy_rule(const GameState&, const UnitState& unit, UnitTerms& terms) {
  scenario_detail::grouchy_counts_cavalry_corps_half(unit, terms);
}

constexpr std::string_view kNeyRule = "24.5B";

void open_ney_slot(GameState& state) {
  state.rule_state.add<NeyActivity>(kNeyRule);
}

// 24.5B: in the French command phase (the start of each French movement phase) of 16/1400 and
// 16/1500 one die for Ney: active on 1-2 for that player turn. From 16/1600 he is always active.
void ney_activity_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!scenario_detail::french_movement_phase(state)) return;
  auto& slot = state.rule_state.get<NeyActivity>(kNeyRule);
  if (!(state.current_turn().name < TurnName{16, 1600})) {
    slot.active = true;
    return;
  }
  const int die = roll();
  slot.active = die <= 2;
  events.push_back(DieRolledEvent{std::string(kNeyRule), die,
                                  slot.active ? "Ney is active this turn" : "Ney is not active this turn"});
}

// 24.5B: an inactive Ney gives no command in his player turn (docs/rules-notes.md, 24.5B).
void ney_inactive(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (unit.army != Army::French || !unit.is_leader() || unit.id != "Ney" || state.phasing != Side::French)
    return;
  if (const auto* slot = state.rule_state.find<NeyActivity>(kNeyRule); slot && !slot->active)
    terms.withholds_command = true;
}

// 24.5C (option): "subtract one (-1) from a combat die roll for each odds ratio greater than 6-1; add
// one (+1) for each odds ratio less than [1-5, lost: the table's lowest column]". The ratios are
// those of the strengths as 6.2A rounds them (in the defender's favour), after terrain; compute_odds
// keeps the modifier only while the end column it extends is used (docs/rules-notes.md, 24.5C).
void odds_beyond_the_table(const GameState&, CombatTerms& terms) {
  if (!terms.odds) return;
  CombatOdds& odds = *terms.odds;
  if (odds.attack <= 0 || odds.defence <= 0) return;
  const OddsRatio ratio = odds_ratio(odds.attack, odds.defence);  // 6.2A's rounding
  if (ratio.attacker_ahead) {
    if (ratio.n <= 6) return;
    odds.die_modifier -= ratio.n - 6;
    odds.modifiers.push_back(std::to_string(ratio.n) + "-1, beyond 6-1: die -" + std::to_string(ratio.n - 6) +
                             " (24.5C)");
    return;
  }
  if (ratio.n <= 5) return;
  odds.die_modifier += ratio.n - 5;
  odds.modifiers.push_back("1-" + std::to_string(ratio.n) + ", beyond 1-5: die +" +
                           std::to_string(ratio.n - 5) + " (24.5C)");
}

// 24.4D: once the Allied army is demoralized, all its units leave the map.
constexpr std::string_view kWithdrawalRule = "24.4D";
using AlliedWithdrawal =
    scenario_detail::ArmyWithdrawal<Army::Allied, scenario_detail::ArmyFall::Demoralized, kWithdrawalRule>;

}  // namespace

extern const RuleModule grand_ligny_24_1A{
    "24.1A",
    "Changes to the standard rules: half-hex command along roads and trails, no 11.3B in an EZOC, the "
    "Defeat of the Old Guard",
    "hooks: unit terms (a leader's command counts road and trail steps one half hex, 11.2; a unit in an "
    "EZOC attacks out of command with normal results, 11.3B), combat result adjustments and corps morale "
    "(22.5B under its own slot, no reduction for an Ex against a demoralized defender; only where 13.0 "
    "gives corps levels); replaces 15.2",
    {.opening = GrandOldGuard::opening,
     .combat_resolved = GrandOldGuard::combat_resolved,
     .unit_terms = grand_rule_changes,
     .corps_morale = GrandOldGuard::corps_morale}};
extern const RuleModule grand_ligny_24_1C{
    "24.1C",
    "Grouchy counts each cavalry corps as one half against his command capacity",
    "hook: unit terms (Grouchy's: a French cavalry corps' officer takes one half of his capacity, a "
    "demoralized one a whole; the matching of 11.1A, rules/command/command_range)",
    {.unit_terms = grouchy_rule}};
extern const RuleModule grand_ligny_24_1B{
    "24.1B",
    "The French First Corps moves only once activated",
    "hooks: phase start (the activation die each French movement phase: 1 at 16/1400, 1-2 at 16/1500, "
    "1-3 at 16/1600, automatic from 16/1700; its slot), unit refusal (a [1] unit's move or entry before)",
    {.opening = open_activation_slot,
     .phase_start = first_corps_activation,
     .unit_refusal = first_corps_held,
     .event_words = activation_words}};
extern const RuleModule grand_ligny_24_4A{
    "24.4A",
    "The first in-command Allied attack east of column 28 lowers the French level",
    "hooks: combat result adjustments (the first Coalition combat with in-command Allied units against a "
    "French unit in column 29 or east: the reduction, in its slot), morale (the French level less it)",
    {.opening = open_eastern_attack_slot,
     .combat_resolved = allied_attack_in_the_east,
     .morale = lower_french_level}};
extern const RuleModule grand_ligny_24_4B{
    "24.4B",
    "Ligny and St Amand held by the French cost both Prussian levels 5 each",
    "hooks: morale (all of a town French: -5 on both levels, 7 with 24.5A), after action (a town held "
    "while the army is demoralized stays counted: its state slot)",
    {.opening = open_prussian_slot,
     .after_action = keep_prussian_town_losses,
     .morale = prussian_town_levels}};
extern const RuleModule grand_ligny_24_4C{
    "24.4C",
    "Quatre Bras held by the French costs both Allied levels 5",
    "hooks: morale (1641 French: -5 on both levels), after action (held while the army is demoralized: "
    "stays counted, its state slot)",
    {.opening = open_allied_slot, .after_action = keep_allied_town_losses, .morale = allied_town_levels}};
extern const RuleModule grand_ligny_24_4D{
    "24.4D",
    "Once the Allied army is demoralized, all its units leave the map",
    "hooks: after action (once demoralized and no combat waits for a choice: every Allied unit on the map "
    "or waiting is withdrawn, one event), unit refusal (a withdrawn unit's move)",
    {.after_action = AlliedWithdrawal::after_action,
     .unit_refusal = AlliedWithdrawal::unit_refusal,
     .event_words = AlliedWithdrawal::event_words}};
extern const RuleModule grand_ligny_24_5B{
    "24.5B",
    "Ney's caution: active on 1-2 at 16/1400 and 16/1500",
    "hooks: phase start (one die at the start of the French movement phase, before 11.0's command "
    "segment, at 16/1400 and 16/1500; its slot), unit terms (an inactive Ney gives no command)",
    {.opening = open_ney_slot, .phase_start = ney_activity_roll, .unit_terms = ney_inactive},
    {"11.0"}};
extern const RuleModule grand_ligny_24_5C{
    "24.5C",
    "Combat odds modification: the die -1 for each ratio above 6-1, +1 for each below 1-5",
    "hook: combat (the odds' die modifier, CombatOdds::die_modifier, read by attack resolution)",
    {.combat = odds_beyond_the_table}};
extern const RuleModule grand_ligny_24_5A{
    "24.5A", "The 24.4B adjustments are 7 instead of 5", "read by 24.4B's module", {}};
extern const RuleModule grand_ligny_24_0{
    "24.0",
    "Coalition decisive victory if Napoleon is eliminated",
    "hook: victory (a result at the end, before the scenario's conditions, once 10.2 has eliminated him)",
    {.victory = napoleon_eliminated}};
extern const RuleModule grand_ligny_24_2C{
    "24.2C",
    "Officers deployed with any unit of their own command",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B); the forces are the scenario's data",
    {.setup = officers_set_up_with_their_command}};

}  // namespace modules
}  // namespace hd::engine
