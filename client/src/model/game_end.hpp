// What the end screen says once a game is over: who won (or that it is a draw), at what level, the
// victory condition met (or the resignation, or the agreement) and the final victory points. Only
// words the server sent: the view's GameResult, the summary's typed end, the view's VP.
#pragma once

#include "model/game_model.hpp"

#include <optional>
#include <string>

namespace hd::client {

// What the end screen says: who won (or that it is a draw), why, and the final VP.
struct GameEnd {
  std::string headline;  // "French victory (decisive)", "Coalition victory (resignation)", "Draw", ...
  std::string reason;    // the victory condition met, the resignation or the agreement, in words
  std::string final_vp;  // "Final VP: French 12, Coalition 8"; empty when the view carries no VP
};

// The end of a finished game: from the view's result (the engine's victory condition, 17.0) when it
// has one, else from the summary's typed end and its result words (resignation, agreed draw);
// nullopt while the game runs. The final VP are the view's, as the server last sent them.
std::optional<GameEnd> game_end(const GameModel& game);

}  // namespace hd::client
