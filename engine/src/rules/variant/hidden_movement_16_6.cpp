// 16.6 Hidden Movement: the rule module (rules/variant/hidden_movement.hpp). Each side may hide units
// during its set-up (16.6A, `hide` beside 3.2C's placements); the hidden movement segment opens in
// each friendly command phase of a daylight or rain turn; there the phasing side hides units under a
// pair of HM markers (16.6A, `hide`) or reveals a pair placed in an earlier command phase or at set-up
// (16.6C, voluntary, `reveal`). Readings: docs/rules-notes.md, 16.6.
#include <hd/engine/board/hex.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(HiddenMovementState& h, HiddenPair& p) {
  HD_ALL_MEMBERS_WALKED(HiddenMovementState, h, h1, h2, h3, h4, h5);
  HD_ALL_MEMBERS_WALKED(HiddenPair, p, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10);
}

constexpr int kArmies = 3;  // French, Prussian, Allied: an army's number in a marker's action

// A pair's entry in HiddenMovementState::placed_turn.
std::size_t placed_index(Army army, int number) {
  return static_cast<std::size_t>(static_cast<int>(army) * kHiddenPairsPerArmy + number - 1);
}

// A pair's number as written: digits only ("3x" is no number).
std::optional<int> parse_pair_number(std::string_view text) {
  int number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return number;
}

HiddenMovementState& slot_of(GameState& state) {
  return state.rule_state.get<HiddenMovementState>(kHiddenMovementRule);
}

const HiddenMovementState* find_slot(const GameState& state) {
  return state.rule_state.find<HiddenMovementState>(kHiddenMovementRule);
}

void open_slot(GameState& state) {
  state.rule_state.add<HiddenMovementState>(kHiddenMovementRule);
}

const HiddenPair* pair_on_map(const GameState& state, Army army, int number) {
  for (const HiddenPair& pair : hidden_pairs(state))
    if (pair.army == army && pair.number == number) return &pair;
  return nullptr;
}

// 16.3: true if a piece of `side`'s enemy on the map observes `hex` now.
bool enemy_observes_hex(const GameState& state, Side side, Hex hex) {
  return side_observes_hex(state, other(side), hex);
}

// 16.3 (issue 14): the board a side's hides and marker moves are judged on. The side knows only the
// enemy pieces it observes, and a marker observes nothing, so in play they are judged on the board
// it believes (believed_board): a refusal names only what it knows or believes, never where an
// unseen enemy stands or what it observes; carried out on the board that is, a marker placed or
// moved where an unseen enemy observes it is revealed there at once (16.6C, apply_move_marker and
// judge_markers). At set-up the board as it is: the set-up is printed in the scenario, public.
struct JudgedBoard {
  std::optional<GameState> believed;
  const GameState& board;
  JudgedBoard(const GameState& state, Side side)
      : believed(state.phase != Phase::Setup && knowledge_kept(state)
                     ? std::optional(believed_board(state, side))
                     : std::nullopt),
        board(believed ? *believed : state) {}
  JudgedBoard(const JudgedBoard&) = delete;  // `board` may refer to its own `believed`
  JudgedBoard& operator=(const JudgedBoard&) = delete;
};

bool in_play_area(const Ruleset& rules, Hex hex) {
  return rules.map.bounds().contains(hex) && rules.scenario.area.contains(hex);
}

// A hex holding a marker of any pair on the map but `except`.
bool holds_marker(const GameState& state, Hex hex, const HiddenPair* except = nullptr) {
  for (const HiddenPair& pair : hidden_pairs(state))
    if (&pair != except && (pair.marker_a == hex || pair.marker_b == hex)) return true;
  return false;
}

// 16.6A: "units and officers": not an army HQ (16.14) or a supply train (16.17).
bool may_go_hidden(const Ruleset& rules, const UnitState& piece) {
  return !piece.is_supply_train() && !is_headquarters(rules, piece);
}

// 16.6A: "units ... entering as reinforcements": a reinforcement due now (its arrival turn come, its
// entry hexes known) that has not entered. It goes hidden at one of its entry hexes; "reinforcements
// are assumed to be out of observation range until they enter the map".
bool entering_now(const GameState& state, const UnitState& piece) {
  if (state.phase == Phase::Setup) return false;  // none enters before play begins
  return piece.status == UnitStatus::Waiting && piece.arrival_turn >= 0 && piece.arrival_turn <= state.turn &&
         !piece.entry_hexes.empty();
}

// A hex `piece` may enter the map at now (5.6, 5.6D: its entry hexes, or where they are blocked the
// nearest open edge hexes).
bool enters_at(const GameState& state, const UnitState& piece, Hex hex) {
  const std::vector<Hex> open = entry_hexes_now(state, piece);
  return std::find(open.begin(), open.end(), hex) != open.end();
}

// 16.6A with 11.0: every hidden combat unit in command, and an officer among the hidden pieces able to
// transmit command to it (one of its organization, 11.1B, or a commander of its army).
std::optional<Refusal> command_refusal(const GameState& state, const std::vector<UnitIndex>& pieces) {
  if (!rule_in_force(*state.rules, "11.0")) return std::nullopt;
  for (UnitIndex u : pieces) {
    const UnitState& unit = state.units[u];
    if (unit.is_leader()) continue;
    // A reinforcement has no command traced before it enters: only its officer is required.
    if (unit.on_map() && out_of_command(state, u))
      return refuse_by_rule("16.6A", "hidden-out-of-command", "{0} is out of command: it may not go hidden",
                            {RefusalArg::of_unit(u)});
    const bool accompanied = std::any_of(pieces.begin(), pieces.end(), [&](UnitIndex l) {
      const UnitState& leader = state.units[l];
      return leader.is_leader() && leader.army == unit.army &&
             (is_commander(*state.rules, leader) ||
              (is_officer(*state.rules, leader) && in_organization(unit, leader)));
    });
    if (!accompanied)
      return refuse_by_rule("16.6A", "hidden-without-officer",
                            "{0} goes hidden with no officer able to transmit command to it",
                            {RefusalArg::of_unit(u)});
  }
  return std::nullopt;
}

