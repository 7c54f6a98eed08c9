// The state of one game in play: where every unit is, whose phase it is, losses, control and VP.
// Changed only by apply() (actions.hpp); everything a viewer learns of it goes through view.hpp.
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/board/hex.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/state/rule_slots.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace hd::engine {

using UnitIndex = std::uint16_t;

// Withdrawn: removed from play with its whole army by a scenario rule (24.4D, 27.2D); neither a loss
// nor an exit. Hidden: in the holding area of a pair of hidden movement markers (16.6A), off the map
// until the pair is revealed (16.6C); its hex is none meanwhile.
enum class UnitStatus : std::uint8_t { Waiting, OnMap, Eliminated, Exited, Withdrawn, Hidden };

struct UnitState {
  std::string id;
  Army army = Army::French;
  UnitType type = UnitType::Infantry;
  std::string command;  // command designation, e.g. "2/[1]" (scenario rules name corps)
  int full_strength = 0;
  int reduced_strength = 0;  // 0: the counter has no reduced side
  int movement = 0;          // movement allowance in MP
  bool reduced = false;      // the reduced side is showing
  UnitStatus status = UnitStatus::Waiting;
  Hex hex;  // while on the map
  // Reinforcements (5.6): the first turn it may enter, where, and how.
  int arrival_turn = -1;
  std::vector<Hex> entry_hexes;
  bool half_movement_entry = false;
  bool unstacked_entry = false;  // enters "unstacked", one at a time: each unit is a stack (5.6A)
  std::string secret_option;     // 18.5C: the secret force option it comes with (view.hpp hides it)
  // 28.0D: the advance entry choice it enters by. Until made, it has no arrival turn and no entry
  // hex; the choice sets them (entry_choices.hpp), and view.hpp hides them from the other side.
  std::string entry_choice;
  // 3.2C: a unit placed "w/N" may be moved within `setup_radius` of `setup_hex` in the set-up.
  Hex setup_hex;
  int setup_radius = 0;
  bool setup_unstacked = false;
  // This phase.
  bool moved = false;       // 5.1C: a finished move cannot be changed or continued
  bool fought = false;      // 6.1B: one combat per unit per phase; 6.7C: none after advancing
  bool must_fight = false;  // 6.1: in contact at the start of this combat phase
  // 6.6D: artillery displaced before it fought may not fire this phase. Not `fought`, which would
  // also shield it from attack.
  bool may_not_fire = false;
  bool advanced = false;        // 6.7C: advanced after combat this phase: neither attacks nor is attacked
  int displaced_by_combat = 0;  // 6.6D: the combat of this phase that last displaced it (0: none)

  // The printed strength showing (6.5A: current printed strength).
  int strength() const { return reduced ? reduced_strength : full_strength; }
  bool on_map() const { return status == UnitStatus::OnMap; }
  // A leader (10.0): not a combat unit.
  bool is_leader() const { return type == UnitType::Leader; }
  // An army's supply trains (16.17): no strength, no ZOC, stacks with nothing.
  bool is_supply_train() const { return type == UnitType::SupplyTrain; }
  // Exerts a zone of control: neither a leader (10.1E) nor a supply train (16.17C).
  bool projects_zoc() const { return !is_leader() && !is_supply_train(); }
};

// Setup comes before the first turn, only in games with "w/N" placements (3.2C) or whose first phase
// opens with scenario dice (19.5C): its last `end` begins play and rolls them.
enum class Phase : std::uint8_t { Movement, Combat, GameOver, Setup };

// A unit that must retreat after combat (6.6); its owner chooses where.
struct PendingRetreat {
  UnitIndex unit = 0;
  int combat = 0;         // the combat that caused it
  bool may_stay = false;  // 8.2C: a chateau defender may ignore a Dr
};

// After a combat that vacated hexes, one victorious unit may advance (6.7).
// Offered once every retreat of the combat is done, for the hexes then empty.
struct PendingAdvance {
  Side side = Side::French;
  std::vector<UnitIndex> candidates;  // participating victorious units
  std::vector<Hex> vacated;           // the losers' hexes; those empty when offered may be entered
};

// After an Ex (6.5A) whose loss more than one set of attackers could meet: the attacker chooses
// which of the combat's surviving adjacent attackers are eliminated.
struct PendingExchange {
  Side side = Side::French;
  int combat = 0;
  int loss = 0;                       // the defenders' current printed strength
  std::vector<UnitIndex> candidates;  // the combat's adjacent attackers
  std::vector<Hex> vacated;           // the defenders' hexes, offered for the advance afterwards
};

// How the game ended (3.4).
struct GameResult {
  std::optional<Side> winner;  // none: a draw or no condition met
  std::string level;           // decisive, marginal, ...
  std::string text;            // the condition's words
};

std::string_view to_string(Phase phase);

struct GameState {
  std::shared_ptr<const Ruleset> rules;
  int turn = 0;  // index into rules->turns
  Side phasing = Side::French;
  Phase phase = Phase::Movement;
  std::vector<UnitState> units;
  std::array<int, 3> eliminated_strength{};      // by Army: running losses (9.0)
  std::array<bool, 3> demoralized{};             // 9.2
  std::array<bool, 3> disintegrated{};           // 9.1
  std::map<Hex, Side> control;                   // 3.4B: hexes a side last passed through
  std::map<Hex, int> entries_this_phase;         // 5.6A: units entered at each hex this phase
  std::vector<PendingRetreat> pending_retreats;  // in order; the first is decided next
  std::optional<PendingAdvance> pending_advance;
  std::optional<PendingExchange> pending_exchange;  // decided before retreats and advances
  int combats_this_phase = 0;
  std::array<int, 2> exited_strength{};  // by Side: strength exited for VP (5.5C)
  std::optional<GameResult> result;
  std::uint64_t actions_applied = 0;
  // The steps of the sequence of play begun (4.1): each phase, and each rule's segment (12.0's
  // reorganization), is one. The server's seats end a step together; 5.1C's undo looks within one.
  std::uint64_t steps_begun = 0;
  int dice_this_step = 0;  // dice rolled since the current step began (5.1C)
  RuleSlots rule_state;    // the state the rules in force keep of their own, by rule (rule_slots.hpp)

  const GameTurn& current_turn() const { return rules->turns[static_cast<std::size_t>(turn)]; }
  // The combat units (of both sides) on the map in a hex; leaders are not combat units (10.1B).
  std::vector<UnitIndex> units_at(Hex hex) const;
  // The leaders (10.0) on the map in a hex.
  std::vector<UnitIndex> leaders_at(Hex hex) const;
  // True if an enemy combat unit of `side` is on the map in `hex` (leaders do not block: 10.1E).
  bool enemy_in(Hex hex, Side side) const;
};

// The index of `unit`, which must be an element of `state.units` (a logic error otherwise): for rule
// hooks handed a unit that look it up in their own state slot.
UnitIndex index_of(const GameState& state, const UnitState& unit);

// The unit of an army with this id, or nullopt.
std::optional<UnitIndex> find_unit(const GameState& state, Army army, std::string_view id);

// The state hash, the snapshot (state_snapshot.hpp), equality and debug_text all walk the same
// field lists (field_walk.hpp): a field is in all four or in none.

// A stable 64-bit hash of every field, the rules version (rules_version.hpp) and the rules in force
// (rules_identity, ruleset.hpp): equal states hash equal on every machine.
std::uint64_t state_hash(const GameState& state);

// Every field equal; rulesets equal when they are the same object or have the same identity.
bool operator==(const GameState& a, const GameState& b);

// Every field of `state` as "path value" lines (e.g. "units[3].hex.column 17"), for debugging and
// for diffing two states.
std::string debug_text(const GameState& state);

}  // namespace hd::engine
