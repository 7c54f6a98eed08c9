// Combat (6.0) and chateaux (8.0): who must fight, what a proposed combat's odds
// are and why, and the results table applied with retreats, displacement and advances.
// Artillery bombards at range (7.0-7.3) alone or with adjacent attackers; adjacent artillery fights
// like any unit (7.4). Optional rules act through their modules' hooks (rules/modules).
#pragma once

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hd::engine {

// One combat: attackers and defenders, every attacker adjacent to every defender (6.1E), and
// artillery bombarding from range (7.1, 7.2).
struct AttackAction {
  AttackAction() = default;
  // An adjacent combat without bombardment (keeps positional {attackers, defenders, reduction} use).
  AttackAction(std::vector<UnitIndex> attackers_in, std::vector<UnitIndex> defenders_in, int reduction = 0)
      : attackers(std::move(attackers_in)), defenders(std::move(defenders_in)), odds_reduction(reduction) {}

  std::vector<UnitIndex> attackers;  // adjacent attackers
  std::vector<UnitIndex> defenders;
  int odds_reduction = 0;             // columns to the left of the computed odds (6.2C)
  std::vector<UnitIndex> bombarding;  // artillery not in an EZOC, in range and sight of a defender (7.1)
  // 7.1E: bombarding artillery whose owner elects to suffer an Ar if that is the result (declared
  // with the attack; nothing is learnt between the roll and that choice).
  std::vector<UnitIndex> retreat_on_ar;
};

// Where a retreating unit goes (6.6B: its owner decides). `displace` names the friendly unit it
// pushes out of a full hex (6.6D); `stay` keeps an undemoralized chateau infantry in place on a Dr
// (8.2C).
struct RetreatAction {
  UnitIndex unit = 0;
  std::optional<Hex> to;
  std::optional<UnitIndex> displace;
  bool stay = false;
};

// One victorious unit advances into a vacated hex, or none does (6.7).
struct AdvanceAction {
  std::optional<UnitIndex> unit;
  std::optional<Hex> into;
};

// 6.5A: the attackers an exchange eliminates, chosen by the attacker: adjacent attackers of the
// combat whose current printed strengths total at least the defenders' loss, none of which could be
// left out while still meeting it (docs/rules-notes.md, 6.5A).
struct ExchangeLossAction {
  std::vector<UnitIndex> units;
};

// Marks every unit that must take part in a combat this phase (6.1): phasing units in an EZOC and
// the enemy units whose ZOC they are in. Called as a combat phase begins.
void mark_obligations(GameState& state);

// The units that must still attack or be attacked this phase.
std::vector<UnitIndex> owed_combat(const GameState& state);

// 7.1B: how many hexes an artillery unit bombards, counting the target hex and not its own. Two for
// every type: heavy artillery's range 3 belongs to the variant rule 16.10, not offered yet.
int bombardment_range(UnitType type);

// Checks a proposed combat against 6.1, 6.2C, 7.0-7.4, 8.0 and the river and lake hexsides.
std::optional<Refusal> check_attack(const GameState& state, const AttackAction& attack);

// The odds of a proposed combat with each modifier explained (6.2, 6.3, 6.6C, 7.1, 8.2B, 15.1).
// Requires a combat that check_attack accepts.
CombatOdds compute_odds(const GameState& state, const AttackAction& attack);

// The hexes a unit may retreat into now, without displacing anyone (6.6A, 6.6C, 8.1A).
std::vector<Hex> retreat_hexes(const GameState& state, UnitIndex unit);

// 6.5A: every legal choice for the pending exchange (each sorted by unit index, in increasing
// order of the bitmask over the candidates); empty if no exchange is pending.
std::vector<std::vector<UnitIndex>> exchange_loss_choices(const GameState& state);

// Checks an exchange choice against the pending exchange (6.5A).
std::optional<Refusal> check_exchange(const GameState& state, const ExchangeLossAction& choice);

// 9.3: refuses an advance by a unit of a demoralized army (also when no advance is offered at all);
// and whatever the rules in force forbid (13.2: a demoralized corps).
std::optional<Refusal> demoralized_advance_refusal(const GameState& state, UnitIndex unit);

// 6.7B: the hexes the pending advance may enter now (vacated by the defenders and still empty),
// once every retreat of the combat is made; empty when no advance is offered.
std::vector<Hex> advance_hexes(const GameState& state);

// Checks a retreat or an advance decision.
std::optional<Refusal> check_retreat(const GameState& state, const RetreatAction& retreat);
std::optional<Refusal> check_advance(const GameState& state, const AdvanceAction& advance);

// True if an attack may cross the side between two neighbouring hexes (TEC: rivers only at bridges,
// never lake hexsides).
bool attack_crosses(const GameMap& map, Hex from, Hex to);

// True if `unit` could step from its hex into `to` when retreating, before counting friendly units
// (6.6A: on the map and in play, not across prohibited terrain, not into enemy units or EZOC).
bool retreat_ground_ok(const GameState& state, const UnitState& unit, Hex to);

// Carrying out validated decisions (used by apply() in actions.cpp). Each appends its events.
void resolve_attack(GameState& state, const AttackAction& attack, int die, std::vector<Event>& events);
void resolve_exchange(GameState& state, const ExchangeLossAction& choice, std::vector<Event>& events);
void resolve_retreat(GameState& state, const RetreatAction& retreat, std::vector<Event>& events);
void resolve_advance(GameState& state, const AdvanceAction& advance, std::vector<Event>& events);

}  // namespace hd::engine
