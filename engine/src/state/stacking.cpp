// Stacking (stacking.hpp): 5.4, 8.1A, and 16.1B through the modules' stacks_freely point.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/state/stacking.hpp>

namespace hd::engine {

int stacking_limit(const GameMap& map, Hex hex) {
  return map.terrain(hex) == HexTerrain::Chateau ? 1 : 2;
}

void add_to_stack(const Ruleset& rules, const UnitState& unit, Stack& stack) {
  if (unit.is_supply_train())  // 16.17B
    ++stack.alone;
  else if (rules_stack_freely(rules, unit))
    ++stack.free_units;
  else
    ++stack.counted;
}

Stack friendly_stack(const GameState& state, Hex hex, Side side, std::optional<UnitIndex> except) {
  Stack stack;
  for (UnitIndex u : state.units_at(hex))  // combat units only (10.1B)
    if (u != except && side_of(state.units[u].army) == side)
      add_to_stack(*state.rules, state.units[u], stack);
  return stack;
}

bool stack_fits(const GameMap& map, Hex hex, const Stack& stack) {
  if (stack.alone > 0) return stack.total() == 1;  // 16.17B
  if (map.terrain(hex) == HexTerrain::Chateau) return stack.total() <= 1;  // 8.1A, rifles too
  return stack.counted <= stacking_limit(map, hex) && stack.total() <= kFreeStackTotal;
}

int stack_limit_for(const GameMap& map, Hex hex, const Stack& stack) {
  if (stack.alone > 0) return 1;  // 16.17B
  if (stack.free_units > 0 && map.terrain(hex) != HexTerrain::Chateau) return kFreeStackTotal;
  return stacking_limit(map, hex);
}

}  // namespace hd::engine
