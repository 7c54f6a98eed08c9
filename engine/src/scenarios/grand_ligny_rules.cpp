// Grand Ligny (24.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

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

namespace modules {
namespace {

[[maybe_unused]] void every_member_is_walked(TownLossesKept& t) {
  HD_ALL_MEMBERS_WALKED(TownLossesKept, t, t1);
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
void keep_prussian_town_losses(GameState& state, const std::vector<Event>&) {
  keep_town_losses(state, kPrussianTowns);
}
void open_allied_slot(GameState& state) {
  state.rule_state.add<TownLossesKept>(kAlliedTown.rule);
}
void allied_town_levels(const GameState& state, Army army, MoraleTerms& terms) {
  town_levels(state, kAlliedTown, army, terms);
}
void keep_allied_town_losses(GameState& state, const std::vector<Event>&) {
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

}  // namespace

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
