// End-to-end, 18.5C's secrecy through the real server: two Ligny games, one with the French First
// Corps option (18.5C) and one without, played in step (every phase ended, no die before 16/1700).
// The Prussian seat's snapshot and every update of the two games are byte-identical (but for the
// game's number) until the 16/1700 French movement phase begins; then its die reveals the option.
// The French seat sees the option from the start. Only a creator taking the French seat may choose it.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope create_ligny(std::vector<v1::Seat> take, const std::string& entropy, bool first_corps) {
  v1::ClientEnvelope envelope = create_game("ligny", std::move(take), entropy, v1::SPECTATOR_VIEW_COALITION);
  if (first_corps) envelope.mutable_create_game()->add_force_options("18.5C");
  return envelope;
}

// A snapshot less what differs between any two games (number, dice and secret commitments, players,
// times).
std::string game_independent(v1::GameSnapshot snapshot) {
  snapshot.set_game_id(0);
  snapshot.clear_seed_commitment();
  snapshot.clear_secret_commitments();  // random nonces: every game's differ (docs/commitments.md)
  snapshot.clear_summary();
  return snapshot.SerializeAsString();
}

std::string game_independent(v1::GameUpdate update) {
  update.set_game_id(0);
  return update.SerializeAsString();
}

bool lists_option(const v1::GameSnapshot& snapshot) {
  const auto& options = snapshot.scenario().force_options();
  return std::find(options.begin(), options.end(), "18.5C") != options.end();
}

v1::ClientEnvelope query_reachable(std::uint64_t game, std::uint32_t unit) {
  v1::ClientEnvelope envelope;
  envelope.mutable_query_reachable()->set_game_id(game);
  envelope.mutable_query_reachable()->set_unit(unit);
  return envelope;
}

}  // namespace

