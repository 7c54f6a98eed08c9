// 12.0, 12.1A-F, 12.2: the action `reorganize OFFICER UNIT [UNIT]`, taken in the reorganization
// segment: one or two units of the officer's organization return from the reorganization area to
// his hex at reduced strength.
#include "reorganization_detail.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/state/sorted_list.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <initializer_list>
#include <utility>

namespace hd::engine {
namespace {

using reorganization_detail::reorganization_state;

bool listed(const std::vector<UnitIndex>& units, UnitIndex unit) {
  return std::find(units.begin(), units.end(), unit) != units.end();
}

// 12.1E: the side's stack in `hex` with `units` placed there.
Stack stack_with(const GameState& state, Hex hex, Side side, std::initializer_list<UnitIndex> units) {
  Stack stack = friendly_stack(state, hex, side);
  for (UnitIndex u : units)
    add_to_stack(*state.rules, state.units[u], stack);
  return stack;
}

// 12.1B: the nearest enemy combat unit within ten hexes of the officer, if any.
std::optional<UnitIndex> enemy_near(const GameState& state, const UnitState& officer) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.on_map() && !unit.is_leader() && side_of(unit.army) != side_of(officer.army) &&
        distance(unit.hex, officer.hex) <= kReorganizationEnemyDistance)
      return static_cast<UnitIndex>(i);
  }
  return std::nullopt;
}

// The officer's own checks: an officer (12.0: "the unit's officer"; a commander does not
// reorganize) of `side` on the map, not yet reorganizing this segment (12.1E, 12.2), far from the
// enemy (12.1B). 12.1C: he need not be in command.
std::optional<Refusal> check_officer(const GameState& state, Side side, UnitIndex officer) {
  if (officer >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "12.0");
  const UnitState& leader = state.units[officer];
  if (!is_officer(*state.rules, leader) || !leader.on_map() || side_of(leader.army) != side)
    return refuse_by_rule("12.0", "not-an-officer", "{0} is not an officer of the phasing side on the map",
                          {RefusalArg::of_unit(officer)});
  const ReorganizationState* slot = find_reorganization_state(state);
  if (slot && listed(slot->officers_this_segment, officer))
    return refuse_by_rule("12.1E", "officer-reorganized-already",
                          "{0} has already reorganized in this segment", {RefusalArg::of_unit(officer)});
  if (const auto enemy = enemy_near(state, leader))
    return refuse_by_rule("12.1B", "officer-near-enemy", "{0} is within ten hexes of the enemy unit {1}",
                          {RefusalArg::of_unit(officer), RefusalArg::of_unit(*enemy)});
  return std::nullopt;
}

// A unit's checks: in the area (12.0), a full turn since (12.0), of the officer's organization (12.1A).
std::optional<Refusal> check_unit(const GameState& state, Side side, UnitIndex officer, UnitIndex unit) {
  if (unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "12.0");
  const auto candidate = reorganization_candidate(state, unit);
  if (!candidate || side_of(state.units[unit].army) != side)
    return refuse_by_rule("12.0", "not-reorganizable",
                          "{0} is not in the reorganization area (only a full-strength unit with a reduced "
                          "side eliminated in combat is)",
                          {RefusalArg::of_unit(unit)});
  if (!available_for_reorganization(state, *candidate))
    return refuse_by_rule(
        "12.0", "not-yet-reorganizable",
        "{0} may be reorganized only once a full game turn has passed since its elimination",
        {RefusalArg::of_unit(unit)});
  if (!in_organization(state.units[unit], state.units[officer]))
    return refuse_by_rule("12.1A", "wrong-organization", "{0} does not belong to {1}'s organization",
                          {RefusalArg::of_unit(unit), RefusalArg::of_unit(officer)});
  return std::nullopt;
}

