// 16.14 Army Headquarters (with 16.1C's army chiefs of staff, 16.14D): each army's HQ counter, active
// or inactive, and the commanders it keeps active. Its state lives in 16.14's slot of
// GameState::rule_state; the module (rules/variant/army_headquarters_16_14.cpp) acts through the
// extension points: the line-of-communications check and the releases at the start of each command
// phase, the HQ segment at its end, and what inactive commanders and HQs may not do.
// Readings of the garbled or silent cases: docs/rules-notes.md, 16.14.
#pragma once

#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kHeadquartersRule = "16.14";

// 16.14C: the longest line of communications, in half MP (24 MP).
inline constexpr int kCommunicationsHalfMp = 48;
// 15.4 "Enemy Activity", as 16.14C applies it to every army: the distance within which an enemy
// unit entering a friendly ZOC releases an inactive commander.
inline constexpr int kEnemyActivityHexes = 10;

// 16.14's own state.
struct HeadquartersState {
  std::vector<Army> inactive_headquarters;       // 16.14A: armies whose HQ shows its inactive side
  std::vector<UnitIndex> inactive_commanders;    // 16.14C: on their inactive side, ascending
  std::vector<UnitIndex> released_next_command;  // 15.4 "Other Released Commander", ascending
  bool segment_open = false;                     // the HQ segment (the end of the command phase)
  std::vector<Army> changed_this_segment;        // 16.14A: an HQ's status changes once a segment
  bool operator==(const HeadquartersState&) const = default;
};

template <>
struct Fields<HeadquartersState> {
  using H = HeadquartersState;
  static constexpr auto list = std::make_tuple(field("inactive_headquarters", &H::inactive_headquarters),
                                               field("inactive_commanders", &H::inactive_commanders),
                                               field("released_next_command", &H::released_next_command),
                                               field("segment_open", &H::segment_open),
                                               field("changed_this_segment", &H::changed_this_segment));
};

// The army's HQ piece (a leader-kind piece whose role is headquarters), or nullopt if the army has
// none in the game.
std::optional<UnitIndex> headquarters_of(const GameState& state, Army army);

// 16.14A: true if the army's HQ is on the map and on its active side.
bool headquarters_active(const GameState& state, Army army);

// 16.14C: true if the commander is on his inactive side (false where 16.14 is not in force).
bool commander_inactive(const GameState& state, UnitIndex commander);

// True if the piece shows its inactive side: a commander made inactive (16.14C) or an army HQ on its
// inactive side (16.14A), on the map or waiting. False where 16.14 is not in force.
bool shows_inactive_side(const GameState& state, UnitIndex piece);

// Flips a commander to his inactive side (16.14C's failed check; 28.0C's "Ney (inactive)").
void set_commander_inactive(GameState& state, UnitIndex commander, bool inactive);

// 16.14C: the hexes a line of communications of `army` reaches from `from` within 24 MP, each with its
// cost in half MP: traced like the line of supply (14.2: not into an enemy-occupied hex, not across
// prohibited terrain, enemy ZOC not blocking) but over any terrain, paying a leader's (cavalry's) costs
// (5.2; docs/rules-notes.md, 16.14C). Work: a shortest-path search over the hexes within 48 steps.
std::map<Hex, int> communications_reach(const GameState& state, Hex from, Army army);

// 16.14C: true if the commander traces a line of communications to his army's active HQ now.
bool traces_communications(const GameState& state, UnitIndex commander);

}  // namespace hd::engine
