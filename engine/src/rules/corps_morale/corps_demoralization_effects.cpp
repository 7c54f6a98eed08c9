// 13.2: what a demoralized corps' units (and its officer) suffer until good morale is recovered.
// The third effect, the risk in reorganizing (12.2), belongs to reorganization.
#include "corps_morale_detail.hpp"

#include <hd/engine/state/refusal.hpp>

#include <algorithm>

namespace hd::engine::corps_morale_detail {

// 13.2 (and 10.1C for officers): 2 MP, four half MP, to enter a clear hex; every other cost stays.
void demoralized_clear_terrain_cost(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  if (!corps_demoralized(state, unit)) return;
  int& clear = terms.terrain_half_mp_at_least[static_cast<std::size_t>(HexTerrain::Clear)];
  clear = std::max(clear, 4);
}

// 13.2: no unit of a demoralized corps advances after combat.
std::optional<Refusal> demoralized_corps_advance_refusal(const GameState& state, UnitAct act,
                                                         UnitIndex unit) {
  if (act != UnitAct::Advance || unit >= state.units.size() || !corps_demoralized(state, state.units[unit]))
    return std::nullopt;
  return refuse(RefusalCode::DemoralizedMayNotAdvance, "13.2", {RefusalArg::of_unit(unit)});
}

}  // namespace hd::engine::corps_morale_detail
