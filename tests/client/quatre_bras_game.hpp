// Quatre Bras on a real server for the window client's tests under Xvfb: alice French, bob Allied,
// both over the protocol, the game started. A client under test logs in as alice on a connection
// of its own; alice's and bob's connections here act for the seats.
#pragma once

#include "game_test_player.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hd::test {

struct QuatreBrasGame {
  ServerProcess server{ServerOptions{game_server_args(), {}}};
  GamePlayer alice{server.port(), "alice"};
  GamePlayer bob{server.port(), "bob"};
  std::uint64_t id = 0;

  // `options`: the force options chosen (19.5A, say).
  explicit QuatreBrasGame(const std::vector<std::string>& options = {}) {
    namespace v1 = hundred_days::v1;
    v1::ClientEnvelope create =
        create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH);
    for (const std::string& option : options)
      create.mutable_create_game()->add_force_options(option);
    const auto created = alice.request(create);
    REQUIRE(created.has_game_created());
    id = created.game_created().game_id();
    REQUIRE(bob.request(join_game(id, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  }
};

}  // namespace hd::test
