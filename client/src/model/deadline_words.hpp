// A game's turn deadline in words (issue 16, docs/games.md "Deadlines"): its terms, the time left
// in the current wait, each human seat's vacation days left and the latest deadline event. Only
// the summary's typed fields are read; the clock is the caller's (`now_unix`), so tests fix it.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hd::client {

// A deadline's span in words: "48 h", or "7 days" for whole days from 72 hours up.
std::string hours_words(std::uint32_t hours);

// The terms chosen at creation: "no deadline", or "48 h a turn, 3 vacation days, then the built-in
// player" ("..., then forfeit"). Whole days from 72 hours up read as days ("7 days a turn").
std::string deadline_terms(const hundred_days::v1::TurnDeadline& deadline);

// The time left in a running game's current wait: "deadline in 31 h" (whole hours, rounded down),
// "deadline in 40 min" under an hour, "deadline passed" once due; empty when the game has no
// deadline, is not running, the server gave no time or the caller has no clock (`now_unix` 0).
std::string deadline_countdown(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix);

// The vacation days left of one human seat: "3 vacation days left", "1 vacation day left"; empty
// when the game has no deadline or the summary lists no days for that seat.
std::string vacation_left(const hundred_days::v1::GameSummary& game, hundred_days::v1::Seat seat);

// A game row's deadline: "no deadline", the countdown when it is known, else the terms.
std::string deadline_status(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix);

// The game panel's deadline lines: "no deadline", or the countdown with the terms ("deadline in
// 31 h: 48 h a turn, 3 vacation days, then forfeit"), each of `my_seats`' vacation days left
// ("French: 3 vacation days left") and the latest deadline event.
std::vector<std::string> deadline_panel_lines(const hundred_days::v1::GameSummary& game,
                                              const std::vector<hundred_days::v1::Seat>& my_seats,
                                              std::uint64_t now_unix);

}  // namespace hd::client