// True if `side` has a free pair and a piece that may go hidden where no enemy observes it (16.6A).
bool hide_possible(const GameState& state, Side side) {
  std::map<Army, int> placed;
  for (const HiddenPair& pair : hidden_pairs(state))
    if (side_of(pair.army) == side) ++placed[pair.army];
  const std::vector<bool> seen = observed_by(state, other(side));
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if ((unit.on_map() || entering_now(state, unit)) && !unit.is_leader() && side_of(unit.army) == side &&
        may_go_hidden(*state.rules, unit) && !seen[i] && placed[unit.army] < kHiddenPairsPerArmy)
      return true;
  }
  return false;
}

// The segment has a choice for `side`: a pair of its own on the map placed before this turn (16.6C),
// or a hide (hide_possible).
bool segment_has_choice(const GameState& state, Side side) {
  for (const HiddenPair& pair : hidden_pairs(state))
    if (side_of(pair.army) == side && pair.turn < state.turn) return true;
  return hide_possible(state, side);
}

// The first pair being revealed (16.6C, involuntary), by army then number, or null.
const HiddenPair* due_reveal(const GameState& state) {
  for (const HiddenPair& pair : hidden_pairs(state))
    if (pair.revealing) return &pair;
  return nullptr;
}

Refusal deploy_first(const HiddenPair& due) {
  return refuse_by_rule("16.6C", "deploy-first",
                        "hidden movement pair {0} is being revealed: its pieces are deployed first",
                        {RefusalArg::of_number(due.number)});
}

// 16.6C: "Hidden units must be revealed the instant either marker of a pair comes under enemy
// observation": every pair with a marker the enemy observes now is marked for its owner to deploy.
void mark_observed_pairs(GameState& state, std::vector<Event>& events) {
  for (HiddenPair& pair : slot_of(state).pairs) {
    if (pair.revealing || !(enemy_observes_hex(state, side_of(pair.army), pair.marker_a) ||
                            enemy_observes_hex(state, side_of(pair.army), pair.marker_b)))
      continue;
    pair.revealing = true;
    events.push_back(RuleEvent{std::string(kHiddenMovementRule),
                               "marker-observed",
                               {},
                               {pair.marker_a, pair.marker_b},
                               {static_cast<int>(pair.army), pair.number}});
  }
}

// 16.6C: "If this occurs while an enemy unit is in motion, temporarily halt the moving unit": a move
// stops at the first hex from which the mover observes a marker of the enemy not yet revealed.
bool halts_at_marker(const GameState& state, UnitIndex unit, Hex at) {
  const std::vector<HiddenPair>& pairs = hidden_pairs(state);
  if (pairs.empty()) return false;
  const Side side = side_of(state.units[unit].army);
  const int reach = observation_distance(state);
  return std::any_of(pairs.begin(), pairs.end(), [&](const HiddenPair& pair) {
    return side_of(pair.army) != side && !pair.revealing &&
           (observes(*state.rules, at, pair.marker_a, reach) ||
            observes(*state.rules, at, pair.marker_b, reach));
  });
}

// After every action: the pairs whose markers the enemy observes now are revealed; a move that made
// it so was halted there (halts_at_marker), and its unit may "then complete the enemy movement" with
// the allowance it had left (halted_unit_terms). A halted unit's next move ends the halt.
void judge_markers(GameState& state, std::vector<Event>& events) {
  HiddenMovementState* slot = state.rule_state.find<HiddenMovementState>(kHiddenMovementRule);
  if (!slot) return;
  std::optional<UnitMovedEvent> moved;  // a copy: the events grow below
  for (const Event& event : events)
    if (const auto* m = std::get_if<UnitMovedEvent>(&event)) moved = *m;
  int spent_before = 0;
  if (moved && slot->halted_unit == static_cast<int>(moved->unit)) {
    spent_before = slot->halted_spent_half;
    slot->halted_unit = -1;
    slot->halted_spent_half = 0;
  }
  if (slot->pairs.empty()) return;
  const std::size_t before = events.size();
  mark_observed_pairs(state, events);
  if (events.size() == before || !moved || moved->exited) return;
  slot->halted_unit = static_cast<int>(moved->unit);
  slot->halted_spent_half = spent_before + moved->spent_half;
  state.units[moved->unit].moved = false;  // 5.1C: its move is not over
}

// 16.6C: the halted unit moves on with what it had not spent.
void halted_unit_terms(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  const HiddenMovementState* slot = find_slot(state);
  if (slot && slot->halted_unit >= 0 && index_of(state, unit) == static_cast<UnitIndex>(slot->halted_unit))
    terms.allowance_half_mp = std::max(0, terms.allowance_half_mp - slot->halted_spent_half);
}

// 16.6A, 16.6C: "during a friendly command phase": the hidden movement segment opens at the start of
// each movement phase of a daylight or rain turn (4.2: no command phase at night), after 11.0's
// command segment, while the phasing side has a choice in it.
// Each phase also begins with every marker free to move again (16.6B, 5.1C).
void open_segment(GameState& state, const DieRoller&, std::vector<Event>& events) {
  HiddenMovementState& slot = slot_of(state);
  for (HiddenPair& pair : slot.pairs)
    pair.moved_a = pair.moved_b = false;
  slot.segment_open = state.phase == Phase::Movement && !state.current_turn().night &&
                      segment_has_choice(state, state.phasing);
  mark_observed_pairs(state, events);  // 16.6C: the distance grows at dawn and when the rain stops
}

void end_player_turn(GameState& state, Side) {
  HiddenMovementState& slot = slot_of(state);
  slot.segment_open = false;
  slot.halted_unit = -1;
  slot.halted_spent_half = 0;
}

// Open in the phasing side's command phase, and whenever a pair is being revealed (16.6C).
bool segment_open(const GameState& state) {
  const HiddenMovementState* slot = find_slot(state);
  return slot && ((slot->segment_open && state.phase == Phase::Movement) || due_reveal(state));
}

// A revealed pair's owner deploys it, in either side's phase (16.6C).
Side segment_decider(const GameState& state) {
  const HiddenPair* due = due_reveal(state);
  return due ? side_of(due->army) : state.phasing;
}

std::string segment_question(const GameState& state) {
  if (const HiddenPair* due = due_reveal(state))
    return "deploy the pieces of " + std::string(to_string(due->army)) + " hidden movement pair " +
           std::to_string(due->number) + ", revealed under enemy observation (16.6C)";
  return "hide units under a pair of hidden movement markers (16.6A), reveal a pair (16.6C), or end the "
         "hidden movement segment";
}

