#include "model/standing_orders_panel.hpp"

#include <algorithm>

namespace hd::client {

std::vector<pb::ClientEnvelope> StandingOrdersPanel::open(std::uint64_t game_id, engine::Hex hex,
                                                          std::vector<std::uint32_t> units) {
  close();
  if (game_id == 0 || units.empty()) return {};
  game_id_ = game_id;
  hex_ = hex;
  units_ = std::move(units);
  waiting_ = true;
  status_ = "asking the server...";
  pb::ClientEnvelope query;
  query.mutable_query_standing_orders()->set_game_id(game_id_);
  return {query};
}

void StandingOrdersPanel::close() {
  *this = StandingOrdersPanel{};
}

void StandingOrdersPanel::apply(const pb::StandingOrders& orders) {
  if (!shown() || orders.game_id() != game_id_) return;
  held_.clear();
  for (const pb::StandingOrder& order : orders.orders())
    if (std::find(units_.begin(), units_.end(), order.unit()) != units_.end()) held_[order.unit()] = order;
  const pb::StandingOrder* first = held(units_.front());
  const bool has_retreat =
      first != nullptr && (first->retreat_hexes_size() > 0 || first->has_retreat_toward());
  retreat_ = {
      has_retreat ? RetreatChoice::Kind::Kept : RetreatChoice::Kind::None, engine::Direction::North, {}};
  advance_ = first != nullptr && first->advance();
  status_ = setting_ ? "the server holds the new orders" : "orders as the server holds them";
  waiting_ = false;
  setting_ = false;
}

void StandingOrdersPanel::refused(const std::string& words) {
  if (!shown()) return;
  status_ = words;
  waiting_ = false;
  setting_ = false;
}

void StandingOrdersPanel::cycle_retreat() {
  pick_note_.clear();
  if (shown()) retreat_ = next_retreat(retreat_);
}

bool StandingOrdersPanel::pick_retreat_hex(engine::Hex hex) {
  if (!shown()) return false;
  pick_note_.clear();
  if (const auto picked = client::pick_retreat_hex(retreat_, hex_, hex))
    retreat_ = *picked;
  else
    pick_note_ = "6.6: a retreat goes into a hex next to the stack; " + engine::format_hex(hex) +
                 " is not next to " + engine::format_hex(hex_);
  return true;
}

void StandingOrdersPanel::toggle_advance() {
  pick_note_.clear();
  if (shown()) advance_ = !advance_;
}

std::vector<pb::ClientEnvelope> StandingOrdersPanel::set_orders() {
  if (!shown()) return {};
  pb::ClientEnvelope request;
  pb::SetStandingOrders& set = *request.mutable_set_standing_orders();
  set.set_game_id(game_id_);
  for (const std::uint32_t unit : units_)
    *set.add_orders() = build_order(unit, hex_, retreat_, advance_, held(unit));
  waiting_ = true;
  setting_ = true;
  status_ = "sending...";
  pick_note_.clear();
  return {request};
}

std::vector<pb::ClientEnvelope> StandingOrdersPanel::clear_orders() {
  if (!shown()) return {};
  pb::ClientEnvelope request;
  pb::SetStandingOrders& set = *request.mutable_set_standing_orders();
  set.set_game_id(game_id_);
  for (const std::uint32_t unit : units_)
    set.add_clear_units(unit);
  waiting_ = true;
  setting_ = true;
  status_ = "sending...";
  pick_note_.clear();
  return {request};
}

const pb::StandingOrder* StandingOrdersPanel::held(std::uint32_t unit) const {
  const auto found = held_.find(unit);
  return found == held_.end() ? nullptr : &found->second;
}

}  // namespace hd::client
