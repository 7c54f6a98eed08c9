// 22.5B Defeat of the Old Guard, played by the Campaign (22.5B, and 28.0 with it) and by the grand
// scenarios through 24.1A, which adds an exception. Private to the engine's scenario rules.
#pragma once

#include <hd/engine/rules/modules/rule_module.hpp>

#include <string_view>
#include <vector>

namespace hd::engine::old_guard {

// How a scenario plays the rule: under which rule number (its state slot and the words of its
// combat lines), and whether an exchange against a demoralized defender is spared (24.1A).
struct Playing {
  std::string_view rule;
  bool exchange_against_demoralized_spared = false;
};

// Opens the rule's slot: each French corps' reductions so far.
void open_slot(GameState& state, const Playing& playing);

// 22.5B: an Old Guard attacker of a French combat ending Ar, Ae or Ex lowers by 7 the level of every
// French corps with a unit or officer within 10 hexes (the Guard's own always), checked at once; not
// if the combat demoralized the British or a Prussian corps, nor (24.1A) if it ended Ex against a
// defender whose corps or army is demoralized. Acts only where 13.0 gives corps levels.
void on_combat(GameState& state, const CombatAftermath& combat, std::vector<Event>& events,
               const Playing& playing);

// 22.5B: a French corps' level, lowered by 7 for each defeat of the Old Guard near it so far.
void corps_level(const GameState& state, Army army, std::string_view corps, CorpsMoraleTerms& terms,
                 const Playing& playing);

// The module hooks of a scenario that plays the rule as `playing` says (22.5B, 24.1A).
template <const Playing& playing>
struct Hooks {
  static void opening(GameState& state) { open_slot(state, playing); }
  static void combat_resolved(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
    on_combat(state, combat, events, playing);
  }
  static void corps_morale(const GameState& state, Army army, std::string_view corps,
                           CorpsMoraleTerms& terms) {
    corps_level(state, army, corps, terms, playing);
  }
};

}  // namespace hd::engine::old_guard