std::optional<Refusal> refuse_close(const GameState& state) {
  if (const HiddenPair* due = due_reveal(state)) return deploy_first(*due);
  return std::nullopt;
}

void close_segment(GameState& state, std::vector<Event>&) {
  slot_of(state).segment_open = false;
}

// After an action of the segment: it closes once the side has no choice left in it.
void close_if_done(GameState& state, Side side) {
  if (!segment_has_choice(state, side)) slot_of(state).segment_open = false;
}

// `hide PAIR HEX A|B PIECE...` (16.6A): the pieces are the phasing side's, of one army, on the map in
// or adjacent to HEX, units and officers (no HQ or train), none observed by the enemy, at least one a
// combat unit; with 11.0, in command and accompanied by officers able to command them. The pair is
// free, HEX is in play and not observed by the enemy, and once they are removed it holds no unit (its
// leaders aside, who stack with a marker freely: 16.6B) and no other marker. A|B: the real marker.
std::optional<Refusal> check_hide(const GameState& state, Side side, const RuleAction& action) {
  if (const HiddenPair* due = due_reveal(state)) return deploy_first(*due);
  if (action.numbers.size() != 1 || action.hexes.size() != 1 || action.units.empty() ||
      (action.choice != "A" && action.choice != "B"))
    return refuse(RefusalCode::NoSuchUnit, "16.6A");
  for (UnitIndex u : action.units)
    if (u >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "16.6A");
  const std::set<UnitIndex> pieces(action.units.begin(), action.units.end());
  if (pieces.size() != action.units.size()) return refuse(RefusalCode::NoSuchUnit, "16.6A");
  const int number = action.numbers.front();
  const Hex hex = action.hexes.front();
  const Army army = state.units[action.units.front()].army;
  if (number < 1 || number > kHiddenPairsPerArmy)
    return refuse_by_rule("16.6", "no-such-pair", "each army has hidden movement pairs 1 to {0}",
                          {RefusalArg::of_number(kHiddenPairsPerArmy)});
  if (side_of(army) != side)
    return refuse(RefusalCode::NotPhasingUnit, "16.6A", {RefusalArg::of_unit(action.units.front())});
  if (pair_on_map(state, army, number))
    return refuse_by_rule("16.6A", "pair-on-map",
                          "hidden movement pair {0} of this army is on the map already",
                          {RefusalArg::of_number(number)});
  // A pair revealed in the turn it was placed (16.6C: placed where an enemy its side did not see
  // observes it) is not placed again before the next turn: each placement is a secret of its own,
  // named by its pair and turn (docs/commitments.md; docs/rules-notes.md, 16.6 "Where").
  if (last_placed_turn(state, army, number) == placement_turn(state))
    return refuse_by_rule("16.6A", "pair-placed-this-turn",
                          "hidden movement pair {0} of this army was placed this turn already",
                          {RefusalArg::of_number(number)});
  if (!in_play_area(*state.rules, hex))
    return refuse(RefusalCode::OutOfPlay, "3.2A", {RefusalArg::of_hex(hex)});
  const std::vector<bool> seen = observed_by(state, other(side));
  bool combat_unit = false;
  for (UnitIndex u : action.units) {
    const UnitState& piece = state.units[u];
    if (piece.army != army)
      return refuse_by_rule("16.6A", "hidden-armies-mixed",
                            "{0} is not of the pair's army: a pair hides one army's",
                            {RefusalArg::of_unit(u)});
    const bool entering = entering_now(state, piece);
    if (!piece.on_map() && !entering)
      return refuse(RefusalCode::NotInPlay, "16.6A", {RefusalArg::of_unit(u)});
    if (!may_go_hidden(*state.rules, piece))
      return refuse_by_rule("16.6A", "may-not-go-hidden",
                            "{0} is neither a unit nor an officer: it may not go hidden",
                            {RefusalArg::of_unit(u)});
    if (entering) {
      if (!enters_at(state, piece, hex))
        return refuse_by_rule(
            "16.6A", "hidden-not-entry-hex",
            "{0} enters the map elsewhere: as a reinforcement it goes hidden at its entry hex",
            {RefusalArg::of_unit(u)});
      combat_unit = combat_unit || !piece.is_leader();
      continue;
    }
    if (distance(piece.hex, hex) > 1)
      return refuse_by_rule("16.6A", "hidden-too-far", "{0} is neither in nor adjacent to {1}",
                            {RefusalArg::of_unit(u), RefusalArg::of_hex(hex)});
    if (seen[u])
      return refuse_by_rule("16.6A", "hidden-observed",
                            "{0} is under enemy observation (16.3): it may not go hidden",
                            {RefusalArg::of_unit(u)});
    combat_unit = combat_unit || !piece.is_leader();
  }
  if (!combat_unit)
    return refuse_by_rule("16.6A", "hidden-no-unit", "a pair hides at least one combat unit", {});
  if (enemy_observes_hex(state, side, hex))
    return refuse_by_rule("16.6B", "marker-observed",
                          "a marker in {0} would be under enemy observation (16.3)",
                          {RefusalArg::of_hex(hex)});
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& other = state.units[i];
    if (other.on_map() && other.hex == hex && !pieces.count(static_cast<UnitIndex>(i)) &&
        (!other.is_leader() || side_of(other.army) != side))
      return refuse_by_rule("16.6B", "marker-stacked", "a marker may not stack with {0} in {1}",
                            {RefusalArg::of_unit(static_cast<UnitIndex>(i)), RefusalArg::of_hex(hex)});
  }
  if (holds_marker(state, hex))
    return refuse_by_rule("16.6B", "marker-on-marker", "{0} holds another pair's marker",
                          {RefusalArg::of_hex(hex)});
  return command_refusal(state, action.units);
}

std::optional<Refusal> validate_hide(const GameState& state, Side side, const RuleAction& action) {
  return check_hide(JudgedBoard(state, side).board, side, action);
}

