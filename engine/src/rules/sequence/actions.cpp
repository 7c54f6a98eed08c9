#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/engine/state/invariants.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

bool decision_pending(const GameState& state) {
  return !state.pending_retreats.empty() || state.pending_advance.has_value() ||
         state.pending_exchange.has_value();
}

// 6.1, read as "must fight if it can": an owed unit binds the phase only while an unfought enemy is
// adjacent across a hexside an attack may cross (docs/rules-notes.md, 6.1).
// A phasing unit in a chateau is never obliged to attack (8.2A), so a defender next to nothing else
// is not owed either.
bool can_still_fight(const GameState& state, UnitIndex index) {
  const UnitState& unit = state.units[index];
  const bool defending = side_of(unit.army) != state.phasing;
  for (const UnitState& other : state.units) {
    if (!other.on_map() || other.is_leader() || other.fought || side_of(other.army) == side_of(unit.army) ||
        !adjacent(other.hex, unit.hex))
      continue;
    if (defending && state.rules->map.terrain(other.hex) == HexTerrain::Chateau) continue;
    if (attack_crosses(state.rules->map, other.hex, unit.hex)) return true;
  }
  return false;
}

// 5.4, 8.1A: no hex of the phasing side holds more than its limit at the end of a phase.
std::optional<Refusal> check_stacking(const GameState& state) {
  std::map<Hex, int> count;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && side_of(unit.army) == state.phasing)
      ++count[unit.hex];  // 10.1B
  for (const auto& [hex, units] : count) {
    if (units > stacking_limit(state.rules->map, hex)) {
      const bool chateau = state.rules->map.terrain(hex) == HexTerrain::Chateau;
      return refuse(RefusalCode::Overstacked, chateau ? "8.1A" : "5.4",
                    {RefusalArg::of_hex(hex), RefusalArg::of_number(units),
                     RefusalArg::of_number(stacking_limit(state.rules->map, hex))});
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
  if (state.phase == Phase::Movement && !turn.night && !turn.rain)
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

// Carries out a move check_move() accepted, which also found its cost (`spent` half MP).
void apply_move(GameState& state, const MoveRequest& move, int spent, std::vector<Event>& events) {
  UnitState& unit = state.units[move.unit];
  const bool entered = unit.status == UnitStatus::Waiting;
  if (entered) {
    if (!unit.is_leader()) ++state.entries_this_phase[move.path.front()];  // 5.6A: stacks of units
    unit.status = UnitStatus::OnMap;
  }
  const Side side = side_of(unit.army);
  if (!unit.is_leader())  // 3.4B: control goes with combat units (docs/rules-notes.md, 10.1)
    for (Hex hex : move.path)
      state.control[hex] = side;
  unit.hex = move.path.back();
  unit.moved = true;
  if (move.exit_map) {
    unit.status = UnitStatus::Exited;  // 5.5A
    if (rules_exit_counts(state, unit.army))
      state.exited_strength[static_cast<std::size_t>(side)] += unit.strength();  // 20.4C
  }
  events.emplace_back(UnitMovedEvent{move.unit, move.path, spent, entered, move.exit_map});
}

// validate(), also giving a move's cost in half MP (so that apply() checks a move only once).
std::optional<Refusal> validate_action(const GameState& state, Side side, const Action& action,
                                       int* move_spent) {
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0");
  if (const auto* place = std::get_if<PlaceAction>(&action)) return check_place(state, side, *place);
  if (const auto* exchange = std::get_if<ExchangeLossAction>(&action)) {
    if (!state.pending_exchange || state.pending_exchange->side != side)
      return refuse(RefusalCode::NoExchangePending, "6.5A");
    return check_exchange(state, *exchange);
  }
  if (const auto* retreat = std::get_if<RetreatAction>(&action)) {
    if (retreat->unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "6.6");
    if (side_of(state.units[retreat->unit].army) != side) return refuse(RefusalCode::OwnerRetreats, "6.6B");
    return check_retreat(state, *retreat);
  }
  if (const auto* advance = std::get_if<AdvanceAction>(&action)) {
    if (!state.pending_advance || state.pending_advance->side != side || !state.pending_retreats.empty()) {
      // 9.3: a demoralized army's unit is never offered the advance; say so rather than "none offered".
      if (advance->unit && *advance->unit < state.units.size() && state.pending_retreats.empty() &&
          state.phase == Phase::Combat && side_of(state.units[*advance->unit].army) == side) {
        if (auto refusal = demoralized_advance_refusal(state, *advance->unit)) return refusal;
      }
      return refuse(RefusalCode::NoAdvanceOffered, "6.7");
    }
    return check_advance(state, *advance);
  }
  if (side != state.phasing) return refuse(RefusalCode::NotYourTurn, "4.1");
  if (decision_pending(state)) return refuse(RefusalCode::DecisionPending, "6.6");
  if (const auto* move = std::get_if<MoveAction>(&action)) return check_move(state, move->move, move_spent);
  if (const auto* attack = std::get_if<AttackAction>(&action)) return check_attack(state, *attack);
  // EndPhaseAction
  if (state.phase == Phase::Setup) return std::nullopt;  // 3.2C: placements are checked one by one
  if (state.phase == Phase::Movement) return check_stacking(state);
  for (UnitIndex owed : owed_combat(state)) {
    if (can_still_fight(state, owed)) {
      return refuse(RefusalCode::MustStillFight, "6.1", {RefusalArg::of_unit(owed)});
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Refusal> validate(const GameState& state, Side side, const Action& action) {
  return validate_action(state, side, action, nullptr);
}

std::vector<Event> apply(GameState& state, Side side, const Action& action, const DieRoller& roll) {
  int move_spent = 0;
  if (auto refusal = validate_action(state, side, action, &move_spent))
    throw ActionRefused(*refusal, describe(*refusal, state));
  std::vector<Event> events;
  // 10.2: the leaders stacked with combat units before a combat action.
  const bool combat_action = std::holds_alternative<AttackAction>(action) ||
                             std::holds_alternative<RetreatAction>(action) ||
                             std::holds_alternative<ExchangeLossAction>(action);
  const std::vector<UnitIndex> accompanied =
      combat_action ? accompanied_leaders(state) : std::vector<UnitIndex>{};
  const DieRoller checked_roll = [&roll] {
    const int die = roll();
    if (die < 1 || die > 6) throw std::out_of_range("a die roll must be 1 to 6");
    return die;
  };
  std::visit(
      [&](const auto& a) {
        using A = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<A, MoveAction>) {
          apply_move(state, a.move, move_spent, events);
        } else if constexpr (std::is_same_v<A, EndPhaseAction>) {
          end_phase(state, checked_roll, events);
        } else if constexpr (std::is_same_v<A, AttackAction>) {
          resolve_attack(state, a, checked_roll(), events);
        } else if constexpr (std::is_same_v<A, RetreatAction>) {
          resolve_retreat(state, a, events);
        } else if constexpr (std::is_same_v<A, AdvanceAction>) {
          resolve_advance(state, a, events);
        } else if constexpr (std::is_same_v<A, ExchangeLossAction>) {
          resolve_exchange(state, a, events);
        } else if constexpr (std::is_same_v<A, PlaceAction>) {
          resolve_place(state, a, events);
        }
      },
      action);
  // 10.2's die for leaders left without their units, then 10.1E for leaders caught alone.
  roll_for_bereft_leaders(state, accompanied, checked_roll, events);
  displace_caught_leaders(state, events);
  // Scenario rules that watch every action (21.3B), and morale levels that moved with them (18.3B).
  if (state.phase != Phase::GameOver) {
    rules_after_action(state, events);
    update_morale(state, events);
  }
  ++state.actions_applied;
#ifdef HD_CHECK_INVARIANTS
  check_invariants(state);  // test builds: an engine bug stops at the action that caused it
#endif
  return events;
}

std::string describe(const Refusal& refusal, const GameState& state) {
  return format_refusal(refusal.code, refusal.args, [&](UnitIndex unit) {
    return unit < state.units.size() ? state.units[unit].id : std::string("that unit");
  });
}

}  // namespace hd::engine
