#include "model/move_trails.hpp"

#include <hd/wire/hex_convert.hpp>

namespace hd::client {
namespace {

std::optional<engine::Hex> hex_from(const pb::HexCoord& coord) {
  return wire::from_proto(coord, engine::kNlbGrid);
}

PlayerTurn player_turn_of(const pb::GameView& view) {
  return {view.turn(), view.phasing()};
}

// Where `view` shows each unit on the map (units it hides or shows off the map are left out).
std::map<std::uint32_t, engine::Hex> hexes_in(const pb::GameView& view) {
  std::map<std::uint32_t, engine::Hex> where;
  for (const pb::Unit& unit : view.units())
    if (unit.status() == pb::UNIT_STATUS_ON_MAP)
      if (const auto hex = hex_from(unit.hex())) where[unit.index()] = *hex;
  return where;
}

std::vector<engine::Hex> hexes_of(const google::protobuf::RepeatedPtrField<pb::HexCoord>& coords) {
  std::vector<engine::Hex> hexes;
  for (const auto& coord : coords)
    if (const auto hex = hex_from(coord)) hexes.push_back(*hex);
  return hexes;
}

void add_trails(const std::map<std::uint32_t, std::vector<engine::Hex>>& turn, bool earlier,
                std::vector<MoveTrail>& out) {
  for (const auto& [unit, hexes] : turn)
    if (hexes.size() >= 2) out.push_back({unit, hexes, earlier});
}

}  // namespace

void MoveTrails::reset(const pb::GameView& view) {
  turns_ = Turns{player_turn_of(view), {}, {}};
  before_update_.clear();
}

void MoveTrails::roll_to(const PlayerTurn& turn) {
  if (turns_.current == turn) return;
  turns_.previous = std::move(turns_.now);
  turns_.now.clear();
  turns_.current = turn;
}

void MoveTrails::extend(std::uint32_t unit, std::optional<engine::Hex> from,
                        const std::vector<engine::Hex>& path) {
  std::vector<engine::Hex>& trail = turns_.now[unit];
  if (from && (trail.empty() || trail.back() != *from)) trail.push_back(*from);
  for (const engine::Hex hex : path)
    if (trail.empty() || trail.back() != hex) trail.push_back(hex);
}

void MoveTrails::apply(const pb::GameView& before, const pb::GameUpdate& update) {
  if (update.undone()) {  // takes back sequence + 1
    const auto kept = before_update_.find(update.sequence() + 1);
    if (kept != before_update_.end()) {
      turns_ = kept->second;
    } else {
      turns_ = Turns{};
    }
    before_update_.erase(before_update_.upper_bound(update.sequence()), before_update_.end());
    roll_to(player_turn_of(update.view()));
    return;
  }
  before_update_[update.sequence()] = turns_;
  while (before_update_.size() > kUndoDepth)
    before_update_.erase(before_update_.begin());
  if (!turns_.current) turns_.current = player_turn_of(before);
  std::map<std::uint32_t, engine::Hex> where = hexes_in(before);
  const auto known = [&where](std::uint32_t unit) -> std::optional<engine::Hex> {
    const auto found = where.find(unit);
    return found == where.end() ? std::nullopt : std::optional(found->second);
  };
  for (const pb::GameEvent& event : update.events()) {
    if (event.has_phase_started()) {
      roll_to({event.phase_started().turn(), event.phase_started().side()});
    } else if (event.has_moved()) {
      const pb::UnitMoved& moved = event.moved();
      const std::vector<engine::Hex> path = hexes_of(moved.path());
      if (path.empty()) continue;
      // A reinforcement starts at its entry hex, the path's first (5.6).
      extend(moved.unit(), moved.entered() ? std::nullopt : known(moved.unit()), path);
      where[moved.unit()] = path.back();
    } else if (event.has_retreated() || event.has_advanced()) {
      const bool retreated = event.has_retreated();
      const std::uint32_t unit = retreated ? event.retreated().unit() : event.advanced().unit();
      const auto from = hex_from(retreated ? event.retreated().from() : event.advanced().from());
      const auto to = hex_from(retreated ? event.retreated().to() : event.advanced().to());
      if (!to) continue;
      extend(unit, from ? from : known(unit), {*to});
      where[unit] = *to;
    }
  }
  roll_to(player_turn_of(update.view()));
}

std::vector<MoveTrail> MoveTrails::trails() const {
  std::vector<MoveTrail> out;
  add_trails(turns_.previous, true, out);
  add_trails(turns_.now, false, out);
  return out;
}

}  // namespace hd::client