void apply_hide(GameState& state, Side side, const RuleAction& action, const DieRoller&,
                std::vector<Event>& events) {
  const Hex hex = action.hexes.front();
  HiddenPair pair{state.units[action.units.front()].army,
                  action.numbers.front(),
                  hex,
                  hex,
                  action.choice == "B",
                  action.units,
                  placement_turn(state)};
  std::sort(pair.held.begin(), pair.held.end());
  for (UnitIndex u : pair.held) {
    state.units[u].status = UnitStatus::Hidden;  // to the holding area, off the map
    state.units[u].hex = Hex{};
  }
  std::vector<int>& placed = slot_of(state).placed_turn;
  if (placed.empty()) placed.assign(kArmies * kHiddenPairsPerArmy, kNeverPlaced);
  placed[placed_index(pair.army, pair.number)] = pair.turn;
  std::vector<HiddenPair>& pairs = slot_of(state).pairs;
  const auto at = std::find_if(pairs.begin(), pairs.end(), [&](const HiddenPair& p) {
    return p.army > pair.army || (p.army == pair.army && p.number > pair.number);
  });
  events.push_back(RuleEvent{std::string(kHiddenMovementRule), "hidden", pair.held, {hex}, {pair.number}});
  pairs.insert(at, std::move(pair));
  if (state.phase != Phase::Setup) close_if_done(state, side);
}

// A sample of the hides `side` may take (every subset is too many to list): for each of its stacks,
// the lowest free pair hiding the stack's pieces in its own hex, marker A real. Judged on the board
// the side believes, as validate_hide judges (the entry hexes open to a reinforcement too).
void generate_hide(const GameState& real, Side side, std::vector<Action>& actions) {
  const JudgedBoard judged(real, side);
  const GameState& state = judged.board;
  std::map<Hex, std::vector<UnitIndex>> stacks;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.on_map() && side_of(unit.army) == side && may_go_hidden(*state.rules, unit))
      stacks[unit.hex].push_back(static_cast<UnitIndex>(i));
  }
  // 16.6A: the reinforcements due now, with the pieces at their first entry hex.
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (entering_now(state, unit) && side_of(unit.army) == side && may_go_hidden(*state.rules, unit))
      if (const std::vector<Hex> open = entry_hexes_now(state, unit); !open.empty())
        stacks[open.front()].push_back(static_cast<UnitIndex>(i));
  }
  for (const auto& entry : stacks) {
    const Army army = state.units[entry.second.front()].army;
    int number = 1;
    while (number <= kHiddenPairsPerArmy && (pair_on_map(state, army, number) ||
                                             last_placed_turn(state, army, number) == placement_turn(state)))
      ++number;
    if (number > kHiddenPairsPerArmy) continue;
    RuleAction action{std::string(kHiddenMovementRule), "hide", entry.second, {entry.first}, {number}, "A"};
    if (!check_hide(state, side, action)) actions.push_back(std::move(action));
  }
}

std::variant<RuleAction, std::string> parse_hide(const GameState& state,
                                                 const std::vector<std::string>& args) {
  const char* grammar = "expected: hide PAIR HEX A|B PIECE [PIECE...]";
  if (args.size() < 4 || (args[2] != "A" && args[2] != "B")) return std::string(grammar);
  const auto number = parse_pair_number(args[0]);
  const auto hex = parse_hex(args[1]);
  if (!number || !hex) return std::string(grammar);
  RuleAction action{{}, {}, {}, {*hex}, {*number}, args[2]};
  for (std::size_t i = 3; i < args.size(); ++i) {
    auto unit = unit_from_name(state, args[i]);
    if (auto* error = std::get_if<std::string>(&unit)) return *error;
    action.units.push_back(std::get<UnitIndex>(unit));
  }
  return action;
}

std::string piece_names(const GameState& state, const std::vector<UnitIndex>& units) {
  std::string out;
  for (UnitIndex u : units)
    out += (out.empty() ? "" : " ") + (u < state.units.size() ? unit_name(state, u) : std::string("?"));
  return out;
}

std::string format_hide(const GameState& state, const RuleAction& action) {
  return std::to_string(action.numbers.empty() ? 0 : action.numbers.front()) + " " +
         (action.hexes.empty() ? std::string("?") : format_hex(action.hexes.front())) + " " + action.choice +
         " " + piece_names(state, action.units);
}

std::string label_hide(const GameState& state, const RuleAction& action) {
  return "hide " + piece_names(state, action.units) + " under hidden movement pair " +
         std::to_string(action.numbers.empty() ? 0 : action.numbers.front()) + " in " +
         (action.hexes.empty() ? std::string("?") : format_hex(action.hexes.front())) + " (marker " +
         action.choice + " real)";
}

void claim_pieces(const GameState& state, const RuleAction& action, ActionClaim& claim) {
  if (!action.units.empty() && action.units.front() < state.units.size())
    add_army_of(state, action.units.front(), claim);
}

// Why the pieces of `pair` may not be deployed as `action` lists them (a piece and a hex each) within
// `radius` hexes of the real marker's hex (16.6C: "in or adjacent to", radius 1): every piece of the
// holding area listed once, each hex in play, holding no enemy piece and no other pair's marker, and
// the stacks formed within the limits (5.4; "stacking limits apply"); or nullopt.
std::optional<Refusal> deployment_refusal(const GameState& state, Side side, const HiddenPair& pair,
                                          const RuleAction& action, int radius) {
  std::vector<UnitIndex> listed = action.units;
  std::sort(listed.begin(), listed.end());
  if (listed != pair.held)
    return refuse_by_rule("16.6C", "deploy-all",
                          "every piece of pair {0}'s holding area is deployed, each once",
                          {RefusalArg::of_number(pair.number)});
  const Hex real = pair.real_hex();
  std::map<Hex, Stack> stacks;
  for (std::size_t i = 0; i < action.units.size(); ++i) {
    const UnitIndex u = action.units[i];
    const Hex hex = action.hexes[i];
    if (distance(hex, real) > radius || !in_play_area(*state.rules, hex))
      return refuse_by_rule("16.6C", "deploy-too-far",
                            "{0} is deployed within {2} hex(es) of the real marker's hex, not in {1}",
                            {RefusalArg::of_unit(u), RefusalArg::of_hex(hex), RefusalArg::of_number(radius)});
    for (const UnitState& other : state.units)
      if (other.on_map() && other.hex == hex && side_of(other.army) != side)
        return refuse(RefusalCode::EnemyOccupied, "16.6C", {RefusalArg::of_hex(hex)});
    if (holds_marker(state, hex, &pair))
      return refuse_by_rule("16.6B", "marker-on-marker", "{0} holds another pair's marker",
                            {RefusalArg::of_hex(hex)});
    if (state.units[u].is_leader()) continue;  // leaders stack freely (10.1B)
    auto found = stacks.find(hex);
    if (found == stacks.end()) found = stacks.emplace(hex, friendly_stack(state, hex, side)).first;
    add_to_stack(*state.rules, state.units[u], found->second);
    if (!stack_fits(state.rules->map, hex, found->second))
      return refuse(RefusalCode::Overstacked, "5.4",
                    {RefusalArg::of_hex(hex), RefusalArg::of_number(found->second.total()),
                     RefusalArg::of_number(stack_limit_for(state.rules->map, hex, found->second))});
  }
  return std::nullopt;
}

