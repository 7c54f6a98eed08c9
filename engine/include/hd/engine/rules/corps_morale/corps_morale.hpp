// Corps morale (13.0): losses kept by corps (13.1: by Allied nationality), each corps demoralized
// on its own when they reach its level, the effects on its units (13.2) and recovery through
// reorganization (13.3). The levels are scenario data (`corps-morale`, `nationality-morale`:
// docs/scenario-format.md). The module (corps_morale_13_0.cpp) acts through the extension points
// unit_eliminated, unit_terms and unit_refusal; 12.0 calls recover_corps_losses.
#pragma once

#include <hd/engine/rules/corps_morale/corps_morale_state.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// 13.0, 13.1: the corps a unit belongs to for corps morale. French and Prussian: the corps of its
// command designation ("2/[1]" -> "[1]", "[G]"), an officer's own designation. Allied: its
// nationality (13.1); an Allied officer has one only when every combat unit of his command is of
// that nationality (docs/rules-notes.md, 13.2). None for commanders and undesignated units ("?").
std::optional<std::string> corps_of(const Ruleset& rules, const UnitState& unit);

// 13.0, 13.1: a corps' (nationality's) demoralization level from the scenario's lines in play (a
// chosen option's line replaces the scenario's), or none.
std::optional<int> corps_morale_level(const Ruleset& rules, Army army, std::string_view corps);

// 13.0: a corps' (nationality's) demoralization level now: its level in the scenario's lines
// (corps_morale_level) as the rules in force change it (22.5B), or none.
std::optional<int> corps_level_now(const GameState& state, Army army, std::string_view corps);

// 13.0's state slot (corps_morale_state.hpp), or null in a game without 13.0.
const CorpsMoraleState* find_corps_morale_state(const GameState& state);

// 13.0's state slot, made if the game has none yet (the rule's opening makes it as a game starts;
// a test may bring the rule in later).
CorpsMoraleState& corps_morale_state(GameState& state);

// 13.3: true if reorganization returned the unit to play (eliminated again, it counts its full
// strength).
bool reorganized(const GameState& state, UnitIndex unit);

// The corps' record in the state, or null: it has had no loss and was never demoralized.
const CorpsMorale* find_corps_morale(const GameState& state, Army army, std::string_view corps);

// 13.0, 13.1: what a corps' level is measured against: its own losses; for an Allied nationality,
// the losses of all Allied nationalities together.
int corps_morale_measure(const GameState& state, Army army, std::string_view corps);

// 13.0: counts an eliminated combat unit against its corps (CorpsLossEvent): its printed strength,
// or its full strength if it was reorganized (13.3), then checks every corps' morale. Leaders and
// units of no corps count nothing.
void count_corps_loss(GameState& state, UnitIndex unit, std::vector<Event>& events);

// 13.0, 13.1: demoralizes every corps (nationality) whose measure has reached its level
// (CorpsMoraleEvent). Never restores good morale: only reorganization does (13.3).
void update_corps_morale(GameState& state, std::vector<Event>& events);

// 13.0 for a rule's own check (22.5A's proximity segment, at a level it lowered for the check):
// demoralizes the corps at once (CorpsMoraleEvent with the corps' measure and `level`). Nothing if
// it is already demoralized.
void demoralize_corps(GameState& state, Army army, const std::string& corps, int level,
                      std::vector<Event>& events);

// 13.2: true if the unit (a combat unit or an officer) belongs to a demoralized corps.
bool corps_demoralized(const GameState& state, const UnitState& unit);

// 13.3, called by reorganization (12.0) once `unit` is back on the map: takes its full strength off
// its corps' losses (CorpsLossEvent with a negative strength), marks it reorganized (eliminated
// again it counts its full strength) and restores good morale to its corps if the losses are now
// below the level; for the Allies to every demoralized nationality whose level is now above the
// Allied total (13.1). Returns false and changes nothing if 13.0 is not in force, or the unit is
// unknown, not on the map, a leader or of no corps.
bool recover_corps_losses(GameState& state, UnitIndex unit, std::vector<Event>& events);

}  // namespace hd::engine