std::optional<Refusal> validate_reorganize(const GameState& state, Side side, const RuleAction& action) {
  if (action.units.size() < 2 || action.units.size() > 3 || !action.hexes.empty() ||
      !action.numbers.empty() || !action.choice.empty())
    return refuse(RefusalCode::NoSuchUnit, "12.0");
  const UnitIndex officer = action.units.front();
  if (auto refusal = check_officer(state, side, officer)) return refusal;
  if (action.units.size() == 3 && action.units[1] == action.units[2])
    return refuse(RefusalCode::UnitNamedTwice, "12.0");
  for (std::size_t i = 1; i < action.units.size(); ++i)
    if (auto refusal = check_unit(state, side, officer, action.units[i])) return refusal;
  // 12.1E: the units are placed in the officer's hex within its stacking limit.
  const Hex hex = state.units[officer].hex;
  const Stack stack = action.units.size() == 2
                          ? stack_with(state, hex, side, {action.units[1]})
                          : stack_with(state, hex, side, {action.units[1], action.units[2]});
  if (!stack_fits(state.rules->map, hex, stack))
    return refuse(RefusalCode::Overstacked, "12.1E",
                  {RefusalArg::of_hex(hex), RefusalArg::of_number(stack.total()),
                   RefusalArg::of_number(stack_limit_for(state.rules->map, hex, stack))});
  return std::nullopt;
}

void leave_area(ReorganizationState& slot, UnitIndex unit) {
  std::erase_if(slot.area, [&](const ReorganizationCandidate& c) { return c.unit == unit; });
}

void apply_reorganize(GameState& state, Side side, const RuleAction& action, const DieRoller& roll,
                      std::vector<Event>& events) {
  ReorganizationState& slot = reorganization_state(state);
  const UnitIndex officer = action.units.front();
  const std::vector<UnitIndex> units(action.units.begin() + 1, action.units.end());
  sorted_mark(slot.officers_this_segment, officer, true);
  sorted_mark(slot.without_command, officer, true);  // 12.1D, also after a failed attempt
  // 12.2: a demoralized corps' reorganization is lost on a 5 or 6 (the units share the officer's
  // organization, so one corps).
  bool lost = false;
  if (rule_in_force(*state.rules, "13.0") && corps_demoralized(state, state.units[units.front()])) {
    const int die = roll();
    lost = die >= 5;
    events.push_back(DieRolledEvent{"12.2", die,
                                    lost ? "the units being reorganized are eliminated: to the deadpile"
                                         : "the reorganization goes ahead"});
  }
  const Hex hex = state.units[officer].hex;
  for (UnitIndex index : units) {
    leave_area(slot, index);
    if (lost) {
      events.push_back(RuleEvent{"12.0", "lost", {index, officer}, {}, {}});
      continue;
    }
    UnitState& unit = state.units[index];
    // 9.0: the army's running losses counted its full strength at elimination; back in play, it is
    // no longer a loss (docs/rules-notes.md, 12.0). Eliminated again, it counts as it is then.
    state.eliminated_strength[static_cast<std::size_t>(unit.army)] -= unit.full_strength;
    unit.status = UnitStatus::OnMap;
    unit.hex = hex;
    unit.reduced = true;  // 12.0: "returned to play at its reduced strength"
    unit.moved = false;
    unit.fought = false;
    events.push_back(RuleEvent{"12.0", "reorganized", {index, officer}, {hex}, {}});
    recover_corps_losses(state, index, events);  // 13.3, where 13.0 is in force
  }
  // 12.1D: the officer gives no command for the rest of the player turn; his units may receive it
  // from a commander directly: the command segment's marks are traced again.
  if (rule_in_force(*state.rules, "11.0")) determine_command(state, side);
  if (!reorganization_detail::any_reorganization(state, side)) slot.segment_open = false;
}