// A deployment of `pair`'s pieces within `radius` of its real marker's hex, each piece in the nearest
// hex that takes it (then the lowest), or an empty list if some piece finds none.
std::vector<Hex> nearest_deployment(const GameState& state, const HiddenPair& pair, int radius) {
  const Side side = side_of(pair.army);
  const Hex real = pair.real_hex();
  std::set<Hex> enemy_held;
  for (const UnitState& other : state.units)
    if (other.on_map() && side_of(other.army) != side) enemy_held.insert(other.hex);
  std::vector<Hex> around;
  for (int c = real.column - radius; c <= real.column + radius; ++c)
    for (int r = real.row - radius; r <= real.row + radius; ++r) {
      const Hex hex{c, r};
      if (distance(hex, real) <= radius && in_play_area(*state.rules, hex) && !enemy_held.count(hex) &&
          !holds_marker(state, hex, &pair))
        around.push_back(hex);
    }
  std::stable_sort(around.begin(), around.end(),
                   [&](Hex a, Hex b) { return distance(a, real) < distance(b, real); });
  std::map<Hex, Stack> stacks;
  std::vector<Hex> placed;
  for (UnitIndex u : pair.held) {
    const auto fits = std::find_if(around.begin(), around.end(), [&](Hex hex) {
      if (state.units[u].is_leader()) return true;  // 10.1B
      auto found = stacks.find(hex);
      Stack stack = found == stacks.end() ? friendly_stack(state, hex, side) : found->second;
      add_to_stack(*state.rules, state.units[u], stack);
      return stack_fits(state.rules->map, hex, stack);
    });
    if (fits == around.end()) return {};
    if (!state.units[u].is_leader()) {
      auto found = stacks.find(*fits);
      if (found == stacks.end()) found = stacks.emplace(*fits, friendly_stack(state, *fits, side)).first;
      add_to_stack(*state.rules, state.units[u], found->second);
    }
    placed.push_back(*fits);
  }
  return placed;
}

// 16.6C: "in or adjacent to the real marker's hex": radius 1. Where those seven hexes cannot take all
// the pieces (enemy pieces, other markers, full stacks, the edge of play), the radius widens to the
// first that can (docs/rules-notes.md, 16.6), never beyond the map's width: some hex of the playing
// area is always free, a pair holding a handful of pieces.
int deployment_radius(const GameState& state, const HiddenPair& pair) {
  const int widest = std::max(state.rules->map.bounds().columns, state.rules->map.bounds().rows);
  for (int radius = 1; radius < widest; ++radius)
    if (!nearest_deployment(state, pair, radius).empty()) return radius;
  return widest;
}

// The pair of `army` numbered `number` (the first piece named gives the army), or null.
const HiddenPair* named_pair(const GameState& state, const RuleAction& action) {
  if (action.numbers.size() != 1 || action.units.empty() || action.units.size() != action.hexes.size() ||
      action.units.front() >= state.units.size())
    return nullptr;
  return pair_on_map(state, state.units[action.units.front()].army, action.numbers.front());
}

// `reveal PAIR PIECE HEX [PIECE HEX...]` (16.6C, voluntary): a pair of the phasing side placed in an
// earlier command phase ("any subsequent friendly command phase"), its pieces deployed in or adjacent
// to the real marker's hex (deployment_refusal).
std::optional<Refusal> validate_reveal(const GameState& state, Side side, const RuleAction& action) {
  if (const HiddenPair* due = due_reveal(state)) return deploy_first(*due);
  if (action.numbers.size() != 1 || action.units.empty() || action.units.size() != action.hexes.size())
    return refuse(RefusalCode::NoSuchUnit, "16.6C");
  if (action.units.front() >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "16.6C");
  const HiddenPair* pair = named_pair(state, action);
  if (!pair || side_of(pair->army) != side)
    return refuse_by_rule(
        "16.6C", "no-pair-on-map", "no hidden movement pair {0} of the phasing side holds {1}",
        {RefusalArg::of_number(action.numbers.front()), RefusalArg::of_unit(action.units.front())});
  if (pair->turn >= state.turn)
    return refuse_by_rule(
        "16.6C", "revealed-too-soon",
        "pair {0} went hidden this turn: it may be revealed from the next friendly command phase",
        {RefusalArg::of_number(pair->number)});
  return deployment_refusal(state, side, *pair, action, 1);
}

// Deploys the named pair's pieces where `action` lists them and frees the pair (16.6C): both markers
// flip, which was real is public from now on.
void reveal_pair(GameState& state, const RuleAction& action, std::vector<Event>& events) {
  const Army army = state.units[action.units.front()].army;
  std::vector<HiddenPair>& pairs = slot_of(state).pairs;
  const auto pair = std::find_if(pairs.begin(), pairs.end(), [&](const HiddenPair& p) {
    return p.army == army && p.number == action.numbers.front();
  });
  for (std::size_t i = 0; i < action.units.size(); ++i) {
    state.units[action.units[i]].status = UnitStatus::OnMap;
    state.units[action.units[i]].hex = action.hexes[i];
  }
  events.push_back(RuleEvent{std::string(kHiddenMovementRule),
                             "revealed",
                             action.units,
                             action.hexes,
                             {pair->number, pair->real_is_b ? 1 : 0}});
  pairs.erase(pair);
}

