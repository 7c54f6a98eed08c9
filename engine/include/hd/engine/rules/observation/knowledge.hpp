// 16.3: what each side knows of the enemy, kept in 16.3's slot of GameState::rule_state
// (state/rule_slots.hpp) where 16.3 is in force: for every enemy unit or leader it has ever
// observed, where and in which turn it last saw it, and whether it observes it now. Observation is
// judged after every action and at every hex of every move (a unit passing through an enemy's sight
// is seen there, and sees from there), so a side's knowledge is what it could have seen on the table.
// Fog of war (issue 14) makes each side's view from it; the state hash covers it like any field.
#pragma once

#include <hd/engine/state/events.hpp>
#include <hd/engine/state/field_walk.hpp>
#include <hd/engine/state/game_state.hpp>

#include <map>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kObservationRule = "16.3";

// One enemy piece as a side last saw it.
struct Sighting {
  UnitIndex unit = 0;
  int column = 0;  // the hex it was last seen in
  int row = 0;
  int turn = 0;           // the turn (index) it was last seen in
  bool reduced = false;   // its reduced side was showing then
  bool observed = false;  // observed after the last action (16.3)
  bool operator==(const Sighting&) const = default;
};

// Who held a victory-point hex when a side last observed it (3.4B, 16.3).
struct ControlSeen {
  Hex hex;
  bool held = false;         // a side controlled it then
  Side side = Side::French;  // that side, if held
  bool operator==(const ControlSeen&) const = default;
};

struct KnowledgeState {
  std::vector<Sighting> french;     // the French side's sightings of Coalition pieces, by unit ascending
  std::vector<Sighting> coalition;  // the Coalition side's sightings of French pieces, likewise
  // The control of the scenario's victory-point hexes (scoring_hexes) as each side last observed
  // it, by hex ascending: a side's VP are counted from it (believed_control).
  std::vector<ControlSeen> french_control;
  std::vector<ControlSeen> coalition_control;
  bool operator==(const KnowledgeState&) const = default;
};

template <>
struct Fields<Sighting> {
  using S = Sighting;
  static constexpr auto list = std::make_tuple(
      field("unit", &S::unit), field("column", &S::column), field("row", &S::row), field("turn", &S::turn),
      field("reduced", &S::reduced), field("observed", &S::observed));
};

template <>
struct Fields<ControlSeen> {
  using C = ControlSeen;
  static constexpr auto list =
      std::make_tuple(field("hex", &C::hex), field("held", &C::held), field("side", &C::side));
};

template <>
struct Fields<KnowledgeState> {
  using K = KnowledgeState;
  static constexpr auto list = std::make_tuple(field("french", &K::french), field("coalition", &K::coalition),
                                               field("french_control", &K::french_control),
                                               field("coalition_control", &K::coalition_control));
};

// True if the game keeps 16.3's knowledge (16.3 is in force).
bool knowledge_kept(const GameState& state);

// How `side` last saw the enemy piece `unit`, or nullptr if it never has (or 16.3 is not in force).
const Sighting* sighting(const GameState& state, Side side, UnitIndex unit);

// True if `side` observes the enemy piece `unit` now: always where 16.3 is not in force.
bool observes_now(const GameState& state, Side side, UnitIndex unit);

// True if a piece of `side` on the map observes `hex` now (16.3, the current turn's distance).
bool side_observes_hex(const GameState& state, Side side, Hex hex);

// Hex control as `side` believes it (3.4B, 16.3): the board's control, but on each victory-point
// hex the control the side last observed there. The board's control where 16.3 is not in force.
// Fog of war counts a side's VP from it, so an unseen enemy taking a VP hex does not show in them.
std::map<Hex, Side> believed_control(const GameState& state, Side side);

// Judges observation after an action (16.3), with the action's events: every hex of every move in
// them first, then the whole board as it stands. Called by 16.3's module after every action and at
// the start of play.
void update_knowledge(GameState& state, const std::vector<Event>& events);

}  // namespace hd::engine
