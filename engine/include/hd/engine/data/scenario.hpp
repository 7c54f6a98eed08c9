// A scenario (18.0-28.0) as data: playing area, turns, set-up, reinforcements, morale levels,
// victory points and conditions, special rules and force options. See docs/scenario-format.md.
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/board/hex.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::engine {

// A turn as the rules write it: "16/1400" is day 16, 1400 hours (4.0).
struct TurnName {
  int day = 0;
  int hhmm = 0;

  std::string to_string() const;
  friend auto operator<=>(const TurnName&, const TurnName&) = default;
};

std::optional<TurnName> parse_turn_name(std::string_view text);

// The units a set-up or reinforcement line names: one counter, or all of a command less some.
struct UnitRef {
  std::string id;                 // a unit or leader id, or empty for a command group
  bool reduced = false;           // "(r)": set up with the reduced side showing
  std::string command;            // "all COMMAND": every unit of this command designation
  std::vector<std::string> less;  // "less ID ...": taken out of the group
};

struct Placement {
  Army army = Army::French;
  Hex hex;
  int radius = 0;          // "w/N" (3.2C)
  bool unstacked = false;  // one unit per hex
  std::vector<UnitRef> units;
  int line = 0;
};

// An entry turn and its hexes: `TURN at HEX [or HEX]...`.
struct EntryTime {
  TurnName turn;
  std::vector<Hex> hexes;
  friend bool operator==(const EntryTime&, const EntryTime&) = default;
};

struct Reinforcement {
  Army army = Army::French;
  TurnName turn;
  std::vector<Hex> hexes;  // the entry hex and its alternatives
  bool half_movement = false;
  bool unstacked = false;
  // 28.0D: an entry chosen in advance and kept secret until its turn (`choice NAME [by TURN]`). Lines
  // of one NAME are one choice; its alternatives are every turn and hex the line offers.
  std::string choice;                  // empty: no advance choice (5.6: the hex is chosen on entry)
  std::optional<TurnName> choose_by;   // chosen in its side's player turn of TURN; none: before play
  std::vector<EntryTime> later_times;  // `or TURN at HEX [or HEX]`: alternatives on later turns
  std::string choice_rule;             // `rule RULE`: the rule whose segment asks for it (28.0D if empty)
  bool may_decline = false;            // `or-none`: the force may also not come at all (22.6B)
  std::vector<UnitRef> units;
  int line = 0;
};

// Every turn and its hexes a reinforcement line offers: its first, then `later_times`.
inline std::vector<EntryTime> entry_times(const Reinforcement& r) {
  std::vector<EntryTime> times{EntryTime{r.turn, r.hexes}};
  times.insert(times.end(), r.later_times.begin(), r.later_times.end());
  return times;
}

struct MoraleLevel {
  Army army = Army::French;
  std::optional<TurnName> from_turn;  // levels in force from this turn on (none: from the start)
  std::optional<int> demoralization;
  std::optional<int> disintegration;
  int line = 0;
};

struct GroupMorale {
  Army army = Army::French;
  std::string group;  // a command designation (corps morale) or a nationality
  int level = 0;
  int line = 0;
};

enum class VpKind { PerStrengthPoint, Hex, Exit };

struct VpRule {
  Side side = Side::French;
  VpKind kind = VpKind::PerStrengthPoint;
  std::vector<Hex> hexes;  // Hex: the hexes that score; Exit: the hexes units exit through
  int points = 0;
  bool per_strength_point = false;  // exit VP counted per strength point exited
  bool at_end = true;
  int line = 0;
};

// One term of a victory condition.
struct ConditionTerm {
  enum class Kind { Demoralized, Disintegrated, Controls, VpRatio, VpNet, Otherwise };
  Kind kind = Kind::Otherwise;
  Army army = Army::French;  // Demoralized, Disintegrated
  Side side = Side::French;  // Controls, VpRatio, VpNet
  std::vector<Hex> hexes;    // Controls
  int number = 0;            // VpRatio, VpNet (VpNet may be negative: "French VP minus Coalition VP >= -49")
};

// Terms joined left to right by `and` / `or` (connectors[i] joins terms[i] and terms[i+1]).
struct Condition {
  std::vector<ConditionTerm> terms;
  std::vector<std::string> connectors;
};

struct VictoryCondition {
  Side side = Side::French;
  std::string level;  // decisive, marginal, ... ("instant" for instant wins)
  std::string text;
  Condition condition;
  bool instant = false;
  int line = 0;
};

struct SpecialRule {
  std::string rule;  // rule number, e.g. 19.4A
  std::string text;
  int line = 0;
};

struct ControlAtStart {
  Side side = Side::French;
  std::vector<Hex> hexes;
  int line = 0;
};

// Everything that a force option can add to.
struct ScenarioForces {
  std::vector<Placement> placements;
  std::vector<Reinforcement> reinforcements;
  std::vector<MoraleLevel> morale;
  std::vector<GroupMorale> corps_morale;
  std::vector<GroupMorale> nationality_morale;
  std::vector<ControlAtStart> control;
  std::vector<VpRule> vp;
  std::vector<VictoryCondition> victory;
  std::vector<SpecialRule> specials;
};

// A force option one side chooses in secret (18.5C: "write down the option and reveal it only when
// the first roll is made"): hidden from the other side until `side`'s movement phase of the turn
// `reveal` begins (the turn of its first die), or the game ends.
struct SecretOption {
  Side side = Side::French;
  TurnName reveal;
};

struct ScenarioOption {
  std::string id;  // the rule number, e.g. 18.5A
  std::string title;
  std::optional<std::pair<TurnName, TurnName>> turns;  // replaces the scenario's first and last turn
  std::vector<TurnName> rain;                          // further rain (or mud) turns
  ScenarioForces additions;
  std::vector<std::pair<Army, std::string>> removals;  // units taken out of the base forces
  int line = 0;
  std::optional<SecretOption> secret;  // `secret SIDE until TURN`: only reinforcements, specials, victory
};

struct PlayingArea {
  int first_column = 1, last_column = 1, first_row = 1, last_row = 1;
  bool contains(Hex hex) const {
    return hex.column >= first_column && hex.column <= last_column && hex.row >= first_row &&
           hex.row <= last_row;
  }
  bool on_edge(Hex hex) const {
    return contains(hex) && (hex.column == first_column || hex.column == last_column ||
                             hex.row == first_row || hex.row == last_row);
  }
};

struct Scenario {
  std::string name;
  std::string rule;  // 19.0
  std::string map;   // "nlb": scenarios/map/nlb.map
  PlayingArea area;
  TurnName first_turn, last_turn;
  std::vector<TurnName> rain;
  Side first_side = Side::French;
  std::vector<std::string> rules;     // rules in force ("1.0-9.0", "15.1")
  std::vector<std::string> optional;  // optional rules the players may add
  ScenarioForces forces;
  std::vector<ScenarioOption> options;
  std::vector<std::string> notes;
};

}  // namespace hd::engine