void apply_reveal(GameState& state, Side side, const RuleAction& action, const DieRoller&,
                  std::vector<Event>& events) {
  reveal_pair(state, action, events);
  close_if_done(state, side);
}

// The deployment of `pair` in the nearest hexes within `radius`, as an action of `verb`, if any.
std::optional<RuleAction> nearest_deploy_action(const GameState& state, const HiddenPair& pair,
                                                const char* verb, int radius) {
  std::vector<Hex> hexes = nearest_deployment(state, pair, radius);
  if (hexes.empty()) return std::nullopt;
  return RuleAction{std::string(kHiddenMovementRule), verb, pair.held, std::move(hexes), {pair.number}, {}};
}

// Each pair of the side placed before this turn, its pieces deployed in the nearest hexes.
void generate_reveal(const GameState& state, Side side, std::vector<Action>& actions) {
  for (const HiddenPair& pair : hidden_pairs(state)) {
    if (side_of(pair.army) != side) continue;
    auto action = nearest_deploy_action(state, pair, "reveal", 1);
    if (action && !validate_reveal(state, side, *action)) actions.push_back(std::move(*action));
  }
}

// `deploy PAIR PIECE HEX [PIECE HEX...]` (16.6C, involuntary): the owner of a pair revealed because a
// marker came under enemy observation deploys its pieces, in the enemy's phase too, in or adjacent to
// the real marker's hex (wider only where those hexes cannot take them: deployment_radius).
std::optional<Refusal> validate_deploy(const GameState& state, Side side, const RuleAction& action) {
  const HiddenPair* pair = named_pair(state, action);
  if (!pair || !pair->revealing || side_of(pair->army) != side)
    return refuse_by_rule(
        "16.6C", "not-revealing",
        "no hidden movement pair {0} of the deciding side holding those pieces is being revealed",
        {RefusalArg::of_number(action.numbers.empty() ? 0 : action.numbers.front())});
  return deployment_refusal(state, side, *pair, action, deployment_radius(state, *pair));
}

void apply_deploy(GameState& state, Side, const RuleAction& action, const DieRoller&,
                  std::vector<Event>& events) {
  reveal_pair(state, action, events);
}

// The pairs of `side` being revealed, each deployed in the nearest hexes.
void generate_deploy(const GameState& state, Side side, std::vector<Action>& actions) {
  for (const HiddenPair& pair : hidden_pairs(state)) {
    if (!pair.revealing || side_of(pair.army) != side) continue;
    auto action = nearest_deploy_action(state, pair, "deploy", deployment_radius(state, pair));
    if (action && !validate_deploy(state, side, *action)) actions.push_back(std::move(*action));
  }
}

std::variant<RuleAction, std::string> parse_reveal(const GameState& state,
                                                   const std::vector<std::string>& args) {
  const char* grammar = "expected: reveal PAIR PIECE HEX [PIECE HEX...]";
  if (args.size() < 3 || args.size() % 2 != 1) return std::string(grammar);
  const auto number = parse_pair_number(args[0]);
  if (!number) return std::string(grammar);
  RuleAction action{{}, {}, {}, {}, {*number}, {}};
  for (std::size_t i = 1; i + 1 < args.size(); i += 2) {
    auto unit = unit_from_name(state, args[i]);
    if (auto* error = std::get_if<std::string>(&unit)) return *error;
    const auto hex = parse_hex(args[i + 1]);
    if (!hex) return std::string(grammar);
    action.units.push_back(std::get<UnitIndex>(unit));
    action.hexes.push_back(*hex);
  }
  return action;
}

std::string format_reveal(const GameState& state, const RuleAction& action) {
  std::string out = std::to_string(action.numbers.empty() ? 0 : action.numbers.front());
  for (std::size_t i = 0; i < action.units.size() && i < action.hexes.size(); ++i)
    out += " " + piece_names(state, {action.units[i]}) + " " + format_hex(action.hexes[i]);
  return out;
}

// The words after `deploy`: as a reveal's.
std::variant<RuleAction, std::string> parse_deploy(const GameState& state,
                                                   const std::vector<std::string>& args) {
  auto action = parse_reveal(state, args);
  if (std::holds_alternative<std::string>(action))
    return std::string("expected: deploy PAIR PIECE HEX [PIECE HEX...]");
  return action;
}

std::string label_deploy(const GameState& state, const RuleAction& action) {
  return "deploy revealed hidden movement pair " + format_reveal(state, action);
}

std::string label_reveal(const GameState& state, const RuleAction& action) {
  return "reveal hidden movement pair " +
         std::to_string(action.numbers.empty() ? 0 : action.numbers.front()) + ": " +
         format_reveal(state, action);
}

// `move-marker ARMY PAIR A|B HEX [HEX...]` (16.6B): in the owner's movement phase, one marker of a
// pair on the map moves once, "like any other unit": along the path each step is checked and costed
// for every piece the pair holds, at the highest cost, within the slowest allowance (check_group_path).
// Neither marker enters a hex the enemy observes (16.3), nor a hex holding a unit (the owner's leaders
// aside: "Leaders may stack with a marker freely") or another pair's marker; its mate it may join.
std::optional<Refusal> check_marker_path(const GameState& state, Side side, const RuleAction& action) {
  if (action.numbers.size() != 2 || action.hexes.empty() || (action.choice != "A" && action.choice != "B") ||
      action.numbers[0] < 0 || action.numbers[0] >= kArmies)
    return refuse(RefusalCode::EmptyPath, "16.6B");
  const Army army = static_cast<Army>(action.numbers[0]);
  const HiddenPair* pair = pair_on_map(state, army, action.numbers[1]);
  if (!pair || side_of(army) != side)
    return refuse_by_rule("16.6B", "no-marker-on-map",
                          "the phasing side has no hidden movement pair {0} of that army",
                          {RefusalArg::of_number(action.numbers[1])});
  const bool b = action.choice == "B";
  if (b ? pair->moved_b : pair->moved_a)
    return refuse_by_rule("16.6B", "marker-moved", "that marker of pair {0} has moved in this phase (5.1C)",
                          {RefusalArg::of_number(pair->number)});
  const Hex start = b ? pair->marker_b : pair->marker_a;
  for (Hex hex : action.hexes) {
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const UnitState& other = state.units[i];
      if (other.on_map() && other.hex == hex && (!other.is_leader() || side_of(other.army) != side))
        return refuse_by_rule("16.6B", "marker-stacked", "a marker may not stack with {0} in {1}",
                              {RefusalArg::of_unit(static_cast<UnitIndex>(i)), RefusalArg::of_hex(hex)});
    }
    if (holds_marker(state, hex, pair))
      return refuse_by_rule("16.6B", "marker-on-marker", "{0} holds another pair's marker",
                            {RefusalArg::of_hex(hex)});
    if (enemy_observes_hex(state, side, hex))
      return refuse_by_rule("16.6B", "marker-observed",
                            "a marker in {0} would be under enemy observation (16.3)",
                            {RefusalArg::of_hex(hex)});
  }
  return check_group_path(state, pair->held, start, action.hexes);
}

