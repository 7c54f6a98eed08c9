// 10.0: leaders as pieces: made from the order of battle, commanders and officers told apart, and
// the module that names the chapter. 10.1 (movement) and 10.2 (casualties) are its cases, carried
// out in leader_movement_10_1.cpp, leader_casualties_10_2.cpp and rules/movement.
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine {

UnitState make_leader(const LeaderDefinition& definition) {
  UnitState leader;
  leader.id = definition.id;
  leader.army = definition.army;
  leader.type = UnitType::Leader;
  leader.command = definition.command;  // 11.1B: an officer's command designation
  leader.movement = kLeaderMovement;    // 10.1C (derived)
  return leader;
}

namespace {

// The leader's role in the order of battle (leaders.tsv), empty for a combat unit.
std::string_view role_of(const Ruleset& rules, const UnitState& piece) {
  if (!piece.is_leader()) return {};
  const LeaderDefinition* definition = rules.oob.find_leader(piece.army, piece.id);
  return definition ? std::string_view(definition->role) : std::string_view();
}

}  // namespace

bool is_commander(const Ruleset& rules, const UnitState& leader) {
  const std::string_view role = role_of(rules, leader);
  return role == kRoleCommander || role == kRoleChiefOfStaff;
}

bool is_officer(const Ruleset& rules, const UnitState& leader) {
  return role_of(rules, leader) == kRoleOfficer;
}

bool is_chief_of_staff(const Ruleset& rules, const UnitState& leader) {
  return role_of(rules, leader) == kRoleChiefOfStaff;
}

bool is_headquarters(const Ruleset& rules, const UnitState& piece) {
  return role_of(rules, piece) == kRoleHeadquarters;
}

std::optional<UnitIndex> leader_piece(const GameState& state, Army army, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].is_leader() && state.units[i].army == army && state.units[i].id == id)
      return static_cast<UnitIndex>(i);
  return std::nullopt;
}

bool leader_eliminated(const GameState& state, Army army, std::string_view id) {
  const auto leader = leader_piece(state, army, id);
  return leader && state.units[*leader].status == UnitStatus::Eliminated;
}

namespace modules {
extern const RuleModule leaders_10_0{
    "10.0",
    "Leaders",
    "the core: rules/leaders (pieces, 10.1E displacement, 10.2 casualty die), rules/movement (10.1C costs, "
    "10.1D EZOC), state/game_setup (10.1A placement); 10.1C's demoralized cost is 13.0's (13.2), its half "
    "allowance comes with 11.0",
    {}};
}  // namespace modules

}  // namespace hd::engine
