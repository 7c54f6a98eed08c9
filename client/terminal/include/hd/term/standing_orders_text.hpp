// Issue 16 (standing orders; docs/games.md "Standing orders"): the terminal's `orders` command,
// read into a SetStandingOrders, and a StandingOrders answer as text. Units are named by their ids
// as `state` shows them, hexes as four digits ("1207": column 12, row 7).
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <variant>
#include <vector>

namespace hd::term {

// `orders UNIT [retreat HEX...] [toward HEX] [advance|hold]` sets one unit's order (hold: no
// advance); `orders clear UNIT` clears it. `words` without the command word; `view` names the
// units. Returns the request, or the usage or problem in words.
std::variant<hundred_days::v1::SetStandingOrders, std::string> parse_orders_command(
    std::uint64_t game_id, const std::vector<std::string>& words, const hundred_days::v1::GameView& view);

// One line per order ("Bach: retreat 1207 1208, toward 1010, advance"), or "no standing orders".
std::string format_standing_orders(const hundred_days::v1::StandingOrders& orders,
                                   const hundred_days::v1::GameView& view);

}  // namespace hd::term
