// An end-to-end test's two-player Quatre Bras game on the real server: `french` creates it holding
// the French seat (spectators shown the French view), `allied` joins the Allied seat, and both open
// it; returns its id. REQUIREs every step.
#pragma once

#include "game_test_player.hpp"

#include <catch2/catch.hpp>

#include <cstdint>

namespace hd::test {

inline std::uint64_t start_quatre_bras_match(GamePlayer& french, GamePlayer& allied) {
  namespace v1 = hundred_days::v1;
  const auto created = french.request(create_game(
      "quatre-bras", {v1::SEAT_FRENCH}, test_entropy(french.username()), v1::SPECTATOR_VIEW_FRENCH));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(
      allied.request(join_game(game, v1::SEAT_ALLIED, test_entropy(allied.username()))).has_game_changed());
  REQUIRE(french.request(open_game(game, false)).has_game_snapshot());
  REQUIRE(allied.request(open_game(game, false)).has_game_snapshot());
  return game;
}

}  // namespace hd::test
