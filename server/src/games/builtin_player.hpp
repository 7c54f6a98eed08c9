// The server's built-in player (issue 5): when the pending decision belongs to a built-in seat, the
// server plays engine::choose_random_action in its battle-seeking style (issue 13), seeded from the
// game so that a replay of the same game makes the same choices. With 16.3 it knows only what its
// side observes (engine::choose_action_from_knowledge, issue 14).
#pragma once

#include "games/game_room.hpp"

#include <hd/engine/rules/sequence/actions.hpp>

namespace hd::server {

// The built-in player's next action in the room's current state (the pending side's);
// `battle_seeking` false: uniformly random moves (the server's --builtin-style uniform).
engine::Action builtin_action(const GameRoom& room, bool battle_seeking = true);

}  // namespace hd::server