std::optional<Refusal> validate_move_marker(const GameState& state, Side side, const RuleAction& action) {
  return check_marker_path(JudgedBoard(state, side).board, side, action);
}

// 16.6C "Hidden units must be revealed the instant either marker of a pair comes under enemy
// observation": a marker moved on the board its side believes (validate_move_marker) stops in the
// first hex of its path that an enemy piece the side did not observe observes, and is revealed there
// (judge_markers, after the action). It never reaches an unseen enemy's hex or zone of control before
// that: the hexes next to a piece are always observed by it (16.3).
std::size_t marker_hexes_moved(const GameState& state, Side side, const std::vector<Hex>& path) {
  for (std::size_t i = 0; i < path.size(); ++i)
    if (enemy_observes_hex(state, side, path[i])) return i + 1;
  return path.size();
}

void apply_move_marker(GameState& state, Side side, const RuleAction& action, const DieRoller&,
                       std::vector<Event>& events) {
  const Army army = static_cast<Army>(action.numbers[0]);
  for (HiddenPair& pair : slot_of(state).pairs) {
    if (pair.army != army || pair.number != action.numbers[1]) continue;
    const bool b = action.choice == "B";
    std::vector<Hex> hexes{b ? pair.marker_b : pair.marker_a};  // from, then the path
    hexes.insert(
        hexes.end(), action.hexes.begin(),
        action.hexes.begin() + static_cast<std::ptrdiff_t>(marker_hexes_moved(state, side, action.hexes)));
    (b ? pair.marker_b : pair.marker_a) = hexes.back();
    (b ? pair.moved_b : pair.moved_a) = true;
    events.push_back(RuleEvent{std::string(kHiddenMovementRule),
                               "marker-moved",
                               {},
                               std::move(hexes),
                               {action.numbers[0], pair.number, b ? 1 : 0}});
    return;
  }
}

// A sample of the marker moves `side` may take (every path is too many to list): each marker that
// has not moved, one hex into each neighbour it may enter (on the board the side believes).
void generate_move_marker(const GameState& real, Side side, std::vector<Action>& actions) {
  const JudgedBoard judged(real, side);
  const GameState& state = judged.board;
  for (const HiddenPair& pair : hidden_pairs(state)) {
    if (side_of(pair.army) != side) continue;
    for (const char* which : {"A", "B"}) {
      const Hex at = which[0] == 'B' ? pair.marker_b : pair.marker_a;
      for (Hex next : neighbours(at)) {
        RuleAction action{std::string(kHiddenMovementRule),           "move-marker", {}, {next},
                          {static_cast<int>(pair.army), pair.number}, which};
        if (!check_marker_path(state, side, action)) actions.push_back(std::move(action));
      }
    }
  }
}

std::variant<RuleAction, std::string> parse_move_marker(const GameState&,
                                                        const std::vector<std::string>& args) {
  const char* grammar = "expected: move-marker ARMY PAIR A|B HEX [HEX...]";
  if (args.size() < 4 || (args[2] != "A" && args[2] != "B")) return std::string(grammar);
  const auto army = army_from_string(args[0]);
  const auto number = parse_pair_number(args[1]);
  if (!army || !number) return std::string(grammar);
  RuleAction action{{}, {}, {}, {}, {static_cast<int>(*army), *number}, args[2]};
  for (std::size_t i = 3; i < args.size(); ++i) {
    const auto hex = parse_hex(args[i]);
    if (!hex) return std::string(grammar);
    action.hexes.push_back(*hex);
  }
  return action;
}

std::string army_word(const RuleAction& action) {
  if (action.numbers.empty() || action.numbers[0] < 0 || action.numbers[0] >= kArmies) return "?";
  return std::string(to_string(static_cast<Army>(action.numbers[0])));
}

std::string format_move_marker(const GameState&, const RuleAction& action) {
  std::string out = army_word(action) + " " +
                    (action.numbers.size() > 1 ? std::to_string(action.numbers[1]) : "?") + " " +
                    action.choice;
  for (Hex hex : action.hexes)
    out += " " + format_hex(hex);
  return out;
}

std::string label_move_marker(const GameState& state, const RuleAction& action) {
  return "move marker " + format_move_marker(state, action);
}

void claim_marker(const GameState&, const RuleAction& action, ActionClaim& claim) {
  if (!action.numbers.empty() && action.numbers[0] >= 0 && action.numbers[0] < kArmies)
    claim.armies.insert(static_cast<Army>(action.numbers[0]));
}

// 16.6B: "An HM marker ... may not stack with any other unit at any time ...: it may not move through
// another unit or be moved through by one. Leaders may stack with a marker freely." No piece moves,
// enters or retreats into a marker's hex but the owner's leaders, and the pieces a pair holds (its
// marker's own move walks them into their mate's hex).
std::optional<Refusal> marker_hex_closed(const GameState& state, const UnitState& mover, Hex hex) {
  const std::vector<HiddenPair>& pairs = hidden_pairs(state);
  if (pairs.empty()) return std::nullopt;
  const HiddenPair* own =
      mover.status == UnitStatus::Hidden ? holding_pair(state, index_of(state, mover)) : nullptr;
  for (const HiddenPair& pair : pairs) {
    if (&pair == own || (pair.marker_a != hex && pair.marker_b != hex)) continue;
    if (mover.is_leader() && side_of(mover.army) == side_of(pair.army)) continue;
    return refuse_by_rule("16.6B", "marker-hex-closed",
                          "a hidden movement marker stands in {0}: no unit enters it or moves through it",
                          {RefusalArg::of_hex(hex)});
  }
  return std::nullopt;
}

