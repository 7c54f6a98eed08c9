// End-to-end, issue 14: QueryObservedArea (16.3) on the real server. A seat is answered its own side's
// observed area, the one the engine computes for that side (its own pieces' hexes in it, a hex
// beyond every one of their sights not), never the enemy's; a spectator shown one side gets that
// side's; a spectator shown everything, and a game without 16.3, are refused.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/hex_convert.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope query_observed_area(std::uint64_t game) {
  v1::ClientEnvelope envelope;
  envelope.mutable_query_observed_area()->set_game_id(game);
  return envelope;
}

// The answer's hexes, in the order sent.
std::vector<engine::Hex> hexes_of(const v1::ObservedArea& area) {
  std::vector<engine::Hex> hexes;
  for (const v1::HexCoord& coord : area.hexes())
    hexes.push_back(engine::Hex{static_cast<int>(coord.column()), static_cast<int>(coord.row())});
  return hexes;
}

// A hex of the map more than `distance` hexes from every piece of `side` on the map.
std::optional<engine::Hex> far_hex(const engine::GameState& state, engine::Side side, int distance) {
  const std::vector<engine::Hex> eyes = engine::observing_hexes(state, side);
  const engine::GridBounds bounds = state.rules->map.bounds();
  for (int column = 1; column <= bounds.columns; ++column)
    for (int row = 1; row <= bounds.rows; ++row) {
      const engine::Hex hex{column, row};
      if (std::all_of(eyes.begin(), eyes.end(),
                      [&](engine::Hex eye) { return engine::distance(eye, hex) > distance; }))
        return hex;
    }
  return std::nullopt;
}


}  // namespace

TEST_CASE("16.3 QueryObservedArea answers each seat its own side's observed area, never the enemy's",
          "[e2e][games][16.3][fog][observed-area]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");
  const std::uint64_t game = start_observed_quatre_bras(alice, bob, v1::SPECTATOR_VIEW_COALITION);
  const engine::GameState local = observed_quatre_bras_state();
  const std::vector<engine::Hex> french_area = engine::observed_area(local, engine::Side::French);
  const std::vector<engine::Hex> allied_area = engine::observed_area(local, engine::Side::Coalition);
  REQUIRE(french_area != allied_area);  // so an answer tells which side it was computed for

  // The French seat: the French area, with this turn's distance.
  const auto french = alice.request(query_observed_area(game));
  INFO(french.refusal().message());
  REQUIRE(french.has_observed_area());
  CHECK(french.observed_area().game_id() == game);
  CHECK(french.observed_area().distance() == engine::observation_distance(local));
  const std::vector<engine::Hex> french_answer = hexes_of(french.observed_area());
  CHECK(french_answer == french_area);
  CHECK(french_answer != allied_area);  // never the enemy's
  CHECK(std::is_sorted(french_answer.begin(), french_answer.end()));
  // Its own pieces' hexes are observed (a hex observes itself); a hex beyond all their sights is not.
  for (engine::Hex own : engine::observing_hexes(local, engine::Side::French))
    CHECK(std::binary_search(french_answer.begin(), french_answer.end(), own));
  const auto far = far_hex(local, engine::Side::French, french.observed_area().distance());
  REQUIRE(far);
  CHECK_FALSE(std::binary_search(french_answer.begin(), french_answer.end(), *far));

  // The Allied seat: the Coalition area, not the French one.
  const auto allied = bob.request(query_observed_area(game));
  INFO(allied.refusal().message());
  REQUIRE(allied.has_observed_area());
  CHECK(hexes_of(allied.observed_area()) == allied_area);

  // A spectator shown the Coalition side is answered the Coalition's area.
  REQUIRE(carol.request(open_game(game, true)).has_game_snapshot());
  const auto watched = carol.request(query_observed_area(game));
  INFO(watched.refusal().message());
  REQUIRE(watched.has_observed_area());
  CHECK(hexes_of(watched.observed_area()) == allied_area);

  // Someone with neither a seat nor the game open is answered nothing.
  GamePlayer dave(server.port(), "dave");
  const auto stranger = dave.request(query_observed_area(game));
  REQUIRE(stranger.has_refusal());
  CHECK(stranger.refusal().code() == v1::REFUSAL_CODE_NOT_FOUND);
}

TEST_CASE("16.3 QueryObservedArea is refused to a spectator shown everything and in a game without 16.3",
          "[e2e][games][16.3][fog][observed-area]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");

  // A spectator shown everything, live (no delay): it has no side, so no area of its own.
  const std::uint64_t open_view = start_observed_quatre_bras(alice, bob, v1::SPECTATOR_VIEW_DELAYED_ALL);
  REQUIRE(carol.request(open_game(open_view, true)).has_game_snapshot());
  const auto everything = carol.request(query_observed_area(open_view));
  REQUIRE(everything.has_refusal());
  CHECK(everything.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
  CHECK_FALSE(everything.has_observed_area());
  // The seats of that game are still answered.
  CHECK(alice.request(query_observed_area(open_view)).has_observed_area());

  // A game without 16.3: every hex is observed, so there is no area to show, to a seat either.
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice-plain"), v1::SPECTATOR_VIEW_FRENCH));
  REQUIRE(created.has_game_created());
  const std::uint64_t plain = created.game_created().game_id();
  const auto refused = alice.request(query_observed_area(plain));
  REQUIRE(refused.has_refusal());
  CHECK(refused.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
  CHECK(refused.refusal().message().find("16.3") != std::string::npos);
  CHECK(refused.refusal().message().find("every hex is observed") != std::string::npos);
}
