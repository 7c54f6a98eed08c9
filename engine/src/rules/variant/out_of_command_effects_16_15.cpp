// 16.15 Out of Command Effects: "This rule supersedes rule [11.3]. OOC units and leaders suffer the
// following constraints. A) OOC Movement. They move normally but pay 2 MP to enter a clear hex; all
// other terrain costs remain the same. They may enter EZOC freely. B) OOC Attackers. OOC units attack
// normally, but Dr results are treated as no effect; both attacker and defender remain in place, and
// they may not advance. C) OOC Defenders. OOC defenders defend normally, but Ae and Ar results are
// treated as no effect; both attacker and defender remain in place. They may not advance." Where it
// is in force 11.0's module leaves out 11.3's effects (command_11_0.cpp). Readings:
// docs/rules-notes.md, 16.15.
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

// 16.15A: 2 MP (4 half MP) for a clear hex entered off a road or trail; no EZOC bar (11.3A's is
// left out by 11.0's module).
constexpr int kOutOfCommandClearHalfMp = 4;

void out_of_command_movement(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (!out_of_command(state, index_of(state, unit))) return;
  int& clear = terms.terrain_half_mp_at_least[static_cast<std::size_t>(HexTerrain::Clear)];
  clear = std::max(clear, kOutOfCommandClearHalfMp);
}

bool any_out_of_command(const GameState& state, const std::vector<UnitIndex>& units) {
  return std::any_of(units.begin(), units.end(), [&](UnitIndex u) { return out_of_command(state, u); });
}

// 16.15B: a Dr against out-of-command attackers is no effect. 16.15C: an Ae or Ar against
// out-of-command defenders is no effect (one unit out of command suffices on either side, as 11.3's
// cases read: docs/rules-notes.md, 11.3C). Both may hold: the attackers' case is read first.
void no_effect_results(const GameState& state, CombatTerms& terms) {
  if (!terms.result) return;
  CombatResult& result = *terms.result;
  if (result == CombatResult::DefenderRetreat && attack_out_of_command(state, terms.attack))
    result = CombatResult::NoEffect;
  if ((result == CombatResult::AttackerEliminated || result == CombatResult::AttackerRetreat) &&
      any_out_of_command(state, terms.attack.defenders))
    result = CombatResult::NoEffect;
}

// 16.15B-C: out-of-command units do not advance after combat, attackers or defenders.
std::optional<Refusal> no_advance(const GameState& state, UnitAct act, UnitIndex unit) {
  if (act != UnitAct::Advance || !out_of_command(state, unit)) return std::nullopt;
  const bool attacking = side_of(state.units[unit].army) == state.phasing;
  return refuse(RefusalCode::OocMayNotAdvance, attacking ? "16.15B" : "16.15C", {RefusalArg::of_unit(unit)});
}

}  // namespace

namespace modules {
extern const RuleModule out_of_command_effects_16_15{
    "16.15",
    "Out of command effects: 2 MP for clear hexes and free EZOC entry; Dr against, and Ae or Ar by, "
    "out-of-command units are no effect; they never advance (supersedes 11.3)",
    "hooks: unit terms (16.15A's clear cost), combat (16.15B-C's results, CombatResult::NoEffect), unit "
    "refusal (no advance); 11.0's module leaves out 11.3's effects where 16.15 is in force",
    {.unit_terms = out_of_command_movement, .unit_refusal = no_advance, .combat = no_effect_results}};
}  // namespace modules

}  // namespace hd::engine
