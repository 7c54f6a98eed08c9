// Issue 16 (standing orders; docs/games.md "Standing orders"): a seat's preferences for its own
// units' retreats (6.6) and advances (6.7), and the choice they make among the engine's legal
// actions when the server decides for the absent seat. Pure: no rooms, no database.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <map>
#include <optional>
#include <vector>

namespace hd::server {

// One unit's standing order.
struct StandingOrder {
  engine::UnitIndex unit = 0;
  hundred_days::v1::Seat seat = hundred_days::v1::SEAT_UNSPECIFIED;  // the seat owning the unit
  std::vector<engine::Hex> retreat_hexes;                            // preferred retreat hexes, best first
  std::optional<engine::Hex> retreat_toward;  // failing those, the retreat hex nearest this one
  bool advance = false;                       // 6.7: advance into a vacated hex when offered

  friend bool operator==(const StandingOrder&, const StandingOrder&) = default;
};

// A game's standing orders by unit.
using StandingOrderBook = std::map<engine::UnitIndex, StandingOrder>;

// The most retreat hexes one order may list.
inline constexpr std::size_t kMaxRetreatHexesPerOrder = 6;

// What the orders pick and whose choice it is.
struct StandingOrderChoice {
  engine::Action action;
  engine::UnitIndex unit = 0;  // the unit whose order decided
};

// Of `legal` (engine::legal_actions of the deciding side now), the action the orders choose, or
// nullopt when they say nothing (no order for the unit concerned, no listed hex legal):
// - a retreat (6.6) of the awaited unit: the first of its preferred hexes that is a legal retreat,
//   else the legal retreat hex nearest `retreat_toward`; a retreat without a displacement (6.6C-D)
//   before one with, then the engine's order. Never "stay" (8.2C): an order retreats.
// - an advance (6.7): the first legal advance of a candidate whose order says advance; declining
//   only when every candidate has an order and none says advance.
// Only actions in `legal` are returned.
std::optional<StandingOrderChoice> choose_by_standing_orders(const std::vector<engine::Action>& legal,
                                                             const StandingOrderBook& orders);

}  // namespace hd::server
