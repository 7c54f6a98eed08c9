#include "games/seat_policy.hpp"

#include <hd/engine/rules/sequence/decisions.hpp>

namespace hd::server {

namespace v1 = hundred_days::v1;

engine::Army army_of_seat(v1::Seat seat) {
  switch (seat) {
    case v1::SEAT_PRUSSIAN:
      return engine::Army::Prussian;
    case v1::SEAT_ALLIED:
      return engine::Army::Allied;
    default:
      return engine::Army::French;
  }
}

v1::Seat seat_of_army(engine::Army army) {
  switch (army) {
    case engine::Army::Prussian:
      return v1::SEAT_PRUSSIAN;
    case engine::Army::Allied:
      return v1::SEAT_ALLIED;
    case engine::Army::French:
      break;
  }
  return v1::SEAT_FRENCH;
}

engine::Side side_of_seat(v1::Seat seat) {
  return engine::side_of(army_of_seat(seat));
}

bool is_valid_seat(v1::Seat seat) {
  return seat == v1::SEAT_FRENCH || seat == v1::SEAT_PRUSSIAN || seat == v1::SEAT_ALLIED;
}

std::vector<engine::Army> armies_in_play(const engine::GameState& state) {
  std::set<engine::Army> present;
  for (const engine::UnitState& unit : state.units)
    present.insert(unit.army);
  return {present.begin(), present.end()};
}

namespace {

void add_army(const engine::GameState& state, engine::UnitIndex unit, std::set<engine::Army>& armies) {
  if (unit < state.units.size()) armies.insert(state.units[unit].army);
}

}  // namespace

ActionClaim claim_of(const engine::GameState& state, const engine::Action& action) {
  ActionClaim claim;
  claim.side = engine::pending_decision(state).side;  // the engine's word, also for an advance (6.7)
  if (const auto* move = std::get_if<engine::MoveAction>(&action)) {
    add_army(state, move->move.unit, claim.armies);
  } else if (const auto* attack = std::get_if<engine::AttackAction>(&action)) {
    claim.side = state.phasing;
    for (engine::UnitIndex unit : attack->attackers)
      add_army(state, unit, claim.armies);
    for (engine::UnitIndex unit : attack->bombarding)
      add_army(state, unit, claim.armies);
  } else if (const auto* retreat = std::get_if<engine::RetreatAction>(&action)) {
    add_army(state, retreat->unit, claim.armies);
  } else if (const auto* advance = std::get_if<engine::AdvanceAction>(&action)) {
    if (advance->unit) add_army(state, *advance->unit, claim.armies);
  }
  // The side follows the units named (a French unit is always the French side's business).
  if (!claim.armies.empty()) claim.side = engine::side_of(*claim.armies.begin());
  return claim;
}

}  // namespace hd::server
