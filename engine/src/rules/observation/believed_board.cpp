// 16.3: the board as one side believes it (believed_board.hpp).
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>

namespace hd::engine {

GameState believed_board(const GameState& state, Side side) {
  GameState believed = state;
  if (!knowledge_kept(state)) return believed;
  for (std::size_t i = 0; i < believed.units.size(); ++i) {
    UnitState& unit = believed.units[i];
    const auto index = static_cast<UnitIndex>(i);
    if (!unit.on_map() || side_of(unit.army) == side || observes_now(state, side, index)) continue;
    const Sighting* seen = sighting(state, side, index);
    const Hex last{seen ? seen->column : 0, seen ? seen->row : 0};
    if (seen && !side_observes_hex(state, side, last)) {
      unit.hex = last;
      unit.reduced = seen->reduced;
    } else {
      unit.status = UnitStatus::Withdrawn;  // never seen, or seen gone from where it was
    }
  }
  return believed;
}

}  // namespace hd::engine
