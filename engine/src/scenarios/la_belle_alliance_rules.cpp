// La Belle Alliance (21.0): the scenario's special rules (21.3A, 21.3B), each a rule module. The
// La Belle Alliance variant (26.0) names them too.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <variant>

namespace hd::engine {

// 21.3B's own state, in its slot: the two instants it watches for, each noted once for good.
struct WaterlooAndPrussianCombat {
  bool waterloo_entered = false;  // a French unit has entered Waterloo
  bool prussian_combat = false;   // the first Prussian-French combat has been fought
  bool operator==(const WaterlooAndPrussianCombat&) const = default;
};

template <>
struct Fields<WaterlooAndPrussianCombat> {
  using W = WaterlooAndPrussianCombat;
  static constexpr auto list = std::make_tuple(field("waterloo_entered", &W::waterloo_entered),
                                               field("prussian_combat", &W::prussian_combat));
};

namespace modules {
namespace {

using namespace scenario_detail;

constexpr std::string_view kInstantsRule = "21.3B";

[[maybe_unused]] void every_member_is_walked(WaterlooAndPrussianCombat& w) {
  HD_ALL_MEMBERS_WALKED(WaterlooAndPrussianCombat, w, w1, w2);
}

// 21.3A: the French demoralization level rises by 10 while the Allied or the Prussian army is
// demoralized.
void coalition_broken(const GameState& state, Army army, MoraleTerms& terms) {
  if (army == Army::French && coalition_army_demoralized(state)) terms.demoralization += 10;
}

// 21.3B: both Allied levels fall by 20 once a French unit has entered Waterloo, and rise by 10 from
// the first Prussian-French combat (the figure is lost in 21.0; 27.4C and the first edition's 17.0 give
// 10: docs/rules-notes.md).
void allied_levels(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::Allied) return;
  const auto& noted = state.rule_state.get<WaterlooAndPrussianCombat>(kInstantsRule);
  const int change = (noted.waterloo_entered ? -20 : 0) + (noted.prussian_combat ? 10 : 0);
  terms.demoralization += change;
  terms.disintegration += change;
}

void open_instants_slot(GameState& state) {
  state.rule_state.add<WaterlooAndPrussianCombat>(kInstantsRule);
}

// 21.3B: notes the instant a French unit enters Waterloo and the first Prussian-French combat.
void note_waterloo_and_prussian_combat(GameState& state, std::vector<Event>& events) {
  auto& noted = state.rule_state.get<WaterlooAndPrussianCombat>(kInstantsRule);
  for (Hex hex : kWaterloo)
    if (french_control(state, hex)) noted.waterloo_entered = true;
  for (const Event& event : events) {
    const auto* combat = std::get_if<CombatResolvedEvent>(&event);
    if (!combat) continue;
    bool french = false;
    bool prussian = false;
    for (const auto* list : {&combat->attackers, &combat->defenders}) {
      for (UnitIndex u : *list) {
        french = french || state.units[u].army == Army::French;
        prussian = prussian || state.units[u].army == Army::Prussian;
      }
    }
    if (french && prussian) noted.prussian_combat = true;
  }
}

}  // namespace

extern const RuleModule la_belle_alliance_21_3A{"21.3A",
                                                "French level +10 once a Coalition army is demoralized",
                                                "hook: morale",
                                                {.morale = coalition_broken}};
extern const RuleModule la_belle_alliance_21_3B{
    "21.3B",
    "Allied levels: -20 after Waterloo is entered, +10 after the first Prussian combat",
    "hooks: set-up, after each action, morale; its state slot notes the two instants",
    {.opening = open_instants_slot,
     .after_action = note_waterloo_and_prussian_combat,
     .morale = allied_levels}};

}  // namespace modules
}  // namespace hd::engine
