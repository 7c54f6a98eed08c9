// hd_term and 18.5C's secret choice (docs/commitments.md): on the real server, the Prussian seat's
// client is told of the French seat's commitment when it opens the game, and when 16/1700's French
// movement phase begins it checks the opening it receives and says that it matches.
#include "build_paths.hpp"
#include "server_process.hpp"

#include <hd/term/client.hpp>

#include <catch2/catch.hpp>

#include <sstream>

namespace v1 = hundred_days::v1;

namespace {

hd::test::ServerOptions test_server_options() {
  hd::test::ServerOptions options;
  options.extra_args = {"--argon2-memory-kib", "8192", "--argon2-operations", "1", "--data-root",
                        hd::test::data_root()};
  return options;
}

std::unique_ptr<hd::term::Client> player(const hd::term::ServerAddress& address, const std::string& name,
                                         std::ostream& events) {
  hd::term::ClientOptions options;
  options.events = &events;
  auto client = std::make_unique<hd::term::Client>(address, options);
  REQUIRE(client->hello());
  REQUIRE(client->register_account(name, "password-" + name));
  return client;
}

}  // namespace

TEST_CASE("18.5C hd_term shows the commitment and checks the opening at 16/1700", "[terminal][e2e][18.5C]") {
  hd::test::ServerProcess server(test_server_options());
  const auto address = hd::term::parse_server_address(server.url());
  REQUIRE(address);
  std::ostringstream french_events, prussian_events;
  auto alice = player(*address, "alice", french_events);
  auto bob = player(*address, "bob", prussian_events);

  v1::ClientEnvelope create;
  v1::CreateGame& game = *create.mutable_create_game();
  game.set_scenario("ligny");
  game.add_force_options("18.5C");
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN}) {
    v1::SeatSetup& setup = *game.add_seats();
    setup.set_seat(seat);
  }
  game.add_take_seats(v1::SEAT_FRENCH);
  game.set_public_listing(true);
  game.set_entropy(hd::term::random_entropy());
  const auto created = alice->request(create);
  REQUIRE(created);
  INFO(created->refusal().message());
  REQUIRE(created->has_game_created());
  const std::uint64_t id = created->game_created().game_id();
  v1::ClientEnvelope join;
  join.mutable_join_game()->set_game_id(id);
  join.mutable_join_game()->set_seat(v1::SEAT_PRUSSIAN);
  join.mutable_join_game()->set_entropy(hd::term::random_entropy());
  const auto joined = bob->request(join);
  REQUIRE(joined);
  INFO(joined->refusal().message());
  REQUIRE_FALSE(joined->has_refusal());
  REQUIRE(alice->open_game(id, false));
  INFO(bob->last_error());
  REQUIRE(bob->open_game(id, false));
  CHECK_THAT(prussian_events.str(), Catch::Contains("secret choice 18.5C of the french seat committed: "));

  // Both end every phase until the opening arrives (16/1700's French movement phase).
  const std::string opened = "secret choice 18.5C opened: 18.5C (matches its commitment)";
  for (int step = 0; step < 40 && prussian_events.str().find(opened) == std::string::npos; ++step) {
    hd::term::Client& actor = alice->my_decision() ? *alice : *bob;
    REQUIRE(actor.my_decision());
    v1::ClientEnvelope end;
    end.mutable_submit_action()->set_game_id(id);
    end.mutable_submit_action()->mutable_action()->mutable_end_phase();
    const auto accepted = actor.request(end);
    REQUIRE(accepted);
    REQUIRE(accepted->has_action_accepted());
    const std::uint64_t sequence = accepted->action_accepted().sequence();
    for (hd::term::Client* client : {alice.get(), bob.get()})
      client->pump(std::chrono::seconds(5), [&] { return client->game()->sequence >= sequence; });
  }
  CHECK_THAT(prussian_events.str(), Catch::Contains(opened));
  CHECK_THAT(french_events.str(), Catch::Contains(opened));
  CHECK_THAT(prussian_events.str(), !Catch::Contains("WARNING"));
}
