// Why the engine refused an action: a machine code, the rule that forbids it, and words for people.
#pragma once

#include <string>
#include <string_view>

namespace hd::engine {

enum class RefusalCode {
  NotYourTurn,  // the action is for the other side (4.1)
  WrongPhase,   // not allowed in this phase (4.1)
  UnknownUnit,
  NotYourUnit,
  AlreadyMoved,       // 5.1C
  NotArrived,         // 5.6: reinforcement before its turn
  BadEntryHex,        // 5.6, 5.6D
  NotAdjacent,        // 5.0: paths run hex to hex
  OffPlayingArea,     // 3.2A, 5.5
  EnemyOccupied,      // 5.0
  ProhibitedTerrain,  // 5.2A
  EnemyZoc,           // 5.3, 5.3E, 5.3F
  NotEnoughMovement,  // 5.1, 5.2C
  NotExitHex,         // 5.5
  Overstacked,        // 5.4, 8.1
  GameOver,
  Malformed,
};

std::string_view to_string(RefusalCode code);

struct Refusal {
  RefusalCode code = RefusalCode::Malformed;
  std::string rule;     // "5.3E"
  std::string message;  // a sentence for the player
};

}  // namespace hd::engine
