#include <hd/engine/view.hpp>

#include <hd/engine/combat.hpp>
#include <hd/engine/victory.hpp>

#include <sstream>

namespace hd::engine {

GameView view(const GameState& state, const Viewer& /*viewer: nothing is hidden under 1.0-9.0*/) {
  GameView v;
  v.turn = state.turn;
  v.phasing = state.phasing;
  v.phase = state.phase;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    UnitView u;
    u.unit = static_cast<UnitIndex>(i);
    u.id = unit.id;
    u.command = unit.command;
    u.army = unit.army;
    u.type = unit.type;
    u.strength = unit.strength();
    u.movement = unit.movement;
    u.reduced = unit.reduced;
    u.status = unit.status;
    if (unit.on_map()) u.hex = unit.hex;
    u.arrival_turn = unit.arrival_turn;
    v.units.push_back(std::move(u));
  }
  v.eliminated_strength = state.eliminated_strength;
  v.demoralized = state.demoralized;
  v.disintegrated = state.disintegrated;
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const auto [demoralization, disintegration] = morale_levels(state, army);
    v.demoralization_level[static_cast<std::size_t>(army)] = demoralization;
    v.disintegration_level[static_cast<std::size_t>(army)] = disintegration;
  }
  v.control.assign(state.control.begin(), state.control.end());
  v.victory_points = victory_points(state);
  v.pending = pending_decision(state);
  v.result = state.result;
  return v;
}

std::optional<Event> redact(const GameState& /*state*/, const Event& event, const Viewer& /*viewer*/) {
  return event;
}

std::string serialize(const GameView& v) {
  std::ostringstream out;
  out << "turn " << v.turn << " " << to_string(v.phasing) << " " << to_string(v.phase) << "\n";
  for (const UnitView& u : v.units) {
    out << "unit " << u.unit << " " << to_string(u.army) << " " << u.id << " " << to_string(u.type) << " "
        << u.strength << "-" << u.movement << " cmd " << (u.command.empty() ? "-" : u.command) << (u.reduced ? " r" : "") << " status "
        << static_cast<int>(u.status) << " " << (u.hex ? format_hex(*u.hex) : std::string("-")) << " arrives "
        << u.arrival_turn << "\n";
  }
  for (std::size_t a = 0; a < 3; ++a) {
    out << "army " << a << " losses " << v.eliminated_strength[a] << (v.demoralized[a] ? " demoralized" : "")
        << (v.disintegrated[a] ? " disintegrated" : "") << " levels "
        << (v.demoralization_level[a] ? std::to_string(*v.demoralization_level[a]) : "-") << " "
        << (v.disintegration_level[a] ? std::to_string(*v.disintegration_level[a]) : "-") << "\n";
  }
  out << "vp " << v.victory_points[0] << " " << v.victory_points[1] << "\n";
  out << "pending " << to_string(v.pending.side) << " " << v.pending.what << "\n";
  for (const auto& [hex, side] : v.control)
    out << "control " << format_hex(hex) << " " << to_string(side) << "\n";
  if (v.result) {
    out << "result " << (v.result->winner ? std::string(to_string(*v.result->winner)) : std::string("none"))
        << " " << v.result->level << "\n";
  }
  return out.str();
}

}  // namespace hd::engine
