// The version of the engine's rules. A recorded or stored game replays exactly only under the rules
// version it was played with, so every record and every stored game carries it (docs/server.md,
// docs/notation.md) and replaying one made under another version is refused.
#pragma once

namespace hd::engine {

// Bump this whenever a change to the engine makes any game play differently: an action accepted or
// refused where it was not, another result, another die consumed, another state reached (and so
// another state hash). Re-record the golden replays (tests/golden) in the same commit.
//   1: the first version (state hash over the field walk, rules identity in the hash).
//   2: 11.0 Command (UnitState::out_of_command, gave_command) and 13.0 corps morale
//      (GameState::corps_morale, UnitState::reorganized) in every state: every hash changes.
//   3: rule state slots (GameState::rule_state, state/rule_slots.hpp): 11.0's marks (UnitState::
//      out_of_command, gave_command), 13.0's corps records and reorganized units
//      (GameState::corps_morale, UnitState::reorganized) and 15.2's repulses
//      (GameState::demoralization_reduction) move into their rules' slots: every hash changes, no
//      game plays differently.
//   4: issue 27's fixes: 10.1E catches a lone leader as an enemy passes by; 14.0's line has five
//      free hexes before the road (was four and a road hex), its daily check comes before 11.0's
//      command segment and on an opening first daylight turn too; 11.1-11.3 are no longer chosen
//      alone, 15.2 not beside 22.5B, 10.0/11.0 not where no leader is named (a unit named like a
//      leader is no leader). Every hash changes with the version; battle games without 10.0 play
//      as before.
//   5: 12.0 Reorganization (12.1, 12.2) plays where a scenario names it (the campaign games, not yet
//      by the book, play differently), and the engine counts the steps of the sequence of play and
//      a step's dice (GameState::steps_begun, dice_this_step; the server counted them); 14.0's
//      removals, 19.4C's VP, 19.5C's held cavalry and 21.3B's instants move into their rules'
//      slots (GameState::special_vp, special_triggers, UnitState::immobile go): every hash
//      changes, battle games play as before.
//   6: 22.4B (exit VP only at the end, in supply and in command), 22.5A (the proximity check) and
//      22.5B (the Old Guard's defeats lowering French corps levels, in its slot) play in the campaign
//      games, which now play by the book, and in 28.0's; 22.4C's levels; 26.0B's and 26.0C's holds in
//      La Belle Alliance Variant games; 24.1B's activation and 24.4A's reduction in Grand Ligny's; 27.1B's
//      exit and 27.4A-C's levels in Grand Waterloo's; so do last
//      session's 22.2C, 22.4A, 23.0B, 24.0, 24.2C, 24.4B-C, 24.5A, 26.0E, 27.1D-E and 27.2C in their
//      scenarios. Every hash changes with the version; battle games play as before.
//   7: 24.4D (Grand Ligny) and 27.2D (Grand Waterloo) withdraw an army's units (UnitStatus::Withdrawn,
//      a new value); the after-action hook may add events; 24.1A's half-hex command along roads and
//      trails, normal results for out-of-command attacks in an EZOC and its Old Guard rule, in both
//      grand scenarios (Grand Ligny now plays by the book); 24.1C's and 27.1C's Grouchy counting a
//      cavalry corps one half; 24.5B's die for Ney. Every hash changes; battle and campaign games play as before.
//   8: 27.1A's French wings (each wing's losses and morale apart, each wing's commanders commanding
//      only their wing, the combination), 27.3 and 27.5B in Grand Waterloo, which now plays by the
//      book; 9.3 reaches a unit through UnitTerms::demoralized. Every hash changes; other games play
//      as before.
//   9: 16.1B's rifles in the La Belle Alliance Variant (set up with their brigades, stacking freely,
//      always in command), which now plays by the book; 22.6A's variable rain and 24.5C's odds beyond
//      the table as chosen options. Every hash changes; other games play as before.
//  10: 16.14's army HQs (their pieces, the line of communications, inactive commanders, the HQ
//      segment and 16.14D's chiefs of staff) and 16.1C's seconds-in-command in the Campaign Variant,
//      still not by the book; its leader Soult is now Soult-CoS. Every hash changes; other games play
//      as before.
//  11: 16.17's supply trains (a new unit kind: the army's sole supply source, roads only, stacking
//      with nothing, no ZOC, destroyed by any attack) and 28.0E's exited train in the Campaign
//      Variant, still not by the book. Every hash changes; other games play as before.
//  12: 28.0C (Ney inactive, officers with any unit, Prussian [2] before [3]) and 28.0D's entry
//      choices made in advance and kept secret (a new unit field, `entry_choice`): the Campaign
//      Variant plays by the book. Every hash changes; other games play as before.
//  13: 22.6B's Hal Force, a secret entry choice made in the Allied player turn of 17/2100 (or not
//      used), shifting 22.4C's level of victory toward the French if used: Campaign and Campaign
//      Variant games with option 22.6B play differently; 6.1 accepts a combat phase's `end` while an
//      owed defender's only phasing neighbour is a supply train, which cannot attack (16.17C; it was
//      refused, and the phase could not end). Every hash changes; other games play as before.
inline constexpr int kRulesVersion = 13;

}  // namespace hd::engine
