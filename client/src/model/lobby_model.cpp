#include "model/lobby_model.hpp"

#include "model/deadline_words.hpp"
#include "model/game_model.hpp"

namespace hd::client {

std::string describe_game(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix) {
  namespace pb = hundred_days::v1;
  std::string line =
      "#" + std::to_string(game.game_id()) + " " + (game.title().empty() ? game.scenario() : game.title());
  if (game.missing_rules_size() > 0) line += " [NOT BY THE BOOK]";  // rules played without a module
  if (game.your_turn()) line += ", YOUR TURN";  // issue 16: a decision of this account is pending
  if (game.status() == pb::GAME_STATUS_OPEN) line += ", open";
  if (game.status() == pb::GAME_STATUS_FINISHED) line += ", finished: " + game.result();
  if (!game.turn_label().empty()) line += ", " + game.turn_label();
  if (game.status() == pb::GAME_STATUS_RUNNING && game.waiting_for() != pb::SEAT_UNSPECIFIED)
    line += ", " + army_name(army_of(game.waiting_for())) + " to play";
  if (game.status() != pb::GAME_STATUS_FINISHED) line += ", " + deadline_status(game, now_unix);
  std::string seats;
  for (const auto& seat : game.seats()) {
    if (!seats.empty()) seats += ", ";
    seats += army_name(army_of(seat.seat())) + ": " +
             (!seat.human()             ? "built-in"
              : seat.username().empty() ? "free"
                                        : seat.username());
    if (const std::string days = vacation_left(game, seat.seat()); seat.human() && !days.empty())
      seats += " [" + days + "]";
  }
  if (!seats.empty()) line += " (" + seats + ")";
  if (!game.deadline_event().empty()) line += "; " + game.deadline_event();
  return line;
}

}  // namespace hd::client
