#include <hd/engine/state/game_state.hpp>

#include <cstdint>
#include <stdexcept>

namespace hd::engine {

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
    if (units[i].on_map() && units[i].hex == hex && !units[i].is_leader())
      found.push_back(static_cast<UnitIndex>(i));
  return found;
}

std::vector<UnitIndex> GameState::leaders_at(Hex hex) const {
  std::vector<UnitIndex> found;
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units[i].on_map() && units[i].hex == hex && units[i].is_leader())
      found.push_back(static_cast<UnitIndex>(i));
  return found;
}

bool GameState::enemy_in(Hex hex, Side side) const {
  for (const UnitState& unit : units)
    if (unit.on_map() && unit.hex == hex && side_of(unit.army) != side && !unit.is_leader()) return true;
  return false;
}

UnitIndex index_of(const GameState& state, const UnitState& unit) {
  const auto begin = reinterpret_cast<std::uintptr_t>(state.units.data());
  const auto at = reinterpret_cast<std::uintptr_t>(&unit);
  const std::size_t index = (at - begin) / sizeof(UnitState);
  if (at < begin || index >= state.units.size() || &state.units[index] != &unit)
    throw std::logic_error("index_of: the unit is not one of the state's units");
  return static_cast<UnitIndex>(index);
}

std::optional<UnitIndex> find_unit(const GameState& state, Army army, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == army && state.units[i].id == id) return static_cast<UnitIndex>(i);
  return std::nullopt;
}

}  // namespace hd::engine
