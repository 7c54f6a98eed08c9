// Issue 15, the fan-out of an action on the real server: subscribers who see alike (here three
// spectators shown the French view) are sent one update, made once and byte-identical, while each
// seat's is made for it; /metrics counts the updates made and sent.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "quatre_bras_match.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

TEST_CASE("an action's update is made once for the spectators who see alike", "[e2e][games][metrics]") {
  ServerProcess server(ServerOptions{game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Allied
  const std::uint64_t game = start_quatre_bras_match(alice, bob);
  std::vector<std::unique_ptr<GamePlayer>> spectators;
  for (const char* name : {"carol", "dave", "erin"}) {
    spectators.push_back(std::make_unique<GamePlayer>(server.port(), name));
    REQUIRE(spectators.back()->request(open_game(game, true)).has_game_snapshot());
  }
  const double made_before = metric(server.port(), "hd_game_updates_made_total");
  const double sent_before = metric(server.port(), "hd_game_updates_sent_total");

  Replica replica("quatre-bras", engine::Viewer{});
  REQUIRE(alice.request(submit(game, french_move(replica.state()))).has_action_accepted());

  // The three spectators' updates are the same bytes; the mover's is her own (she may undo, 5.1C).
  std::vector<std::string> watched;
  for (const auto& spectator : spectators)
    watched.push_back(spectator->next_of(v1::ServerEnvelope::kGameUpdate).SerializeAsString());
  CHECK(watched[0] == watched[1]);
  CHECK(watched[1] == watched[2]);
  const auto french = alice.next_of(v1::ServerEnvelope::kGameUpdate);
  CHECK(french.game_update().view().undo_allowed());
  CHECK(french.SerializeAsString() != watched[0]);
  CHECK(bob.next_of(v1::ServerEnvelope::kGameUpdate).game_update().sequence() == 1);

  // Five subscribers sent an update; three made: the French seat, the Allied seat, the spectators.
  CHECK(metric_becomes(server.port(), "hd_game_updates_sent_total", sent_before + 5));
  CHECK(metric(server.port(), "hd_game_updates_made_total") == made_before + 3);
}
