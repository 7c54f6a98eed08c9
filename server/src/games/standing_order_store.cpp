#include "games/standing_order_store.hpp"

#include <sstream>
#include <string>

namespace hd::server {

namespace {

// "column,row column,row ...", best first.
std::string join_hexes(const std::vector<engine::Hex>& hexes) {
  std::string out;
  for (const engine::Hex hex : hexes) {
    if (!out.empty()) out += ' ';
    out += std::to_string(hex.column) + ',' + std::to_string(hex.row);
  }
  return out;
}

std::vector<engine::Hex> split_hexes(const std::string& text) {
  std::vector<engine::Hex> hexes;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    const auto comma = word.find(',');
    if (comma == std::string::npos) continue;
    hexes.push_back({std::stoi(word.substr(0, comma)), std::stoi(word.substr(comma + 1))});
  }
  return hexes;
}

}  // namespace

StandingOrderBook StandingOrderStore::load(std::int64_t game) {
  Statement select = db_.prepare(
      "SELECT unit, seat, retreat_hexes, toward_column, toward_row, advance FROM standing_orders "
      "WHERE game_id = ? ORDER BY unit");
  select.bind(1, game);
  StandingOrderBook book;
  while (select.step()) {
    StandingOrder order;
    order.unit = static_cast<engine::UnitIndex>(select.column_int64(0));
    order.seat = static_cast<hundred_days::v1::Seat>(select.column_int64(1));
    order.retreat_hexes = split_hexes(select.column_text(2));
    if (!select.column_is_null(3) && !select.column_is_null(4))
      order.retreat_toward =
          engine::Hex{static_cast<int>(select.column_int64(3)), static_cast<int>(select.column_int64(4))};
    order.advance = select.column_int64(5) != 0;
    book[order.unit] = std::move(order);
  }
  return book;
}

bool StandingOrderStore::any(std::int64_t game) {
  Statement select = db_.prepare("SELECT EXISTS (SELECT 1 FROM standing_orders WHERE game_id = ?)");
  select.bind(1, game);
  return select.step() && select.column_int64(0) != 0;
}

void StandingOrderStore::put(std::int64_t game, const StandingOrder& order) {
  db_.prepare(
         "INSERT OR REPLACE INTO standing_orders (game_id, unit, seat, retreat_hexes, toward_column, "
         "toward_row, advance) VALUES (?, ?, ?, ?, NULLIF(?, -1), NULLIF(?, -1), ?)")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(order.unit))
      .bind(3, static_cast<std::int64_t>(order.seat))
      .bind(4, join_hexes(order.retreat_hexes))
      .bind(5, order.retreat_toward ? std::int64_t{order.retreat_toward->column} : std::int64_t{-1})
      .bind(6, order.retreat_toward ? std::int64_t{order.retreat_toward->row} : std::int64_t{-1})
      .bind(7, std::int64_t{order.advance ? 1 : 0})
      .run();
}

void StandingOrderStore::clear(std::int64_t game, engine::UnitIndex unit) {
  db_.prepare("DELETE FROM standing_orders WHERE game_id = ? AND unit = ?")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(unit))
      .run();
}

}  // namespace hd::server