// Hands `take` every reorganization `side` may make now, in order: for each officer (12.0, 12.1B,
// 12.1E) with room in his hex (12.1E), each available unit of his organization (12.0, 12.1A) alone,
// and each pair where the hex has room for two. `take` returns false to stop; returns false if it
// stopped.
template <typename Take>
bool for_each_reorganization(const GameState& state, Side side, Take&& take) {
  const ReorganizationState* slot = find_reorganization_state(state);
  if (!slot || slot->area.empty()) return true;
  for (std::size_t o = 0; o < state.units.size(); ++o) {
    const auto officer = static_cast<UnitIndex>(o);
    if (check_officer(state, side, officer)) continue;
    const Hex hex = state.units[officer].hex;
    const auto fits = [&](std::initializer_list<UnitIndex> units) {
      return stack_fits(state.rules->map, hex, stack_with(state, hex, side, units));
    };
    std::vector<UnitIndex> units;
    for (const ReorganizationCandidate& candidate : slot->area)
      if (!check_unit(state, side, officer, candidate.unit)) units.push_back(candidate.unit);
    for (std::size_t i = 0; i < units.size(); ++i) {
      if (!fits({units[i]})) continue;
      if (!take(RuleAction{std::string(kReorganizationRule), "reorganize", {officer, units[i]}, {}, {}, {}}))
        return false;
      for (std::size_t j = i + 1; j < units.size(); ++j)
        if (fits({units[i], units[j]}) &&
            !take(RuleAction{
                std::string(kReorganizationRule), "reorganize", {officer, units[i], units[j]}, {}, {}, {}}))
          return false;
    }
  }
  return true;
}

void generate_reorganize(const GameState& state, Side side, std::vector<Action>& actions) {
  for_each_reorganization(state, side, [&](RuleAction action) {
    actions.push_back(std::move(action));
    return true;
  });
}

std::variant<RuleAction, std::string> parse_reorganize(const GameState& state,
                                                       const std::vector<std::string>& args) {
  if (args.size() < 2 || args.size() > 3) return std::string("expected: reorganize OFFICER UNIT [UNIT]");
  RuleAction action;
  for (const std::string& name : args) {
    auto unit = unit_from_name(state, name);
    if (auto* error = std::get_if<std::string>(&unit)) return *error;
    action.units.push_back(std::get<UnitIndex>(unit));
  }
  return action;
}

std::string format_reorganize(const GameState& state, const RuleAction& action) {
  std::string out;
  for (UnitIndex unit : action.units)
    out += (out.empty() ? "" : " ") + (unit < state.units.size() ? unit_name(state, unit) : std::string("?"));
  return out;
}

std::string label_reorganize(const GameState& state, const RuleAction& action) {
  if (action.units.size() < 2) return "reorganize";
  const auto name = [&](UnitIndex u) {
    return u < state.units.size() ? state.units[u].id : std::string("?");
  };
  std::string out = "reorganize " + name(action.units[1]);
  if (action.units.size() > 2) out += " and " + name(action.units[2]);
  const UnitIndex officer = action.units.front();
  out += " at " + name(officer);
  if (officer < state.units.size()) out += " in " + format_hex(state.units[officer].hex);
  return out;
}

// The officer's army takes it (a Prussian officer's seat, not an Allied one).
void claim_reorganize(const GameState& state, const RuleAction& action, ActionClaim& claim) {
  if (!action.units.empty()) add_army_of(state, action.units.front(), claim);
}

}  // namespace

namespace reorganization_detail {

// The first reorganization found is enough.
bool any_reorganization(const GameState& state, Side side) {
  return !for_each_reorganization(state, side, [](const RuleAction&) { return false; });
}

extern const RuleActionKind reorganize{
    .verb = "reorganize",
    .grammar = "reorganize OFFICER UNIT [UNIT]",
    .validate = validate_reorganize,
    .apply = apply_reorganize,
    .generate = generate_reorganize,
    .parse = parse_reorganize,
    .format = format_reorganize,
    .label = label_reorganize,
    .claim = claim_reorganize,
};
}  // namespace reorganization_detail

}  // namespace hd::engine