TEST_CASE("18.5C only a creator taking the French seat may choose the secret option", "[e2e][games][18.5C]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer paul(server.port(), "paul");
  for (const std::vector<v1::Seat>& take :
       {std::vector<v1::Seat>{v1::SEAT_PRUSSIAN}, std::vector<v1::Seat>{}}) {
    const auto refused = paul.request(create_ligny(take, test_entropy("paul"), true));
    REQUIRE(refused.has_refusal());
    CHECK(refused.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
    CHECK_THAT(refused.refusal().message(), Catch::Contains("18.5C is the French player's secret choice"));
  }
  // Nothing was created: the player's list of games is empty.
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
  const auto mine = paul.request(list);
  REQUIRE(mine.has_game_list());
  CHECK(mine.game_list().games_size() == 0);
  const auto created = paul.request(create_ligny({v1::SEAT_FRENCH}, test_entropy("paul"), true));
  REQUIRE(created.has_game_created());
  // Its seat stays with the player who chose: it cannot be left for another account to take.
  v1::ClientEnvelope leave;
  leave.mutable_leave_game()->set_game_id(created.game_created().game_id());
  leave.mutable_leave_game()->set_seat(v1::SEAT_FRENCH);
  const auto kept = paul.request(leave);
  REQUIRE(kept.has_refusal());
  CHECK(kept.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
  CHECK_THAT(kept.refusal().message(), Catch::Contains("18.5C is this seat's secret choice"));
}

TEST_CASE(
    "18.5C the Prussian seat's snapshot and updates are the same with and without the option until 16/1700",
    "[e2e][games][18.5C]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French, with 18.5C
  GamePlayer bob(server.port(), "bob");      // Prussian, with 18.5C
  GamePlayer carl(server.port(), "carl");    // French, without
  GamePlayer dave(server.port(), "dave");    // Prussian, without

  const auto with = alice.request(create_ligny({v1::SEAT_FRENCH}, test_entropy("alice"), true));
  const auto without = carl.request(create_ligny({v1::SEAT_FRENCH}, test_entropy("carl"), false));
  REQUIRE(with.has_game_created());
  REQUIRE(without.has_game_created());
  const std::uint64_t a = with.game_created().game_id();
  const std::uint64_t b = without.game_created().game_id();
  REQUIRE(bob.request(join_game(a, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  REQUIRE(dave.request(join_game(b, v1::SEAT_PRUSSIAN, test_entropy("dave"))).has_game_changed());

  // Snapshots: the Prussian's are the same; the French seat's lists the option and shows its units.
  const auto bob_snapshot = bob.request(open_game(a, false));
  const auto dave_snapshot = dave.request(open_game(b, false));
  REQUIRE(bob_snapshot.has_game_snapshot());
  REQUIRE(dave_snapshot.has_game_snapshot());
  CHECK(game_independent(bob_snapshot.game_snapshot()) == game_independent(dave_snapshot.game_snapshot()));
  CHECK_FALSE(lists_option(bob_snapshot.game_snapshot()));
  const auto alice_snapshot = alice.request(open_game(a, false));
  const auto carl_snapshot = carl.request(open_game(b, false));
  REQUIRE(alice_snapshot.has_game_snapshot());
  REQUIRE(carl_snapshot.has_game_snapshot());
  CHECK(lists_option(alice_snapshot.game_snapshot()));
  CHECK(game_independent(alice_snapshot.game_snapshot()) != game_independent(carl_snapshot.game_snapshot()));
  const int prussian_units = bob_snapshot.game_snapshot().view().units_size();
  CHECK(alice_snapshot.game_snapshot().view().units_size() == prussian_units + 10);  // all [1]

  // Probing the unit numbers past the last unit shown answers alike in both games.
  const auto probe_a = bob.request(query_reachable(a, static_cast<std::uint32_t>(prussian_units)));
  const auto probe_b = dave.request(query_reachable(b, static_cast<std::uint32_t>(prussian_units)));
  REQUIRE(probe_a.has_refusal());
  REQUIRE(probe_b.has_refusal());
  CHECK(probe_a.refusal().message() == probe_b.refusal().message());
  v1::ClientEnvelope move_hidden = submit(a, engine::Action{engine::EndPhaseAction{}});
  move_hidden.mutable_submit_action()->mutable_action()->mutable_move()->set_unit(
      static_cast<std::uint32_t>(prussian_units));
  move_hidden.mutable_submit_action()->mutable_action()->mutable_move()->add_path()->set_column(29);
  v1::ClientEnvelope move_none = move_hidden;
  move_none.mutable_submit_action()->set_game_id(b);
  const auto refused_a = bob.request(move_hidden);
  const auto refused_b = dave.request(move_none);
  REQUIRE(refused_a.has_refusal());
  REQUIRE(refused_b.has_refusal());
  CHECK(refused_a.refusal().message() == refused_b.refusal().message());

  // Both games end every phase; a local engine game without the option says whose turn it is.
  auto local = loader::start_scenario_game(game_data_root(), {"ligny", {}, {}, std::nullopt});
  REQUIRE(local.value);
  engine::GameState& state = *local.value;
  bool revealed = false;
  for (int step = 0; step < 30 && !revealed; ++step) {
    const engine::Side side = engine::pending_decision(state).side;
    engine::apply(state, side, engine::EndPhaseAction{}, [] {
      FAIL("no die without the option before 16/1700");
      return 1;
    });
    revealed = state.phase == engine::Phase::Movement && state.phasing == engine::Side::French &&
               state.current_turn().name == engine::TurnName{16, 1700};
    GamePlayer& actor_a = side == engine::Side::French ? alice : bob;
    GamePlayer& actor_b = side == engine::Side::French ? carl : dave;
    REQUIRE(actor_a.request(submit(a, engine::Action{engine::EndPhaseAction{}})).has_action_accepted());
    REQUIRE(actor_b.request(submit(b, engine::Action{engine::EndPhaseAction{}})).has_action_accepted());
    const v1::GameUpdate seen_a = bob.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    const v1::GameUpdate seen_b = dave.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    const v1::GameUpdate french_a = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    const v1::GameUpdate french_b = carl.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    INFO("step " << step << ": " << seen_a.action_text());
    CHECK(game_independent(french_a) != game_independent(french_b));  // the French see their units
    if (!revealed) {
      CHECK(game_independent(seen_a) == game_independent(seen_b));
      continue;
    }
    // The 16/1700 French movement phase begins: the die is rolled and shown, with the [1] units.
    CHECK(game_independent(seen_a) != game_independent(seen_b));
    bool die_shown = false;
    for (const v1::GameEvent& event : seen_a.events())
      die_shown = die_shown || event.text().find("18.5C") != std::string::npos;
    CHECK(die_shown);
    CHECK(seen_a.view().units_size() == prussian_units + 10);
    const auto after = bob.request(open_game(a, false));
    REQUIRE(after.has_game_snapshot());
    CHECK(lists_option(after.game_snapshot()));
  }
  CHECK(revealed);
}
