// What a viewer may know. Everything that leaves the server passes through view() for snapshots and
// redact() for events, so that hidden movement (16.6), observation (16.3) and delayed spectators are
// additions here, not rewrites elsewhere. Under the standard rules nothing is hidden: every seat and
// every spectator sees the whole board.
#pragma once

#include <hd/engine/actions.hpp>
#include <hd/engine/events.hpp>
#include <hd/engine/game_state.hpp>

#include <optional>
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
};

struct GameView {
  int turn = 0;
  Side phasing = Side::French;
  Phase phase = Phase::Movement;
  std::vector<UnitView> units;
  std::array<int, 3> eliminated_strength{};
  std::array<bool, 3> demoralized{};
  std::array<bool, 3> disintegrated{};
  std::array<std::optional<int>, 3> demoralization_level{};  // 9.0 levels in force, by army
  std::array<std::optional<int>, 3> disintegration_level{};
  std::vector<std::pair<Hex, Side>> control;
  std::array<int, 2> victory_points{};  // by side (3.4)
  PendingDecision pending;
  std::optional<GameResult> result;
};

// The state as `viewer` may see it.
GameView view(const GameState& state, const Viewer& viewer);

// The event as `viewer` may see it, or nullopt if the viewer learns nothing of it.
std::optional<Event> redact(const GameState& state, const Event& event, const Viewer& viewer);

// A canonical text form of a view: equal views give equal bytes (for leak tests and the server).
std::string serialize(const GameView& view);

}  // namespace hd::engine
