// 13.0 Corps Morale, with its sections 13.1-13.3, as one module: losses counted by corps (13.1: by
// Allied nationality) as units are eliminated, demoralization at the corps' level, its effects on
// movement and the advance (13.2); recovery (13.3) is recover_corps_losses(), which 12.0 calls.
#include "corps_morale_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(CorpsMoraleState& s, CorpsMorale& c) {
  HD_ALL_MEMBERS_WALKED(CorpsMoraleState, s, s1, s2);
  HD_ALL_MEMBERS_WALKED(CorpsMorale, c, c1, c2, c3, c4);
}

// 13.0's state slot, from the start of the game.
void open_corps_morale(GameState& state) {
  corps_morale_state(state);
}

}  // namespace

namespace modules {
extern const RuleModule corps_morale_13_0{
    "13.0",
    "Corps morale",
    "hooks: unit_eliminated (13.0, 13.1: corps and nationality losses, demoralization), unit_terms and "
    "unit_refusal (13.2: clear terrain, the advance); recover_corps_losses for reorganization (13.3); "
    "rules/corps_morale/; its state slot (corps_morale_state.hpp)",
    {.opening = open_corps_morale,
     .unit_eliminated = count_corps_loss,
     .unit_terms = corps_morale_detail::demoralized_clear_terrain_cost,
     .unit_refusal = corps_morale_detail::demoralized_corps_advance_refusal}};
}  // namespace modules

}  // namespace hd::engine
