// Issue 16: the standing order the window client's panel lets a player choose for a unit or stack
// (docs/games.md, "Standing orders"): the retreat preference cycled among none and toward a hex in
// each of the six directions (or kept as the server holds it, e.g. hexes set with hd_term), or the
// exact retreat hexes picked on the map, best first, and advance or not. Pure: no drawing, no network.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>
#include <vector>

namespace hd::client {

namespace pb = hundred_days::v1;

// How far away (hexes) the panel's "toward" hex lies in its direction, unless the map edge is nearer.
inline constexpr int kTowardReach = 4;

// The retreat part of the order being chosen.
struct RetreatChoice {
  enum class Kind {
    Kept,    // each unit keeps the retreat part the server holds for it (possibly none)
    None,    // no retreat preference: a retreat waits for the owner
    Toward,  // retreat toward the hex kTowardReach hexes away in `direction` (6.6)
    Hexes,   // retreat into the first of `hexes` that is legal (6.6: each next to the stack), best first
  };
  Kind kind = Kind::None;
  engine::Direction direction = engine::Direction::North;
  std::vector<engine::Hex> hexes;  // Hexes only: distinct neighbours of the stack, so at most six

  friend bool operator==(const RetreatChoice&, const RetreatChoice&) = default;
};

// The next retreat choice: Kept -> None -> toward North, NorthEast, ... NorthWest -> None; picked
// hexes -> None.
RetreatChoice next_retreat(RetreatChoice choice);

// `picked` (a hex clicked on the map) added to the retreat hexes of a stack at `stack`, or taken off
// them when it is already one: the choice becomes Hexes (starting a new list if it was not), and
// None when the last hex is taken off. Nullopt when `picked` is not next to `stack` (6.6: a retreat
// is into an adjacent hex); so the list never holds more than the six neighbours.
std::optional<RetreatChoice> pick_retreat_hex(const RetreatChoice& choice, engine::Hex stack,
                                              engine::Hex picked);

// The hex kTowardReach steps from `from` in `direction`, stopping at the last hex on the NLB grid
// (`from` itself when the first step leaves it).
engine::Hex toward_hex(engine::Hex from, engine::Direction direction);

// "north", "north-east", ... "north-west".
std::string direction_word(engine::Direction direction);

// The order for `unit` standing at `hex`: the retreat part from `retreat` (Kept copies `held`'s,
// none when `held` is null) and `advance`.
pb::StandingOrder build_order(std::uint32_t unit, engine::Hex hex, RetreatChoice retreat, bool advance,
                              const pb::StandingOrder* held);

// A held order in words: "retreat 1203, 1204; toward 1507; advance", "toward 1507; no advance",
// or "no order" for null.
std::string order_words(const pb::StandingOrder* order);

// The retreat choice in words, for a unit or stack at `hex`: "as held", "none",
// "toward the north-east (1507)", "into 1205, else 1306".
std::string retreat_words(RetreatChoice retreat, engine::Hex hex);

}  // namespace hd::client