const RuleActionKind kHideAction{
    .verb = "hide",
    .grammar = "hide PAIR HEX A|B PIECE [PIECE...]",
    .validate = validate_hide,
    .apply = apply_hide,
    .generate = generate_hide,
    .parse = parse_hide,
    .format = format_hide,
    .label = label_hide,
    .claim = claim_pieces,
};

const RuleActionKind kRevealAction{
    .verb = "reveal",
    .grammar = "reveal PAIR PIECE HEX [PIECE HEX...]",
    .validate = validate_reveal,
    .apply = apply_reveal,
    .generate = generate_reveal,
    .parse = parse_reveal,
    .format = format_reveal,
    .label = label_reveal,
    .claim = claim_pieces,
};

const RuleActionKind kMoveMarkerAction{
    .verb = "move-marker",
    .grammar = "move-marker ARMY PAIR A|B HEX [HEX...]",
    .validate = validate_move_marker,
    .apply = apply_move_marker,
    .generate = generate_move_marker,
    .parse = parse_move_marker,
    .format = format_move_marker,
    .label = label_move_marker,
    .claim = claim_marker,
};

const RuleActionKind kDeployAction{
    .verb = "deploy",
    .grammar = "deploy PAIR PIECE HEX [PIECE HEX...]",
    .validate = validate_deploy,
    .apply = apply_deploy,
    .generate = generate_deploy,
    .parse = parse_deploy,
    .format = format_reveal,
    .label = label_deploy,
    .claim = claim_pieces,
};

// 16.6B: the markers move in their side's movement phase, beside its units.
const RulePhaseActions kMarkerMoves{.decision = DecisionKind::Move, .actions = {&kMoveMarkerAction}};

// 16.6A "Place HM Markers on eligible units during set up": in each side's set-up (3.2C), beside its
// placements and in any order with them; a set-up phase is held for a side that may hide units.
const RulePhaseActions kSetupHides{
    .decision = DecisionKind::SetupPlacement, .actions = {&kHideAction}, .offered = hide_possible};

const RuleSegment kHiddenMovementSegment{
    .name = "hidden movement segment (command phase)",
    .open = segment_open,
    .what = segment_question,
    .close = close_segment,
    .actions = {&kHideAction, &kRevealAction, &kDeployAction},
    .refuse_close = refuse_close,
    .decider = segment_decider,
};

std::string event_words(const GameState& state, const RuleEvent& event) {
  const std::string number = event.numbers.empty() ? std::string("?") : std::to_string(event.numbers.front());
  if (event.kind == "hidden")
    return piece_names(state, event.units) + " go hidden under pair " + number +
           (event.hexes.empty() ? std::string() : " in " + format_hex(event.hexes.front())) + " (16.6A)";
  if (event.kind == "marker-moved" && event.numbers.size() == 3 && !event.hexes.empty()) {
    std::string out = std::string(to_string(static_cast<Army>(event.numbers[0]))) + " pair " +
                      std::to_string(event.numbers[1]) + " marker " + (event.numbers[2] ? "B" : "A") +
                      " moves";
    for (Hex hex : event.hexes)
      out += " " + format_hex(hex);
    return out + " (16.6B)";
  }
  if (event.kind == "marker-observed" && event.numbers.size() == 2)
    return std::string(to_string(static_cast<Army>(event.numbers[0]))) + " hidden movement pair " +
           std::to_string(event.numbers[1]) + " comes under enemy observation: it is revealed (16.6C)";
  if (event.kind == "revealed") {
    std::string out = "pair " + number + " is revealed (16.6C):";
    for (std::size_t i = 0; i < event.units.size() && i < event.hexes.size(); ++i)
      out += " " + piece_names(state, {event.units[i]}) + " " + format_hex(event.hexes[i]);
    return out;
  }
  return "16.6 " + event.kind;
}

}  // namespace

const std::vector<HiddenPair>& hidden_pairs(const GameState& state) {
  static const std::vector<HiddenPair> none;
  const HiddenMovementState* slot = find_slot(state);
  return slot ? slot->pairs : none;
}

int last_placed_turn(const GameState& state, Army army, int number) {
  const HiddenMovementState* slot = find_slot(state);
  if (!slot || number < 1 || number > kHiddenPairsPerArmy || slot->placed_turn.empty()) return kNeverPlaced;
  return slot->placed_turn[placed_index(army, number)];
}

int placement_turn(const GameState& state) {
  return state.phase == Phase::Setup ? kSetupPlacementTurn : state.turn;
}

const HiddenPair* holding_pair(const GameState& state, UnitIndex unit) {
  for (const HiddenPair& pair : hidden_pairs(state))
    if (std::binary_search(pair.held.begin(), pair.held.end(), unit)) return &pair;
  return nullptr;
}

namespace modules {
extern const RuleModule hidden_movement_16_6{
    "16.6",
    "Hidden movement (placing, moving and revealing HM markers)",
    "rules/variant/hidden_movement_16_6: hooks opening (its slot), phase start (the hidden movement segment "
    "of each daylight or rain command phase; markers observed at dawn), player turn end, after action (pairs "
    "whose markers come under enemy observation are revealed), unit terms (a halted unit's allowance left), "
    "halts move (16.6C), hex closed (16.6B); the segment's actions `hide` (16.6A), `reveal` (16.6C, "
    "voluntary) and `deploy` (16.6C, involuntary, decided by the pair's owner), the movement phase's "
    "`move-marker` (16.6B); units in a holding area have the status Hidden; reinforcements due may go hidden "
    "at their entry hex, and units on the map during each side's set-up (`hide` beside 3.2C's placements)",
    {.opening = open_slot,
     .phase_start = open_segment,
     .player_turn_end = end_player_turn,
     .after_action = judge_markers,
     .unit_terms = halted_unit_terms,
     .halts_move = halts_at_marker,
     .hex_closed = marker_hex_closed,
     .segment = &kHiddenMovementSegment,
     .phase_actions = {&kMarkerMoves, &kSetupHides},
     .event_words = event_words}};
}  // namespace modules

}  // namespace hd::engine
