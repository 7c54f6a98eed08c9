// Ending a phase (4.1), or a rule's segment: the sequence of play moves on, refused while the phase's
// obligations are unmet (5.4 stacking, 6.1 owed combats); ending a side's set-up accepts its placement
// (3.2C). Its descriptor in the action registry (action_kind.hpp).
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/state/stacking.hpp>

#include <map>

namespace hd::engine {
namespace {

// 6.1, read as "must fight if it can": an owed unit binds the phase only while an unfought enemy is
// adjacent across a hexside an attack may cross (docs/rules-notes.md, 6.1). An owed defender is not
// held by a phasing supply train next to it, which cannot attack (16.17C).
// A phasing unit in a chateau is never obliged to attack (8.2A), so a defender next to nothing else
// is not owed either.
bool can_still_fight(const GameState& state, UnitIndex index) {
  const UnitState& unit = state.units[index];
  const bool defending = side_of(unit.army) != state.phasing;
  for (const UnitState& other : state.units) {
    if (!other.on_map() || other.is_leader() || other.fought || side_of(other.army) == side_of(unit.army) ||
        !adjacent(other.hex, unit.hex))
      continue;
    if (defending && other.is_supply_train()) continue;  // 16.17C: a train cannot attack
    if (defending && state.rules->map.terrain(other.hex) == HexTerrain::Chateau) continue;
    if (attack_crosses(state.rules->map, other.hex, unit.hex)) return true;
  }
  return false;
}

// 5.4, 8.1A: no hex of the phasing side holds more than its limit at the end of a phase.
std::optional<Refusal> check_stacking(const GameState& state) {
  std::map<Hex, Stack> stacks;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && side_of(unit.army) == state.phasing)  // 10.1B
      add_to_stack(*state.rules, unit, stacks[unit.hex]);
  for (const auto& [hex, stack] : stacks) {
    if (!stack_fits(state.rules->map, hex, stack)) {
      const bool chateau = state.rules->map.terrain(hex) == HexTerrain::Chateau;
      return refuse(RefusalCode::Overstacked, chateau ? "8.1A" : "5.4",
                    {RefusalArg::of_hex(hex), RefusalArg::of_number(stack.total()),
                     RefusalArg::of_number(stack_limit_for(state.rules->map, hex, stack))});
    }
  }
  return std::nullopt;
}

void begin_phase(GameState& state, Phase phase, const DieRoller& roll, std::vector<Event>& events) {
  state.phase = phase;
  state.entries_this_phase.clear();
  state.combats_this_phase = 0;
  for (UnitState& unit : state.units) {
    unit.moved = false;
    unit.fought = false;
    unit.must_fight = false;
    unit.may_not_fire = false;
    unit.advanced = false;
    unit.displaced_by_combat = 0;
  }
  if (phase == Phase::Combat) mark_obligations(state);
  events.emplace_back(PhaseStartedEvent{state.turn, state.phasing, phase});
  rules_phase_start(state, roll, events);  // 18.5B, 18.5C, 19.5D
}

// 4.1: movement, then combat (none at night or in rain: 4.2, 4.3); French and Coalition player
// turns in the scenario's order; the game ends after the last turn (4.1 interphase).
// 3.2C: the set-up comes first, the French side's then the Coalition's (each only if it has "w/N"
// units); then play begins with the scenario's first side.
void end_phase(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  const Side first = state.rules->scenario.first_side;
  if (state.phase == Phase::Setup) {
    if (state.phasing == Side::French && has_setup_choices(state, Side::Coalition)) {
      state.phasing = Side::Coalition;
      return begin_phase(state, Phase::Setup, roll, events);
    }
    state.phasing = first;
    rules_play_start(state, roll, events);  // 18.5A
    return begin_phase(state, Phase::Movement, roll, events);
  }
  const GameTurn& turn = state.current_turn();
  if (state.phase == Phase::Movement && !turn.night && !raining(state))
    return begin_phase(state, Phase::Combat, roll, events);
  rules_player_turn_end(state, state.phasing);  // 19.4C
  if (state.phasing == first) {
    state.phasing = other(first);
    return begin_phase(state, Phase::Movement, roll, events);
  }
  if (state.turn + 1 >= static_cast<int>(state.rules->turns.size())) {
    state.phase = Phase::GameOver;
    state.result = final_result(state);
    events.push_back(GameEndedEvent{*state.result});
    return;
  }
  ++state.turn;
  state.phasing = first;
  begin_phase(state, Phase::Movement, roll, events);
}

// The phase's obligations: 3.2C placements are checked one by one; 5.4 stacking after movement;
// 6.1 owed combats after combat.
std::optional<Refusal> validate_end_phase(const GameState& state, Side, const Action&, ActionCheck&) {
  if (const RuleModule* open = open_rule_segment(state))
    return open->hooks.segment->refuse_close ? open->hooks.segment->refuse_close(state) : std::nullopt;
  if (state.phase == Phase::Setup) return std::nullopt;
  if (state.phase == Phase::Movement) return check_stacking(state);
  for (UnitIndex owed : owed_combat(state)) {
    if (can_still_fight(state, owed)) {
      return refuse(RefusalCode::MustStillFight, "6.1", {RefusalArg::of_unit(owed)});
    }
  }
  return std::nullopt;
}

void apply_end_phase(GameState& state, Side, const Action&, const ActionCheck&, const DieRoller& roll,
                     std::vector<Event>& events) {
  // Ending a rule's open segment (12.0's reorganization) moves on to the phase it opened.
  if (const RuleModule* open = open_rule_segment(state)) return open->hooks.segment->close(state, events);
  end_phase(state, roll, events);
}

// Offered when the phase's obligations are met: that verdict is validate()'s own.
void generate_end_phase(const GameState& state, Side side, std::vector<Action>& actions) {
  if (!validate(state, side, EndPhaseAction{})) actions.push_back(EndPhaseAction{});
}

std::variant<Action, std::string> parse_end_phase(const GameState&, const std::vector<std::string>& args) {
  if (!args.empty()) return std::string("'end' takes nothing more");
  return EndPhaseAction{};
}

std::string format_end_phase(const GameState&, const Action&) {
  return "end";
}

// Any seat of the deciding side may end its phase.
void claim_end_phase(const GameState&, const Action&, ActionClaim&) {}

}  // namespace

namespace kinds {
extern const ActionKind end_phase{
    .verb = "end",
    .grammar = "end",
    .rule = "4.1",
    .alternative = action_alternative<EndPhaseAction>,
    .answers = decisions(DecisionKind::SetupPlacement, DecisionKind::SetupEnd, DecisionKind::Move,
                         DecisionKind::Attack, DecisionKind::Rule),
    .phasing_only = true,
    .validate = validate_end_phase,
    .apply = apply_end_phase,
    .generate = generate_end_phase,
    .parse = parse_end_phase,
    .format = format_end_phase,
    .claim = claim_end_phase,
};
}  // namespace kinds

}  // namespace hd::engine
