#include <hd/engine/state/game_state.hpp>

namespace hd::engine {
namespace {

// FNV-1a, 64 bits, over explicitly ordered fields.
class Hasher {
 public:
  void add(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xff;
      hash_ *= 1099511628211ull;
    }
  }
  void add(std::string_view text) {
    add(text.size());
    for (unsigned char c : text) {
      hash_ ^= c;
      hash_ *= 1099511628211ull;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

}  // namespace

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::Movement:
      return "movement";
    case Phase::Combat:
      return "combat";
    case Phase::GameOver:
      return "game-over";
    case Phase::Setup:
      return "setup";
  }
  return "?";
}

std::vector<UnitIndex> GameState::units_at(Hex hex) const {
  std::vector<UnitIndex> found;
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units[i].on_map() && units[i].hex == hex) found.push_back(static_cast<UnitIndex>(i));
  return found;
}

bool GameState::enemy_in(Hex hex, Side side) const {
  for (const UnitState& unit : units)
    if (unit.on_map() && unit.hex == hex && side_of(unit.army) != side) return true;
  return false;
}

std::optional<UnitIndex> find_unit(const GameState& state, Army army, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == army && state.units[i].id == id) return static_cast<UnitIndex>(i);
  return std::nullopt;
}

std::uint64_t state_hash(const GameState& state) {
  Hasher h;
  h.add(static_cast<std::uint64_t>(state.turn));
  h.add(static_cast<std::uint64_t>(state.phasing));
  h.add(static_cast<std::uint64_t>(state.phase));
  h.add(state.units.size());
  for (const UnitState& unit : state.units) {
    h.add(unit.id);
    h.add(static_cast<std::uint64_t>(unit.army));
    h.add(static_cast<std::uint64_t>(unit.status));
    h.add(static_cast<std::uint64_t>(unit.hex.column) << 8 | static_cast<std::uint64_t>(unit.hex.row));
    h.add(static_cast<std::uint64_t>(unit.reduced) | static_cast<std::uint64_t>(unit.moved) << 1 |
          static_cast<std::uint64_t>(unit.fought) << 2 | static_cast<std::uint64_t>(unit.must_fight) << 3 |
          static_cast<std::uint64_t>(unit.may_not_fire) << 4 |
          static_cast<std::uint64_t>(unit.advanced) << 5);
    h.add(static_cast<std::uint64_t>(unit.arrival_turn + 1));
    h.add(static_cast<std::uint64_t>(unit.displaced_by_combat));
    h.add(static_cast<std::uint64_t>(unit.unstacked_entry) | static_cast<std::uint64_t>(unit.immobile) << 1);
  }
  for (int i = 0; i < 3; ++i) {
    h.add(static_cast<std::uint64_t>(state.eliminated_strength[static_cast<std::size_t>(i)]));
    h.add(static_cast<std::uint64_t>(state.demoralization_reduction[static_cast<std::size_t>(i)]));
    h.add(static_cast<std::uint64_t>(state.demoralized[static_cast<std::size_t>(i)]) |
          static_cast<std::uint64_t>(state.disintegrated[static_cast<std::size_t>(i)]) << 1);
  }
  h.add(state.control.size());
  for (const auto& [hex, side] : state.control) {
    h.add(static_cast<std::uint64_t>(hex.column) << 8 | static_cast<std::uint64_t>(hex.row));
    h.add(static_cast<std::uint64_t>(side));
  }
  h.add(state.entries_this_phase.size());
  for (const auto& [hex, count] : state.entries_this_phase) {
    h.add(static_cast<std::uint64_t>(hex.column) << 8 | static_cast<std::uint64_t>(hex.row));
    h.add(static_cast<std::uint64_t>(count));
  }
  h.add(state.pending_retreats.size());
  for (const PendingRetreat& retreat : state.pending_retreats) {
    h.add(retreat.unit);
    h.add(static_cast<std::uint64_t>(retreat.combat));
  }
  h.add(state.pending_advance.has_value());
  if (state.pending_advance) {
    h.add(static_cast<std::uint64_t>(state.pending_advance->side));
    for (UnitIndex unit : state.pending_advance->candidates)
      h.add(unit);
    for (Hex hex : state.pending_advance->vacated)
      h.add(static_cast<std::uint64_t>(hex.column) << 8 | static_cast<std::uint64_t>(hex.row));
  }
  h.add(state.pending_exchange.has_value());
  if (state.pending_exchange) {
    h.add(static_cast<std::uint64_t>(state.pending_exchange->side));
    h.add(static_cast<std::uint64_t>(state.pending_exchange->combat));
    h.add(static_cast<std::uint64_t>(state.pending_exchange->loss));
    for (UnitIndex unit : state.pending_exchange->candidates)
      h.add(unit);
    for (Hex hex : state.pending_exchange->vacated)
      h.add(static_cast<std::uint64_t>(hex.column) << 8 | static_cast<std::uint64_t>(hex.row));
  }
  h.add(static_cast<std::uint64_t>(state.combats_this_phase));
  h.add(static_cast<std::uint64_t>(state.exited_strength[0]));
  h.add(static_cast<std::uint64_t>(state.exited_strength[1]));
  h.add(state.result.has_value());
  h.add(static_cast<std::uint64_t>(state.special_vp[0]));
  h.add(static_cast<std::uint64_t>(state.special_vp[1]));
  h.add(state.special_triggers.size());
  for (const std::string& flag : state.special_triggers)
    h.add(flag);
  h.add(state.actions_applied);
  return h.value();
}

}  // namespace hd::engine
