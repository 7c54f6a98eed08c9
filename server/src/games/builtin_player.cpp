#include "games/builtin_player.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/dice.hpp>

namespace hd::server {

engine::Action builtin_action(const GameRoom& room, bool battle_seeking) {
  // One generator per decision: the game's id and the log position pick it (not the dice seed,
  // which must stay secret until the end).
  engine::SplitMix64 random(static_cast<std::uint64_t>(room.row.id) * 0x9e3779b97f4a7c15ull ^
                            (room.sequence() + 1) * 0xbf58476d1ce4e5b9ull);
  // Battle-seeking (issue 13): the built-in seat closes on the enemy and fights, still legal and
  // random.
  return engine::choose_random_action(
      room.state, random,
      battle_seeking ? engine::RandomPlayerStyle::BattleSeeking : engine::RandomPlayerStyle::Uniform);
}

}  // namespace hd::server
