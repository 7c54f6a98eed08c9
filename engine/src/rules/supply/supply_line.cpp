#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/rules/variant/supply_trains.hpp>

#include <deque>
#include <set>

namespace hd::engine {
namespace {

constexpr int kUnreached = -1;
constexpr int kSource = -2;

}  // namespace

bool supply_may_cross(const Ruleset& rules, Hex from, Hex to) {
  // 14.2 "prohibited terrain": what 5.2A prohibits to foot and mounted movers alike.
  return step_cost(rules, MoverClass::Foot, from, to) || step_cost(rules, MoverClass::Mounted, from, to);
}

SupplyNetwork::SupplyNetwork(const GameState& state, Army army)
    : army_(army),
      map_(&state.rules->map),
      columns_(state.rules->map.bounds().columns),
      rows_(state.rules->map.bounds().rows) {
  const GameMap& map = state.rules->map;
  next_.assign(static_cast<std::size_t>(columns_ * rows_), kUnreached);
  open_.assign(next_.size(), 0);
  for (int c = 1; c <= columns_; ++c)
    for (int r = 1; r <= rows_; ++r)
      open_[static_cast<std::size_t>(slot({c, r}))] = state.rules->scenario.area.contains({c, r}) ? 1 : 0;
  for (const UnitState& unit : state.units)
    // 14.2 blocks at enemy units; a leader alone blocks nothing (10.1E).
    if (unit.on_map() && !unit.is_leader() && side_of(unit.army) != side_of(army) &&
        map.bounds().contains(unit.hex))
      open_[static_cast<std::size_t>(slot(unit.hex))] = 0;
  // 14.1: the army's source hexes that a line may enter (14.2), or 16.17's train, its sole source;
  // then outward along roads and trails, each hex visited once.
  const auto train_sources = supply_train_sources(state, army);
  std::deque<Hex> queue;
  for (Hex source : train_sources ? *train_sources : map.supply_hexes(army)) {
    if (!may_enter(source) || next_[static_cast<std::size_t>(slot(source))] != kUnreached) continue;
    next_[static_cast<std::size_t>(slot(source))] = kSource;
    queue.push_back(source);
  }
  while (!queue.empty()) {
    const Hex hex = queue.front();
    queue.pop_front();
    ++visited_;
    for (Hex before : neighbours(hex)) {
      if (!may_enter(before) || next_[static_cast<std::size_t>(slot(before))] != kUnreached) continue;
      const auto side = Hexside::between(before, hex);
      if (map.path(*side) == PathKind::None || !supply_may_cross(*state.rules, before, hex)) continue;
      next_[static_cast<std::size_t>(slot(before))] = slot(hex);
      queue.push_back(before);
    }
  }
}

int SupplyNetwork::slot(Hex hex) const {
  return (hex.column - 1) * rows_ + (hex.row - 1);
}

bool SupplyNetwork::may_enter(Hex hex) const {
  if (hex.column < 1 || hex.column > columns_ || hex.row < 1 || hex.row > rows_) return false;
  return open_[static_cast<std::size_t>(slot(hex))] != 0;
}

bool SupplyNetwork::on_road(Hex hex) const {
  if (!connected(hex)) return false;
  if (next_[static_cast<std::size_t>(slot(hex))] != kSource) return true;  // reached along a road
  for (Hex neighbour : neighbours(hex)) {
    const auto side = Hexside::between(hex, neighbour);
    if (side && map_->path(*side) != PathKind::None) return true;
  }
  return false;
}

bool SupplyNetwork::connected(Hex hex) const {
  if (hex.column < 1 || hex.column > columns_ || hex.row < 1 || hex.row > rows_) return false;
  return next_[static_cast<std::size_t>(slot(hex))] != kUnreached;
}

std::vector<Hex> SupplyNetwork::line_from(Hex hex) const {
  std::vector<Hex> line;
  if (!connected(hex)) return line;
  int at = slot(hex);
  while (true) {
    line.push_back({at / rows_ + 1, at % rows_ + 1});
    const int next = next_[static_cast<std::size_t>(at)];
    if (next == kSource) break;
    at = next;
  }
  return line;
}

std::optional<std::vector<Hex>> supply_line(const GameState& state, const SupplyNetwork& network, Hex from) {
  // 14.0 "the first five hexes may be terrain of any type; the remainder must be connected road
  // and/or trail hexes leading to an appropriate map edge hex": up to kSupplyFreeHexes steps of any
  // terrain, breadth first, then the next hex must be a road or trail hex of the network (a source
  // reached within the free hexes needs no road: docs/rules-notes.md, 14.0).
  struct Node {
    Hex hex;
    int parent;
    int depth;
  };
  std::vector<Node> nodes{{from, -1, 0}};
  std::set<Hex> seen{from};
  int found = network.connected(from) ? 0 : -1;
  for (std::size_t i = 0; found < 0 && i < nodes.size(); ++i) {
    const Node node = nodes[i];
    if (node.depth > kSupplyFreeHexes) continue;
    for (Hex next : neighbours(node.hex)) {
      if (seen.count(next) || !network.may_enter(next) || !supply_may_cross(*state.rules, node.hex, next))
        continue;
      const int depth = node.depth + 1;
      // The hex after the free ones must itself be a road or trail hex of the network.
      if (depth > kSupplyFreeHexes && !network.on_road(next)) continue;
      seen.insert(next);
      nodes.push_back({next, static_cast<int>(i), depth});
      if (network.connected(next)) {
        found = static_cast<int>(nodes.size()) - 1;
        break;
      }
    }
  }
  if (found < 0) return std::nullopt;
  std::vector<Hex> free_part;
  for (int at = found; at >= 0; at = nodes[static_cast<std::size_t>(at)].parent)
    free_part.insert(free_part.begin(), nodes[static_cast<std::size_t>(at)].hex);
  std::vector<Hex> road_part = network.line_from(free_part.back());
  free_part.insert(free_part.end(), road_part.begin() + 1, road_part.end());
  return free_part;
}

std::optional<std::vector<Hex>> supply_line(const GameState& state, Army army, Hex from) {
  return supply_line(state, SupplyNetwork(state, army), from);
}

bool in_supply(const GameState& state, const SupplyNetwork& network, UnitIndex unit) {
  const UnitState& u = state.units[unit];
  return u.on_map() && u.army == network.army() && supply_line(state, network, u.hex).has_value();
}

}  // namespace hd::engine
