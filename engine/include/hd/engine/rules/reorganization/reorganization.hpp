// 12.0 Reorganization: an eliminated full-strength unit with a reduced side returns to play reduced,
// at an officer of its organization far from the enemy, in the reorganization segment of its side's
// command phase (4.1A). Its own state is 12.0's slot of GameState::rule_state; its segment, action
// (`reorganize OFFICER UNIT [UNIT]`) and hooks are the module in rules/reorganization/.
#pragma once

#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kReorganizationRule = "12.0";
// 12.1B: reorganization is not attempted by an officer within this many hexes of an enemy combat unit.
inline constexpr int kReorganizationEnemyDistance = 10;

// A unit in its army's reorganization area (12.0 "Reorganization Procedure").
struct ReorganizationCandidate {
  UnitIndex unit = 0;
  int eliminated_turn = 0;  // the game turn (index) it was eliminated in
  bool operator==(const ReorganizationCandidate&) const = default;
};

struct ReorganizationState {
  std::vector<ReorganizationCandidate> area;     // ascending by unit
  bool segment_open = false;                     // the phasing side's reorganization segment waits
  std::vector<UnitIndex> officers_this_segment;  // 12.1E, 12.2: officers who reorganized this segment
  std::vector<UnitIndex> without_command;        // 12.1D: officers who reorganized this player turn
  bool operator==(const ReorganizationState&) const = default;
};

template <>
struct Fields<ReorganizationCandidate> {
  using C = ReorganizationCandidate;
  static constexpr auto list =
      std::make_tuple(field("unit", &C::unit), field("eliminated_turn", &C::eliminated_turn));
};

template <>
struct Fields<ReorganizationState> {
  using C = ReorganizationState;
  static constexpr auto list =
      std::make_tuple(field("area", &C::area), field("segment_open", &C::segment_open),
                      field("officers_this_segment", &C::officers_this_segment),
                      field("without_command", &C::without_command));
};

// 12.0's slot, or null in a game without 12.0.
const ReorganizationState* find_reorganization_state(const GameState& state);

// The unit's place in the reorganization area, or nullopt (never eliminated, eliminated reduced or
// without a reduced side, out of supply (14.0), or already reorganized or lost again).
std::optional<ReorganizationCandidate> reorganization_candidate(const GameState& state, UnitIndex unit);

// 12.0: true once a full game turn has passed since the candidate's elimination: eliminated in game
// turn T, it may be reorganized from turn T+2 (docs/rules-notes.md, 12.0).
bool available_for_reorganization(const GameState& state, const ReorganizationCandidate& candidate);

// 12.1D: true if the officer reorganized this player turn and so gives no command until its end.
bool reorganized_this_turn(const GameState& state, UnitIndex officer);

}  // namespace hd::engine
