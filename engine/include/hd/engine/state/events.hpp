// What happened: the ordered events apply() returns. Clients animate them, the server logs and
// forwards them (through redact()), replays compare them.
#pragma once

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/state/game_state.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hd::engine {

struct UnitMovedEvent {
  UnitIndex unit;
  std::vector<Hex> path;
  int spent_half;
  bool entered;  // came onto the map (5.6)
  bool exited;   // left the map (5.5)
};

struct PhaseStartedEvent {
  int turn;
  Side side;
  Phase phase;
};

struct GameEndedEvent {
  GameResult result;
};

// The odds of a combat and how they were reached.
struct CombatOdds {
  int attack = 0;
  int defence = 0;
  OddsColumn computed;                 // after rounding, clamping and the chateau cap
  OddsColumn used;                     // after voluntary reduction
  std::vector<std::string> modifiers;  // each terrain effect and cap applied, with its rule
  // Added to the die before the table is read, the roll kept within 1-6 (24.5C: odds beyond the
  // table's end columns). Negative only while the top column (6-1) is used, positive only while the
  // lowest (1-5) is: compute_odds drops it where a cap or a reduction moved the odds off that column.
  int die_modifier = 0;

  // The die the table is read with: `die` with the modifier, kept within 1-6 (24.5C).
  int modified_die(int die) const { return std::clamp(die + die_modifier, 1, 6); }
};

struct CombatResolvedEvent {
  int combat = 0;
  std::vector<UnitIndex> attackers;
  std::vector<UnitIndex> defenders;
  CombatOdds odds;
  int die = 0;
  CombatResult result = CombatResult::DefenderRetreat;
};

struct UnitRetreatedEvent {
  UnitIndex unit;
  Hex from;
  Hex to;
  std::optional<UnitIndex> displaced;
};

struct UnitStoodFastEvent {  // 8.2C: a chateau defender ignores a Dr
  UnitIndex unit;
};

struct UnitAdvancedEvent {
  UnitIndex unit;
  Hex from;
  Hex to;
};

struct UnitEliminatedEvent {
  UnitIndex unit;
  std::string reason;  // "Ae", "De", "Ex", "no retreat (6.6)" ...
};

struct MoraleEvent {
  Army army;
  bool demoralized;    // 9.2: reached the demoralization level
  bool disintegrated;  // 9.1: passed the disintegration level
};

// 13.0: a loss counted against a corps (or, 13.1, an Allied nationality): the strength added and
// the corps' losses now.
struct CorpsLossEvent {
  Army army;
  std::string corps;  // "[1]", or an Allied nationality: "british"
  int strength = 0;
  int losses = 0;
};

// 13.0: a corps (13.1: an Allied nationality) demoralized; 13.3: its good morale recovered.
struct CorpsMoraleEvent {
  Army army;
  std::string corps;
  bool demoralized = false;  // false: recovered (13.3)
  int losses = 0;            // what was measured against the level (13.1: total Allied losses)
  int level = 0;
};

// 3.2C: a unit set up in another hex of its placement radius.
struct UnitPlacedEvent {
  UnitIndex unit;
  Hex from;
  Hex to;
};

// A die a scenario rule rolled (18.5, 19.5) and what it decided. A combat's die is in its
// CombatResolvedEvent.
struct DieRolledEvent {
  std::string rule;  // "18.5B"
  int die = 0;
  std::string outcome;  // "all [6] enters at 3167 this phase"
};

// What a rule module reports in its own terms (12.0's "reorganized"): the rule, a stable kind, and
// typed arguments; its words come from the module (RuleHooks::event_words, format_event), and the
// wire carries it as it stands, so that a new rule needs no new event type.
struct RuleEvent {
  std::string rule;  // "12.0"
  std::string kind;  // "reorganized"
  std::vector<UnitIndex> units;
  std::vector<Hex> hexes;
  std::vector<int> numbers;
};

using Event =
    std::variant<UnitMovedEvent, PhaseStartedEvent, GameEndedEvent, CombatResolvedEvent, UnitRetreatedEvent,
                 UnitStoodFastEvent, UnitAdvancedEvent, UnitEliminatedEvent, MoraleEvent, UnitPlacedEvent,
                 DieRolledEvent, CorpsLossEvent, CorpsMoraleEvent, RuleEvent>;

}  // namespace hd::engine
