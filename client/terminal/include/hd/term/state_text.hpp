// A game as plain text for the terminal: the turn, the phase, whose decision it is, the units by
// hex, each army's losses against its morale levels (9.0), the VP (3.4) and the result. Built from
// what the server sent (GameView and ScenarioInfo), never from a private state.
#pragma once

#include <hd/wire/seat_names.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>

namespace hd::term {

// The short names used in the tables: "French", "Prussian", "Allied"; "french", "coalition" ...
// (seats are named by hd::wire::seat_name, the record's words).
using wire::seat_name;
std::string army_name(hundred_days::v1::Army army);
std::string side_name(hundred_days::v1::Side side);
std::string hex_text(const hundred_days::v1::HexCoord& hex);

// The turn's label ("16 June 1400 (night)"), or "turn N" if the scenario does not list it.
std::string turn_text(const hundred_days::v1::ScenarioInfo& scenario, std::uint32_t turn);

// The whole state: a header line, the pending decision, a table of the units on the map by hex,
// reinforcements and losses, the morale table and the VP. 16.3 (fog of war): an enemy piece the
// side does not observe now is listed where last seen, marked "(last seen TURN)" (turn_text); one
// never seen is not on the map but on an "enemy pieces not seen (16.3):" line.
std::string format_state(const hundred_days::v1::ScenarioInfo& scenario,
                         const hundred_days::v1::GameView& view);

// One line per game of a list: id, scenario, status, seats and their holders, turn, waiting for,
// the deadline (deadline_text, the time left from `now_unix`), the result, the latest deadline event.
std::string format_game_summary(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix);

// A refusal as "refused (CODE, rule R): words": a rule refusal's words written from its reason and
// arguments (units named as `view` shows them, when given), any other's the server's message.
std::string format_refusal(const hundred_days::v1::Refusal& refusal,
                           const hundred_days::v1::GameView* view = nullptr);

}  // namespace hd::term
