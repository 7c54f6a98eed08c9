// The optional rules of chapter 15 the engine has (each a rule module under src/rules/optional/):
// what each decides, for the combat code's hooks and for tests.
#pragma once

#include <hd/engine/rules/combat/combat.hpp>

namespace hd::engine {

// 15.1: an attack on a single hex by at least one infantry, one cavalry and one artillery unit,
// bombarding or adjacent, while the rule is in force.
bool combined_arms(const GameState& state, const AttackAction& attack);

// 15.2: true if the Imperial Guard rule lowers the French demoralization level by 20 after this
// combat: the rule is in force, French Guard ([G]) infantry attacked in a French combat phase, the
// result was Ae, Ar or Ex, and the combat did not demoralize or disintegrate the Prussian or Allied
// army (`coalition_broken`).
bool imperial_guard_setback(const GameState& state, const AttackAction& attack, CombatResult result,
                            bool coalition_broken);

// 15.2: how many times the Guard has been repulsed in this game (kept in 15.2's state slot).
int imperial_guard_repulses(const GameState& state);

}  // namespace hd::engine
