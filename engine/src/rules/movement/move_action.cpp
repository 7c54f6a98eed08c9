// The move (5.0): one unit along a path, entering the map first if it is a reinforcement (5.6) and
// leaving it at the end if asked (5.5). Its descriptor in the action registry (action_kind.hpp).
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

// 16.3 (issue 14): how many hexes of `move`'s path the unit really moves: all of them if the board
// that is accepts the move; otherwise (a move the mover's side believed legal, stopped by an enemy
// piece it did not observe) the longest beginning of the path that is a legal move, the unit halting
// where the piece bars its way; 0 if none is (validate_move). `spent_half`: the cost of what is moved.
std::size_t hexes_really_moved(const GameState& state, const MoveRequest& move, int& spent_half) {
  if (!check_move(state, move, &spent_half)) return move.path.size();
  if (move.path.empty()) return 0;
  for (std::size_t hexes = move.path.size() - 1; hexes > 0; --hexes) {
    const MoveRequest shorter{move.unit, {move.path.begin(), move.path.begin() + hexes}, false};
    if (!check_move(state, shorter, &spent_half)) return hexes;
  }
  return 0;
}

// 5.0. Where 16.3 is in force the mover's side knows only the enemy pieces it observes, so a move is
// judged on the board it believes (believed_board): refused there, it is refused with that board's
// reason, which names only what the side knows or believes. Accepted there but not on the board that
// is, an enemy piece the side does not observe bars the way: the unit moves as far as it legally may
// and halts (hexes_really_moved), in sight of the piece (a zone of control is entered next to it, as
// 16.6C halts a move at a marker), instead of a refusal telling where an unseen piece stands. A
// reinforcement whose entry hex an unseen enemy bars moves not at all: refused with the real reason,
// as the unit arriving would find it (docs/rules-notes.md, 16.3 "Moves").
std::optional<Refusal> validate_move(const GameState& state, Side side, const Action& action,
                                     ActionCheck& check) {
  const MoveRequest& move = std::get<MoveAction>(action).move;
  auto refusal = check_move(state, move, &check.move_spent_half);
  if (!refusal || !knowledge_kept(state)) return refusal;
  if (auto believed = check_move(believed_board(state, side), move)) return believed;
  if (hexes_really_moved(state, move, check.move_spent_half) == 0) return refusal;
  return std::nullopt;
}

// Carries out a move validate_move() accepted, which also found its cost; a move halted by an
// unseen enemy (16.3) is cut where it halts.
void apply_move(GameState& state, Side, const Action& action, const ActionCheck& check, const DieRoller&,
                std::vector<Event>& events) {
  MoveRequest move = std::get<MoveAction>(action).move;
  int spent = check.move_spent_half;
  if (knowledge_kept(state)) {
    const std::size_t hexes = hexes_really_moved(state, move, spent);
    if (hexes < move.path.size()) {
      move.path.resize(hexes);
      move.exit_map = false;
    }
  }
  // 16.6C: a rule may stop the unit at a hex of its path; the move is cut there.
  for (std::size_t i = 0; i < move.path.size(); ++i) {
    if (!rules_halt_move(state, move.unit, move.path[i])) continue;
    if (i + 1 < move.path.size()) {
      spent = path_cost(state, move, i + 1);
      move.path.resize(i + 1);
      move.exit_map = false;
    }
    break;
  }
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
  // 10.1E: enemy leaders alone that the mover catches on its way, placed at that instant; their
  // events follow the move's.
  std::vector<Event> caught;
  displace_leaders_caught_in_passing(state, move.unit, move.path, caught);
  unit.hex = move.path.back();
  unit.moved = true;
  if (move.exit_map) {
    unit.status = UnitStatus::Exited;  // 5.5A
    if (rules_victory(state).exits_score[static_cast<std::size_t>(unit.army)])
      state.exited_strength[static_cast<std::size_t>(side)] += unit.strength();  // 20.4C
  }
  events.emplace_back(UnitMovedEvent{move.unit, move.path, spent, entered, move.exit_map});
  events.insert(events.end(), caught.begin(), caught.end());
}

// One move to each hex a unit of `side` can reach, by its cheapest path, with and without leaving
// the map there (5.5).
void generate_moves(const GameState& state, Side side, std::vector<Action>& actions) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const auto unit = static_cast<UnitIndex>(i);
    if (side_of(state.units[i].army) != side) continue;
    for (const ReachableHex& reach : reachable_hexes(state, unit)) {
      if (reach.can_stop) actions.push_back(MoveAction{MoveRequest{unit, reach.path, false}});
      if (reach.can_exit) actions.push_back(MoveAction{MoveRequest{unit, reach.path, true}});
    }
  }
}

std::variant<Action, std::string> parse_move(const GameState& state, const std::vector<std::string>& args) {
  if (args.empty()) return std::string("a unit is missing");
  auto unit = unit_from_name(state, args[0]);
  if (auto* error = std::get_if<std::string>(&unit)) return *error;
  MoveRequest move;
  move.unit = std::get<UnitIndex>(unit);
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "exit" && i + 1 == args.size()) {
      move.exit_map = true;
      break;
    }
    const auto hex = parse_hex(args[i]);
    if (!hex) return "expected a hex CCRR, found '" + args[i] + "'";
    move.path.push_back(*hex);
  }
  if (move.path.empty()) return std::string("a move needs hexes");
  return MoveAction{move};
}

std::string format_move(const GameState& state, const Action& action) {
  const MoveRequest& move = std::get<MoveAction>(action).move;
  std::string out = "move " + unit_name(state, move.unit);
  for (Hex hex : move.path)
    out += ' ' + format_hex(hex);
  if (move.exit_map) out += " exit";
  return out;
}

// 5.0: a unit moves for its own army.
void claim_move(const GameState& state, const Action& action, ActionClaim& claim) {
  add_army_of(state, std::get<MoveAction>(action).move.unit, claim);
}

}  // namespace

namespace kinds {
extern const ActionKind move{
    .verb = "move",
    .grammar = "move UNIT HEX ... [exit]",
    .rule = "5.0",
    .alternative = action_alternative<MoveAction>,
    .answers = decisions(DecisionKind::Move),
    .phasing_only = true,
    .undoable = true,  // 5.1C
    .validate = validate_move,
    .apply = apply_move,
    .generate = generate_moves,
    .parse = parse_move,
    .format = format_move,
    .claim = claim_move,
};
}  // namespace kinds

}  // namespace hd::engine
