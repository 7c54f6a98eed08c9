#include "model/game_end.hpp"

namespace hd::client {

namespace {

// The view's VP by side ([French, Coalition]) in words, or empty when it has none.
std::string final_vp_words(const pb::GameView& view) {
  if (view.victory_points_size() < 2) return {};
  return "Final VP: French " + std::to_string(view.victory_points(0)) + ", Coalition " +
         std::to_string(view.victory_points(1));
}

// The side that is not `side` (a forfeit's loser from its winner).
pb::Side other_side(pb::Side side) {
  return side == pb::SIDE_FRENCH ? pb::SIDE_COALITION : pb::SIDE_FRENCH;
}

// The headline and reason of a game ended with the engine's result (17.0, or 3.4 with no winner).
GameEnd from_result(const pb::GameResult& result) {
  GameEnd end;
  if (result.winner() == pb::SIDE_UNSPECIFIED) {
    end.headline = "Draw";
  } else {
    end.headline = side_name(result.winner()) + " victory";
    if (!result.level().empty()) end.headline += " (" + result.level() + ")";
  }
  end.reason = result.text();
  return end;
}

// The headline and reason of a game ended by consent, by a missed turn deadline (forfeit) or closed
// before it started: the summary's typed end and winner; its words are shown, never read.
GameEnd from_summary(const pb::GameSummary& summary) {
  GameEnd end;
  switch (summary.end()) {
    case pb::GAME_END_RESIGNATION:
      end.headline = side_name(summary.winner()) + " victory (resignation)";
      break;
    case pb::GAME_END_DRAW_AGREED:
      end.headline = "Draw";
      break;
    case pb::GAME_END_DEADLINE:  // a forfeit (TurnDeadline): the loser is the side that was waited for
      end.headline = side_name(summary.winner()) + " victory (deadline)";
      end.reason = "The " + side_name(other_side(summary.winner())) + " missed its turn deadline";
      if (!summary.result().empty()) end.reason += ". " + summary.result();
      return end;
    case pb::GAME_END_WITHDRAWN:
    case pb::GAME_END_EXPIRED:
      end.headline = "Closed before it started";
      break;
    default:
      end.headline =
          summary.winner() == pb::SIDE_UNSPECIFIED ? "Game over" : side_name(summary.winner()) + " victory";
  }
  end.reason = summary.result();
  return end;
}

}  // namespace

std::optional<GameEnd> game_end(const GameModel& game) {
  if (!game.over()) return std::nullopt;
  const pb::GameView& view = game.view();
  GameEnd end = view.has_result() ? from_result(view.result()) : from_summary(game.summary());
  if (game.summary().end() != pb::GAME_END_WITHDRAWN && game.summary().end() != pb::GAME_END_EXPIRED)
    end.final_vp = final_vp_words(view);
  return end;
}

}  // namespace hd::client
