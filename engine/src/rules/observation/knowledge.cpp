// 16.3: each side's knowledge of the enemy (knowledge.hpp), and 16.3's module.
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/victory/victory.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(Sighting& s, KnowledgeState& k) {
  HD_ALL_MEMBERS_WALKED(Sighting, s, s1, s2, s3, s4, s5, s6);
  HD_ALL_MEMBERS_WALKED(KnowledgeState, k, k1, k2, k3, k4);
}

[[maybe_unused]] void every_member_is_walked(ControlSeen& c) {
  HD_ALL_MEMBERS_WALKED(ControlSeen, c, c1, c2, c3);
}

KnowledgeState& knowledge(GameState& state) {
  if (auto* kept = state.rule_state.find<KnowledgeState>(kObservationRule)) return *kept;
  return state.rule_state.add<KnowledgeState>(kObservationRule);
}

std::vector<Sighting>& of_side(KnowledgeState& knowledge, Side side) {
  return side == Side::French ? knowledge.french : knowledge.coalition;
}

// `side` sees `unit` at `hex` in the current turn; `now`: as the board stands after the action.
void record(GameState& state, Side side, UnitIndex unit, Hex hex, bool now) {
  std::vector<Sighting>& seen = of_side(knowledge(state), side);
  auto at = std::lower_bound(seen.begin(), seen.end(), unit,
                             [](const Sighting& s, UnitIndex u) { return s.unit < u; });
  if (at == seen.end() || at->unit != unit) at = seen.insert(at, Sighting{unit});
  at->column = hex.column;
  at->row = hex.row;
  at->turn = state.turn;
  at->reduced = state.units[unit].reduced;
  at->observed = at->observed || now;
}

std::vector<ControlSeen>& control_of_side(KnowledgeState& knowledge, Side side) {
  return side == Side::French ? knowledge.french_control : knowledge.coalition_control;
}

// `side` sees who holds the victory-point `hex` (3.4B) as the board stands.
void record_control(GameState& state, Side side, Hex hex) {
  std::vector<ControlSeen>& seen = control_of_side(knowledge(state), side);
  auto at =
      std::lower_bound(seen.begin(), seen.end(), hex, [](const ControlSeen& c, Hex h) { return c.hex < h; });
  if (at == seen.end() || at->hex != hex) at = seen.insert(at, ControlSeen{hex});
  const auto held = state.control.find(hex);
  at->held = held != state.control.end();
  at->side = at->held ? held->second : Side::French;
}

// Each victory-point hex `side` observes from `eyes` (16.3, at `distance`): its control is seen.
void judge_control(GameState& state, Side side, const std::vector<Hex>& scoring, const std::vector<Hex>& eyes,
                   int distance) {
  for (Hex hex : scoring)
    if (std::any_of(eyes.begin(), eyes.end(),
                    [&](Hex eye) { return observes(*state.rules, eye, hex, distance); }))
      record_control(state, side, hex);
}

// 16.3 at one hex of a move: the mover at `hex` is seen by any enemy piece that observes it there,
// and sees every enemy piece it observes from there.
void judge_step(GameState& state, UnitIndex mover, Hex hex, int distance, const std::vector<Hex>& scoring) {
  const Side side = side_of(state.units[mover].army);
  bool seen = false;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& enemy = state.units[i];
    if (!enemy.on_map() || side_of(enemy.army) == side) continue;
    if (!observes(*state.rules, hex, enemy.hex, distance)) continue;  // observation is mutual
    seen = true;
    record(state, side, static_cast<UnitIndex>(i), enemy.hex, false);
  }
  if (seen) record(state, other(side), mover, hex, false);
  // The mover sees the victory-point hexes in its sight; the enemy that sees it, the hex it is in.
  // (The board's control is the action's end's, which differs from the moment's only on the hexes
  // the mover enters later in the move: its side's own.)
  judge_control(state, side, scoring, {hex}, distance);
  if (seen && std::binary_search(scoring.begin(), scoring.end(), hex))
    record_control(state, other(side), hex);
}

// At the start, both sides know who holds every victory-point hex: the scenario says (3.4B).
void track_from_start(GameState& state) {
  knowledge(state);
  for (Hex hex : scoring_hexes(*state.rules))
    for (Side side : {Side::French, Side::Coalition})
      record_control(state, side, hex);
  update_knowledge(state, {});
}

void track_after_action(GameState& state, std::vector<Event>& events) {
  update_knowledge(state, events);
}

}  // namespace

bool knowledge_kept(const GameState& state) {
  return state.rule_state.find<KnowledgeState>(kObservationRule) != nullptr;
}

const Sighting* sighting(const GameState& state, Side side, UnitIndex unit) {
  const auto* kept = state.rule_state.find<KnowledgeState>(kObservationRule);
  if (!kept) return nullptr;
  const std::vector<Sighting>& seen = side == Side::French ? kept->french : kept->coalition;
  const auto at = std::lower_bound(seen.begin(), seen.end(), unit,
                                   [](const Sighting& s, UnitIndex u) { return s.unit < u; });
  return at != seen.end() && at->unit == unit ? &*at : nullptr;
}

bool observes_now(const GameState& state, Side side, UnitIndex unit) {
  if (!knowledge_kept(state)) return true;
  const Sighting* seen = sighting(state, side, unit);
  return seen && seen->observed;
}

bool side_observes_hex(const GameState& state, Side side, Hex hex) {
  const int distance = observation_distance(state);
  return std::any_of(state.units.begin(), state.units.end(), [&](const UnitState& unit) {
    return unit.on_map() && side_of(unit.army) == side && observes(*state.rules, unit.hex, hex, distance);
  });
}

std::map<Hex, Side> believed_control(const GameState& state, Side side) {
  std::map<Hex, Side> control = state.control;
  const auto* kept = state.rule_state.find<KnowledgeState>(kObservationRule);
  if (!kept) return control;
  for (const ControlSeen& seen : side == Side::French ? kept->french_control : kept->coalition_control) {
    if (seen.held)
      control[seen.hex] = seen.side;
    else
      control.erase(seen.hex);
  }
  return control;
}

void update_knowledge(GameState& state, const std::vector<Event>& events) {
  const int distance = observation_distance(state);
  const std::vector<Hex> scoring = scoring_hexes(*state.rules);
  KnowledgeState& kept = knowledge(state);
  for (Sighting& s : kept.french)
    s.observed = false;
  for (Sighting& s : kept.coalition)
    s.observed = false;
  // Every hex a piece moved through (the hex it left included: it was there as the move began).
  for (const Event& event : events)
    if (const auto* moved = std::get_if<UnitMovedEvent>(&event))
      for (Hex hex : moved->path)
        judge_step(state, moved->unit, hex, distance, scoring);
  // The board as it stands.
  for (Side side : {Side::French, Side::Coalition}) {
    const std::vector<bool> observed = observed_by(state, side);
    for (std::size_t i = 0; i < observed.size(); ++i)
      if (observed[i]) record(state, side, static_cast<UnitIndex>(i), state.units[i].hex, true);
    judge_control(state, side, scoring, observing_hexes(state, side), distance);
  }
}

namespace modules {
extern const RuleModule observation_16_3{
    "16.3",
    "Observation",
    "hooks: opening and after every action (rules/observation/knowledge: each side's sightings, judged "
    "at every hex of every move); rules/observation/observation (distance, line of sight)",
    {.opening = track_from_start, .after_action = track_after_action}};
}  // namespace modules

}  // namespace hd::engine
