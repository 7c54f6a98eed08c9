#include <hd/engine/state/refusal.hpp>

namespace hd::engine {

std::string_view to_string(RefusalCode code) {
  switch (code) {
    case RefusalCode::NotYourTurn:
      return "not-your-turn";
    case RefusalCode::WrongPhase:
      return "wrong-phase";
    case RefusalCode::UnknownUnit:
      return "unknown-unit";
    case RefusalCode::NotYourUnit:
      return "not-your-unit";
    case RefusalCode::AlreadyMoved:
      return "already-moved";
    case RefusalCode::NotArrived:
      return "not-arrived";
    case RefusalCode::BadEntryHex:
      return "bad-entry-hex";
    case RefusalCode::NotAdjacent:
      return "not-adjacent";
    case RefusalCode::OffPlayingArea:
      return "off-playing-area";
    case RefusalCode::EnemyOccupied:
      return "enemy-occupied";
    case RefusalCode::ProhibitedTerrain:
      return "prohibited-terrain";
    case RefusalCode::EnemyZoc:
      return "enemy-zoc";
    case RefusalCode::NotEnoughMovement:
      return "not-enough-movement";
    case RefusalCode::NotExitHex:
      return "not-exit-hex";
    case RefusalCode::Overstacked:
      return "overstacked";
    case RefusalCode::GameOver:
      return "game-over";
    case RefusalCode::Malformed:
      return "malformed";
  }
  return "?";
}

}  // namespace hd::engine
