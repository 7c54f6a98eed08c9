#include "games/builtin_player.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/dice.hpp>

namespace hd::server {

engine::Action builtin_action(const GameRoom& room, bool battle_seeking) {
  // One generator per decision: the game's id and the log position pick it (not the dice seed,
  // which must stay secret until the end).
  // Issue 14: the position in the side's own numbers (the log's where there is no fog), so that
  // what the side did not see, not even how much, shapes the choice.
  const engine::Side side = engine::pending_decision(room.state()).side;
  engine::SplitMix64 random(static_cast<std::uint64_t>(room.row.id) * 0x9e3779b97f4a7c15ull ^
                            (room.side_sequence_at(side, room.sequence()) + 1) * 0xbf58476d1ce4e5b9ull);
  // Battle-seeking (issue 13): the built-in seat closes on the enemy and fights, still legal and
  // random. With 16.3 it chooses from what its side knows (engine::choose_action_from_knowledge).
  return engine::choose_action_from_knowledge(
      room.state(), random,
      battle_seeking ? engine::RandomPlayerStyle::BattleSeeking : engine::RandomPlayerStyle::Uniform);
}

}  // namespace hd::server
