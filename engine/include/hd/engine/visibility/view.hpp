// What a viewer may know. Everything that leaves the server passes through view() for snapshots and
// redact() for events, so that hidden movement (16.6), observation (16.3) and delayed spectators are
// additions here, not rewrites elsewhere. Under the standard rules nothing is hidden: every seat and
// every spectator sees the whole board. Where 16.3 is in force, a side's seats and spectators shown
// its view see the enemy as the side's knowledge has it (rules/observation/knowledge.hpp): pieces
// observed now where they stand, the others where last seen or nowhere, and of an enemy move only
// the hexes the side observed. A secret force option (18.5C, secret_options.hpp) is hidden
// from the other side's seats and spectators until it is revealed: the units it brings are left out
// of the view, its dice out of the events, its id out of visible_options().
#pragma once

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hd::engine {

// Who is looking: a player's seat (an army) or a spectator shown one side's view or everything.
struct Viewer {
  enum class Kind { Seat, Spectator };
  Kind kind = Kind::Spectator;
  std::optional<Army> army;  // the seat's army
  std::optional<Side> side;  // a spectator shown this side's view; none: everything
};

struct UnitView {
  UnitIndex unit = 0;
  std::string id;
  std::string command;  // command designation, e.g. "2/[1]"
  Army army = Army::French;
  UnitType type = UnitType::Infantry;
  int strength = 0;  // printed strength showing
  int movement = 0;
  bool reduced = false;
  UnitStatus status = UnitStatus::Waiting;
  std::optional<Hex> hex;
  int arrival_turn = -1;
  // 16.3: an enemy piece on the map the viewer's side does not observe now is shown where the side
  // last saw it (`hex`, with the turn it was seen in here) or, never seen, with no hex; its marks are
  // not shown. Unset for every piece shown as it stands.
  std::optional<int> last_seen_turn;
  bool unobserved = false;
  // The marks the board would show on or beside the counter, seen by both sides as on the table.
  bool moved = false;              // moved in the phase under way (5.0)
  bool out_of_command = false;     // marked in its side's last command segment (11.0, 11.3)
  bool corps_demoralized = false;  // its corps (13.1: its Allied nationality) is demoralized (13.2)
  bool inactive = false;           // a commander or army HQ on its inactive side (16.14A, 16.14C)
  // 16.6A: the number of the hidden movement pair whose holding area holds it (status Hidden), or 0.
  // The holding areas are open to both sides ("may be examined").
  int holding_pair = 0;
};

// 16.6: one hidden movement marker on the map, seen by both sides where it stands, as a counter on
// the table. Which marker of a pair stands for its pieces is its owner's secret: `real` is set only
// for a viewer of the owner's side (a seat, a spectator shown that side or everything).
struct MarkerView {
  Army army = Army::French;
  int pair = 0;    // 1..8, numbered by army
  bool b = false;  // marker B of the pair, else A
  Hex hex{};
  bool moved = false;      // moved in this movement phase (16.6B)
  bool revealing = false;  // the pair is being revealed (16.6C): its owner deploys its pieces
  std::optional<bool> real;
};

struct GameView {
  int turn = 0;
  bool rain = false;  // 4.3: the current turn is a rain turn (rules/sequence/weather: 22.6A's roll too)
  Side phasing = Side::French;
  Phase phase = Phase::Movement;
  std::vector<UnitView> units;
  std::vector<MarkerView> markers;  // 16.6: by army, pair, then A before B
  std::array<int, 3> eliminated_strength{};
  std::array<bool, 3> demoralized{};
  std::array<bool, 3> disintegrated{};
  std::array<std::optional<int>, 3> demoralization_level{};  // 9.0 levels in force, by army
  std::array<std::optional<int>, 3> disintegration_level{};
  std::vector<std::pair<Hex, Side>> control;
  std::array<int, 2> victory_points{};  // by side (3.4)
  PendingDecision pending;
  // A rule's decision (DecisionKind::Rule), or a set-up with a rule's actions beside the placements
  // (16.6A's hides): its choices (decision_choices), for a seat of the deciding side, those its army
  // takes (claim_of); empty for anyone else and for the core's other decisions.
  std::vector<DecisionChoice> choices;
  std::optional<GameResult> result;
};

// True if `viewer` may know of the chosen secret option `option` before its reveal: a seat of its
// side, a spectator shown its side's view or everything.
bool may_see_secret(const Viewer& viewer, const ScenarioOption& option);

// True if `viewer` may know the entry choice `id` (28.0D, entry_choices.hpp) now: once revealed,
// anyone; before, a seat of its side, a spectator shown its side's view or everything.
bool may_see_entry_choice(const GameState& state, const Viewer& viewer, std::string_view id);

// The sides that may hold a secret in a game of this ruleset's scenario, whatever was chosen: a side
// a secret force option is offered to (18.5C: the French), a side with entry choices (28.0D). The server
// keeps every such side's view from spectators who could pass it on (server/src/games/spectator_secrecy).
// Hidden movement (16.6) adds none: which marker is real is kept as 16.3 keeps its fog, from the
// enemy's seats and spectators shown the enemy's view; a spectator's policy (a side, or everything
// delayed) decides the rest, as in any game with 16.3 (docs/rules-notes.md, "16.6", the views).
std::set<Side> sides_keeping_secrets(const Ruleset& rules);

// How many units `viewer` is shown: units 0 to N-1. The units a viewer may not see (a hidden secret
// option's, 18.5C) are numbered last (game_setup.cpp), so to this viewer a unit number at or above N
// is not in the game: the server refuses it as it would a number beyond the last unit.
std::size_t units_shown(const GameState& state, const Viewer& viewer);

// The force options chosen for the game that `viewer` may know of now, in the scenario's order.
std::vector<std::string> visible_options(const GameState& state, const Viewer& viewer);

// The state as `viewer` may see it.
GameView view(const GameState& state, const Viewer& viewer);

// The event as `viewer` may see it, or nullopt if the viewer learns nothing of it. With 16.3, a 16.6
// reveal shows an enemy viewer only the pieces deployed where its side observes them.
std::optional<Event> redact(const GameState& state, const Event& event, const Viewer& viewer);

// An action's line of notation as `viewer` may see it in `after` (the state it is shown with): a
// 28.0D entry choice the viewer may not know yet becomes "SIDE choose-entry NAME sealed"; with 16.3
// in force, an enemy's action other than an end, attack or exchange becomes "SIDE VERB" (a move
// names no unit or hex: the events say what the viewer's side observed of it). Every other line is
// unchanged.
std::string redact_action_line(const GameState& after, const std::string& line, const Viewer& viewer);

// The refusal as `viewer` may see it: a unit argument the viewer may not see (units_shown(), or with
// 16.3 an enemy piece on the map its side does not observe now) becomes a hidden unit, so a refusal
// never names a unit its seat does not know of or see.
Refusal redact(const GameState& state, const Refusal& refusal, const Viewer& viewer);

// 16.3 (issue 14): true if `side` is shown the action that took the game from `before` to `after`
// with `events`, logged as `line`. Always where 16.3's knowledge is not kept. Otherwise false only
// when the side learns nothing of it: its line is cut for the side (redact_action_line), none of its
// events survives redact(), and the side's view is the same after it as before. The server sends a
// side only the updates of actions shown to it, numbered by side, so that what the side is sent does
// not depend on how many actions it could not see.
bool action_shown(const GameState& before, const GameState& after, const std::vector<Event>& events,
                  const std::string& line, Side side);

// A canonical text form of a view: equal views give equal bytes (for leak tests and the server).
std::string serialize(const GameView& view);

}  // namespace hd::engine
