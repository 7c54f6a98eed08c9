// Issue 16 (standing orders): a game's standing orders in SQLite (migrations/0016_standing_orders.sql).
// Plain reads and writes; the caller groups writes into a transaction.
#pragma once

#include "database.hpp"
#include "games/standing_order_choice.hpp"

#include <cstdint>
#include <vector>

namespace hd::server {

class StandingOrderStore {
 public:
  explicit StandingOrderStore(Database& db) : db_(db) {}

  // Every standing order of the game, by unit.
  StandingOrderBook load(std::int64_t game);
  // Whether the game has any standing order (one row read at most).
  bool any(std::int64_t game);
  // Sets `order` (replacing the unit's earlier one).
  void put(std::int64_t game, const StandingOrder& order);
  // Clears the unit's order, if any.
  void clear(std::int64_t game, engine::UnitIndex unit);

 private:
  Database& db_;
};

}  // namespace hd::server
