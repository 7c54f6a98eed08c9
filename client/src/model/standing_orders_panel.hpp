// Issue 16: the window client's standing-orders panel for one unit or stack of the player's own
// (docs/games.md, "Standing orders"): the orders the server holds for those units (asked with
// QueryStandingOrders when the panel opens), the order being chosen (standing_order_choice.hpp),
// and what the server last said (its StandingOrders answer or a refusal in words). A stack is
// ordered unit by unit: setting sends one order per unit. Pure: no drawing, no network.
#pragma once

#include "model/standing_order_choice.hpp"

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hd::client {

namespace pb = hundred_days::v1;

class StandingOrdersPanel {
 public:
  // Shows the panel for `units` (the caller's own, standing at `hex`) of game `game_id`; returns the
  // QueryStandingOrders to send. Nothing is shown or asked for no units.
  std::vector<pb::ClientEnvelope> open(std::uint64_t game_id, engine::Hex hex,
                                       std::vector<std::uint32_t> units);
  // Hides the panel and forgets its units and orders.
  void close();
  bool shown() const { return game_id_ != 0; }

  // The server's StandingOrders (the answer to a query or a set): the orders held for the panel's
  // units replace those known; the choice restarts from the first unit's order (its retreat kept,
  // its advance). Ignored when hidden or for another game.
  void apply(const pb::StandingOrders& orders);
  // A refusal of the panel's request, in plain words: shown; nothing else changes.
  void refused(const std::string& words);

  // The choice: the next retreat preference, advance or not.
  void cycle_retreat();
  // A hex clicked on the map while the panel is shown: added to (or taken off) the retreat hexes
  // chosen (pick_retreat_hex). A hex not next to the panel's stack changes nothing and says why in
  // pick_note(). False when hidden (the click is the map's).
  bool pick_retreat_hex(engine::Hex hex);
  // Why the last map click changed nothing (6.6); empty once a click is taken, a key changes the
  // choice or orders are sent, so it never outlives the click it answers.
  const std::string& pick_note() const { return pick_note_; }
  void toggle_advance();
  // The SetStandingOrders giving every unit of the panel the order chosen; none when hidden.
  std::vector<pb::ClientEnvelope> set_orders();
  // The SetStandingOrders clearing every unit's order; none when hidden.
  std::vector<pb::ClientEnvelope> clear_orders();

  std::uint64_t game_id() const { return game_id_; }
  engine::Hex hex() const { return hex_; }
  const std::vector<std::uint32_t>& units() const { return units_; }
  // The order the server holds for `unit` as last answered; null for none (or not yet answered).
  const pb::StandingOrder* held(std::uint32_t unit) const;
  RetreatChoice retreat() const { return retreat_; }
  bool advance() const { return advance_; }
  // True while a request of the panel's waits for its answer.
  bool waiting() const { return waiting_; }
  // What the server last said: "asking the server...", "orders as the server holds them",
  // "the server holds the new orders", "Refused: ...".
  const std::string& status() const { return status_; }

 private:
  std::uint64_t game_id_ = 0;
  engine::Hex hex_{};
  std::vector<std::uint32_t> units_;
  std::map<std::uint32_t, pb::StandingOrder> held_;
  RetreatChoice retreat_{RetreatChoice::Kind::None, engine::Direction::North, {}};
  bool advance_ = false;
  bool waiting_ = false;
  bool setting_ = false;  // the request waited for is a set, not a query
  std::string status_;
  std::string pick_note_;
};

}  // namespace hd::client
