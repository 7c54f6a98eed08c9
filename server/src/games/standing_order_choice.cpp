#include "games/standing_order_choice.hpp"

#include <algorithm>
#include <climits>

namespace hd::server {

namespace {

// 6.6: the awaited unit's retreats into a hex (no "stay"), in the engine's order.
std::vector<engine::RetreatAction> retreats_into_hexes(const std::vector<engine::Action>& legal) {
  std::vector<engine::RetreatAction> out;
  for (const engine::Action& action : legal)
    if (const auto* retreat = std::get_if<engine::RetreatAction>(&action);
        retreat && retreat->to && !retreat->stay)
      out.push_back(*retreat);
  return out;
}

// The best of `retreats` for `order`, or nullopt.
std::optional<engine::RetreatAction> best_retreat(const std::vector<engine::RetreatAction>& retreats,
                                                  const StandingOrder& order) {
  // 6.6C-D: a retreat that displaces a friendly unit only when the order leaves no other.
  const auto better = [](const engine::RetreatAction& a, const engine::RetreatAction& b) {
    return !a.displace && b.displace;
  };
  for (const engine::Hex hex : order.retreat_hexes) {
    std::optional<engine::RetreatAction> found;
    for (const engine::RetreatAction& retreat : retreats)
      if (*retreat.to == hex && (!found || better(retreat, *found))) found = retreat;
    if (found) return found;
  }
  if (!order.retreat_toward) return std::nullopt;
  std::optional<engine::RetreatAction> found;
  int nearest = INT_MAX;
  for (const engine::RetreatAction& retreat : retreats) {
    const int away = engine::distance(*retreat.to, *order.retreat_toward);
    if (away < nearest || (away == nearest && found && better(retreat, *found))) {
      nearest = away;
      found = retreat;
    }
  }
  return found;
}

}  // namespace

std::optional<StandingOrderChoice> choose_by_standing_orders(const std::vector<engine::Action>& legal,
                                                             const StandingOrderBook& orders) {
  const std::vector<engine::RetreatAction> retreats = retreats_into_hexes(legal);
  if (!retreats.empty()) {
    const auto order = orders.find(retreats.front().unit);  // 6.6: one unit's retreat at a time
    if (order == orders.end()) return std::nullopt;
    const auto chosen = best_retreat(retreats, order->second);
    if (!chosen) return std::nullopt;
    return StandingOrderChoice{*chosen, chosen->unit};
  }
  // 6.7: an advance of a candidate whose order says so; declining only when all say no.
  std::optional<engine::Action> decline;
  bool all_ordered = true;
  std::optional<engine::UnitIndex> first_candidate;
  for (const engine::Action& action : legal) {
    const auto* advance = std::get_if<engine::AdvanceAction>(&action);
    if (!advance) continue;
    if (!advance->unit) {
      decline = action;
      continue;
    }
    if (!first_candidate) first_candidate = *advance->unit;
    const auto order = orders.find(*advance->unit);
    if (order == orders.end()) {
      all_ordered = false;
      continue;
    }
    if (order->second.advance) return StandingOrderChoice{action, *advance->unit};
  }
  if (decline && first_candidate && all_ordered) return StandingOrderChoice{*decline, *first_candidate};
  return std::nullopt;
}

}  // namespace hd::server
