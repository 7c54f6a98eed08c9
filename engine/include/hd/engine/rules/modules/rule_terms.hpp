// The terms of the general modifier points (rule_module.hpp): what the rules in force change, each
// module in force adjusting them in turn, in the modules' order. A rule that only modifies acts
// through these few points instead of a slot of its own; the core asks them where it needs the
// answer (extension_points.hpp).
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/board/terrain.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hd::engine {

struct AttackAction;
struct CombatOdds;

inline constexpr std::size_t kHexTerrainCount = 5;  // HexTerrain's values
static_assert(static_cast<std::size_t>(HexTerrain::Chateau) + 1 == kHexTerrainCount);

// What the rules change in where a unit may be set up (3.2C): the hexes, 3.2C's to begin with (within
// its radius of its named hex; none for a unit with a fixed hex). A rule adds hexes (23.0B: a leader
// with any unit of a command) or takes them away (23.0B: no [N2] unit in a French ZOC), and gives the
// refusal for a hex it kept from the unit. A rule that lets units trade places names the units the
// unit exchanges hexes with when placed in one of theirs (26.0E: a brigade's three hexes, one per hex).
struct SetupTerms {
  std::vector<Hex> hexes;
  std::optional<Refusal> refusal;
  std::vector<UnitIndex> exchanges;
};

// What the rules change for one unit now: its move and, for a leader, his command. Asked once for a
// move (not for each hex it enters) and for each officer as command is traced.
struct UnitTerms {
  // Its movement allowance in half MP: the unit's own to begin with (10.1C halves a leader's while
  // he gives command, 25.0E-1 doubles the French Fourth Corps' on 18/1200).
  int allowance_half_mp = 0;
  // 11.3A: it enters no enemy zone of control this phase (16.17A: a supply train never does).
  bool zoc_entry_barred = false;
  // 16.17A: it moves only along roads and trails (each step crosses a road or trail hexside).
  bool roads_only = false;
  // The least it pays in half MP, by terrain, for a hex's own terrain entered off a road or trail;
  // 0 leaves the terrain chart's cost (13.2: a demoralized corps pays 2 MP for clear hexes).
  std::array<int, kHexTerrainCount> terrain_half_mp_at_least{};
  // A leader who gives no command now (12.1D: an officer who reorganized this player turn; 24.5B: Ney
  // inactive). A commander so has no capacity this player turn.
  bool withholds_command = false;
  // In command with no leader giving it, taking none's capacity: an officer (27.1E: Bulow) or a
  // combat unit (16.1B: rifles).
  bool always_in_command = false;
  // A leader whose command, traced along a road or trail, counts each such step one half hex
  // (24.1A).
  bool command_paths_count_half = false;
  // A commander for whom each French cavalry corps' officer ([1c]-[4c]) takes one half of his
  // command capacity, one whole once the corps is demoralized (24.1C, 27.1C: Grouchy).
  bool cavalry_corps_count_half = false;
  // A combat unit whose attacks out of command, as an adjacent attacker (in the defenders' ZOC), have
  // their results applied normally: 11.3B's conversions and its bar on advancing after an Ex do not
  // reach it (24.1A). Bombarding is not such an attack.
  bool attacks_normally_out_of_command = false;
  // The part of its army a leader or unit belongs to for command where a rule splits the army (27.1A:
  // the French wings until they combine, 1 the left, 2 the right): a commander gives command only to
  // the officers and units of his own part. 0: no part; commanded by, and commanding, any of its army.
  int command_part = 0;
  // 9.3's effects reach the unit although its army is not demoralized: a rule has demoralized its
  // part of the army (27.1A: the right wing). suffers_demoralization() (army_morale.hpp) reads it.
  bool demoralized = false;
};

// What a unit is about to do, where a rule may refuse it (the unit_refusal point).
enum class UnitAct : std::uint8_t {
  BeginMove,  // the first step of a move, or a reinforcement's entry (19.2C, 19.5C)
  Bombard,    // an artillery unit joining a combat as a bombarding unit (11.3B)
  Advance,    // an advance after combat (11.3B, 11.3C, 13.2)
};

// A combat as the rules may change it, in two stages: while its odds are made (before 8.2B's cap
// and 6.2C's reduction) `odds` is set and `result` null; once the CRT has given its result, `result`
// is set and `odds` null. A rule changes what is set and explains an odds change in odds->modifiers.
struct CombatTerms {
  const AttackAction& attack;
  CombatOdds* odds = nullptr;      // 15.1's shift
  CombatResult* result = nullptr;  // 11.3B, 11.3C's conversions
};

// What the rules change in an army's morale now (9.0).
struct MoraleTerms {
  int demoralization = 0;  // added to its demoralization level (18.3B, 18.5B, 20.3A, 21.3A, 21.3B, 15.2)
  int disintegration = 0;  // added to its disintegration level
  bool demoralization_allowed = true;  // 18.3A: the French are not demoralized while the Prussians are not
};

// What the rules change in one corps' (13.1: Allied nationality's) demoralization level now (13.0).
struct CorpsMoraleTerms {
  int demoralization = 0;  // added to its level (22.5B: -7 for each defeat of the Old Guard near it)
};

// What the rules change in the victory count now (20.0's kinds of condition, 3.3).
struct VictoryTerms {
  std::array<int, 2> vp{};  // VP the rules award each side now (19.4C; 20.4C, 19.5D once the game is over)
  // False where strength of that army exiting now scores no VP (20.4C); indexed by Army.
  std::array<bool, 3> exits_score{true, true, true};
  // A result the rules decide as the game ends, before the scenario's conditions (18.4A); read only
  // then. The first rule's stands: a rule sets it only while it is empty.
  std::optional<GameResult> result;
};

}  // namespace hd::engine
