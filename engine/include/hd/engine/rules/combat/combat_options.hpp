// The combats open to the phasing player now, for clients (marking attackers and defenders) and
// bots: for each enemy hex that can be attacked, the stacks that can attack it and the artillery
// that can bombard it. Every listed unit is legal on its own; check_attack judges a combination.
#pragma once

#include <hd/engine/rules/combat/combat.hpp>

#include <vector>

namespace hd::engine {

struct CombatOption {
  Hex target;                         // an enemy-occupied hex
  std::vector<UnitIndex> defenders;   // every unfought enemy unit there (6.1D)
  std::vector<UnitIndex> attackers;   // unfought phasing units adjacent across an attackable hexside
  std::vector<UnitIndex> bombarding;  // artillery that could bombard it alone (7.1)
  bool owed = false;                  // a defender must be attacked this phase (6.1)
};

// Every enemy hex the phasing side could attack in this combat phase; empty outside combat phases
// or while a retreat or advance is pending.
std::vector<CombatOption> combat_options(const GameState& state);

}  // namespace hd::engine
