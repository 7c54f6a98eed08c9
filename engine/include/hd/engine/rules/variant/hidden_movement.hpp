// 16.6 Hidden Movement (variant rule): each army's pairs of hidden movement (HM) markers, one of each
// pair standing for units kept in its holding area, the other a dummy. Its state lives in 16.6's slot
// of GameState::rule_state; the module (rules/variant/hidden_movement_16_6.cpp) opens the hidden
// movement segment of each friendly command phase, where the phasing side hides units under a pair
// (16.6A, action `hide`) or reveals a pair (16.6C, voluntary, action `reveal`); in the side's movement
// phases its markers move (16.6B, action `move-marker`), and no moving piece enters a marker's hex.
// The instant a marker comes under enemy observation its pair is revealed (16.6C, involuntary): an
// enemy move is halted there, the owner deploys the pieces (action `deploy`), and the halted unit may
// then complete its move. Which marker of a pair is the real one is the owner's secret, committed to
// by the server (hidden_movement_secrets.hpp); the views show the markers, never which is real, to
// the enemy (visibility/view.hpp). Reinforcements entering may go hidden at their entry hex, and
// units on the map during each side's set-up (3.2C), before play begins. Readings:
// docs/rules-notes.md, "16.6"; the plan: docs/fog-of-war.md.
#pragma once

#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kHiddenMovementRule = "16.6";

// 16.6 "Each army receives a six or eight pairs" (garbled): eight pairs per army, numbered 1-8
// (docs/rules-notes.md, 16.6).
inline constexpr int kHiddenPairsPerArmy = 8;

// The turn of a placement made during set-up (16.6A "during set up"): before the first turn, so that
// the pair may be revealed in the side's first command phase (16.6C "any subsequent").
inline constexpr int kSetupPlacementTurn = -1;
// HiddenMovementState::placed_turn of a pair never placed.
inline constexpr int kNeverPlaced = -2;

// One pair of HM markers on the map, with its holding area (16.6A).
struct HiddenPair {
  Army army = Army::French;
  int number = 0;               // 1..kHiddenPairsPerArmy, the pair's counters
  Hex marker_a{};               // where marker A stands
  Hex marker_b{};               // where marker B stands (placed in marker A's hex, 16.6A)
  bool real_is_b = false;       // the owner's secret: marker B, not A, stands for the units
  std::vector<UnitIndex> held;  // the holding area: its units and officers, ascending
  int turn = 0;                 // the turn it went hidden (16.6C: revealed voluntarily only later),
                                // kSetupPlacementTurn for set-up
  bool moved_a = false;         // marker A has moved in this movement phase (16.6B, 5.1C)
  bool moved_b = false;         // marker B has
  bool revealing = false;       // a marker came under enemy observation: revealed now, the owner
                                // deploying its pieces (16.6C, involuntary)
  Hex real_hex() const { return real_is_b ? marker_b : marker_a; }
  bool operator==(const HiddenPair&) const = default;
};

// 16.6's own state.
struct HiddenMovementState {
  std::vector<HiddenPair> pairs;  // the pairs on the map, by army then number
  bool segment_open = false;      // the hidden movement segment of the phasing side's command phase
  int halted_unit = -1;           // the enemy unit an involuntary reveal halted mid-move (16.6C), or -1:
  int halted_spent_half = 0;      // it may complete its move with what it had not spent
  // The turn each pair last went hidden in, by army then number (kHiddenPairsPerArmy an army),
  // kNeverPlaced if never; empty until the first placement. Kept after the reveal: it names the placement's
  // secret (hidden_movement_secrets.hpp).
  std::vector<int> placed_turn;
  bool operator==(const HiddenMovementState&) const = default;
};

template <>
struct Fields<HiddenPair> {
  using P = HiddenPair;
  static constexpr auto list =
      std::make_tuple(field("army", &P::army), field("number", &P::number), field("marker_a", &P::marker_a),
                      field("marker_b", &P::marker_b), field("real_is_b", &P::real_is_b),
                      field("held", &P::held), field("turn", &P::turn), field("moved_a", &P::moved_a),
                      field("moved_b", &P::moved_b), field("revealing", &P::revealing));
};

template <>
struct Fields<HiddenMovementState> {
  using H = HiddenMovementState;
  static constexpr auto list = std::make_tuple(
      field("pairs", &H::pairs), field("segment_open", &H::segment_open),
      field("halted_unit", &H::halted_unit), field("halted_spent_half", &H::halted_spent_half),
      field("placed_turn", &H::placed_turn));
};

// The pairs on the map (none where 16.6 is not in force).
const std::vector<HiddenPair>& hidden_pairs(const GameState& state);

// The turn army `army`'s pair `number` last went hidden in (16.6A), or kNeverPlaced.
int last_placed_turn(const GameState& state, Army army, int number);

// The turn a placement made now is of: kSetupPlacementTurn during set-up, else the turn.
int placement_turn(const GameState& state);

// The pair whose holding area holds `unit`, or null.
const HiddenPair* holding_pair(const GameState& state, UnitIndex unit);

}  // namespace hd::engine
