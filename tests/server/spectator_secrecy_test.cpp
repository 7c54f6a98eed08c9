// End-to-end, what spectators of a game with a secret option (18.5C, Ligny) may learn (issue 12,
// finding 1): a seat holder may not open its own running game as a spectator (it would see the other
// side's view), and a spectator under DELAYED_ALL sees neither the secret before its delayed view
// reaches the reveal nor the present (live sequence, acting seat, live turn label). Issue 29, finding
// 1: every spectator policy, before and after the Prussian seat is taken.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope create_ligny_with_secret(v1::SpectatorView policy, std::uint32_t delay) {
  v1::ClientEnvelope envelope = create_game("ligny", {v1::SEAT_FRENCH}, test_entropy("alice"), policy, delay);
  envelope.mutable_create_game()->add_force_options("18.5C");
  envelope.mutable_create_game()->set_public_listing(true);
  return envelope;
}

bool lists_option(const v1::GameSnapshot& snapshot) {
  const auto& options = snapshot.scenario().force_options();
  return std::find(options.begin(), options.end(), "18.5C") != options.end();
}

}  // namespace

TEST_CASE("a seat holder cannot open its own running game as a spectator (18.5C would leak)",
          "[e2e][games][18.5C][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  for (v1::SpectatorView policy : {v1::SPECTATOR_VIEW_COALITION, v1::SPECTATOR_VIEW_DELAYED_ALL}) {
    const auto created = alice.request(create_ligny_with_secret(policy, 2));
    REQUIRE(created.has_game_created());
    const std::uint64_t game = created.game_created().game_id();
    REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
    const auto spectating = bob.request(open_game(game, true));
    INFO("policy " << v1::SpectatorView_Name(policy));
    REQUIRE(spectating.has_refusal());
    CHECK(spectating.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
    // Resuming as a spectator (a catch-up) is refused the same way.
    const auto resuming = bob.request(open_game(game, true, 1));
    REQUIRE(resuming.has_refusal());
    CHECK(resuming.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
    // As a player it sees its own view, without the option.
    const auto playing = bob.request(open_game(game, false));
    REQUIRE(playing.has_game_snapshot());
    CHECK_FALSE(lists_option(playing.game_snapshot()));
  }
}

TEST_CASE("18.5C every spectator policy: those that would show the secret are refused, the others never show it",
          "[e2e][games][18.5C][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French, the creator
  GamePlayer bob(server.port(), "bob");      // will take the Prussian seat
  GamePlayer eve(server.port(), "eve");      // a stranger
  struct Policy {
    v1::SpectatorView view;
    std::uint32_t delay;
    bool allowed;    // accepted at creation in a scenario that offers 18.5C
    bool watchable;  // spectators at all
  };
  const std::vector<Policy> policies{{v1::SPECTATOR_VIEW_UNSPECIFIED, 0, true, false},
                                     {v1::SPECTATOR_VIEW_FRENCH, 0, false, true},
                                     {v1::SPECTATOR_VIEW_COALITION, 0, true, true},
                                     {v1::SPECTATOR_VIEW_DELAYED_ALL, 0, false, true},
                                     {v1::SPECTATOR_VIEW_DELAYED_ALL, 1, true, true},
                                     {v1::SPECTATOR_VIEW_DELAYED_ALL, 2, true, true}};
  for (const Policy& policy : policies) {
    // The check is on the scenario's offer: the same answer whether 18.5C is chosen or not, so that
    // the policy tells the Prussian nothing.
    for (const bool chosen : {true, false}) {
      INFO(v1::SpectatorView_Name(policy.view) << " delay " << policy.delay << (chosen ? ", 18.5C" : ""));
      v1::ClientEnvelope envelope = create_ligny_with_secret(policy.view, policy.delay);
      if (!chosen) envelope.mutable_create_game()->clear_force_options();
      const auto created = alice.request(envelope);
      if (!policy.allowed) {
        REQUIRE(created.has_refusal());
        CHECK(created.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
        CHECK(created.refusal().message().find("secret choice") != std::string::npos);
        continue;
      }
      REQUIRE(created.has_game_created());
      const std::uint64_t game = created.game_created().game_id();
      // Before the Prussian seat is taken nobody without a seat watches: not the stranger, not the
      // account that is about to join.
      for (GamePlayer* watcher : {&eve, &bob}) {
        const auto early = watcher->request(open_game(game, true));
        REQUIRE(early.has_refusal());
        CHECK(early.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
      }
      REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
      const auto prussian = bob.request(open_game(game, false));
      REQUIRE(prussian.has_game_snapshot());
      CHECK_FALSE(lists_option(prussian.game_snapshot()));
      // Once every seat is taken the stranger watches, and sees no more than the Prussian seat.
      const auto watched = eve.request(open_game(game, true));
      if (!policy.watchable) {
        REQUIRE(watched.has_refusal());
        CHECK(watched.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
        continue;
      }
      REQUIRE(watched.has_game_snapshot());
      CHECK_FALSE(lists_option(watched.game_snapshot()));
      CHECK(watched.game_snapshot().view().units_size() == prussian.game_snapshot().view().units_size());
    }
  }
  // A scenario that offers no secret choice keeps every policy, live ones included.
  for (v1::SpectatorView view : {v1::SPECTATOR_VIEW_FRENCH, v1::SPECTATOR_VIEW_DELAYED_ALL}) {
    const auto created =
        alice.request(create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), view, 0));
    INFO(v1::SpectatorView_Name(view));
    CHECK(created.has_game_created());
  }
}

TEST_CASE("a delayed spectator sees neither the secret before its delayed reveal nor the present",
          "[e2e][games][18.5C][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French, chose 18.5C
  GamePlayer bob(server.port(), "bob");      // Prussian
  GamePlayer eve(server.port(), "eve");      // spectator, two player turns late
  const auto created = alice.request(create_ligny_with_secret(v1::SPECTATOR_VIEW_DELAYED_ALL, 2));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  const auto bob_snapshot = bob.request(open_game(game, false));
  REQUIRE(bob_snapshot.has_game_snapshot());
  const int prussian_units = bob_snapshot.game_snapshot().view().units_size();
  const auto eve_snapshot = eve.request(open_game(game, true));
  REQUIRE(eve_snapshot.has_game_snapshot());
  CHECK_FALSE(lists_option(eve_snapshot.game_snapshot()));
  CHECK(eve_snapshot.game_snapshot().view().units_size() == prussian_units);

  // Every phase is ended until the live game reaches the reveal (16/1700's French movement phase).
  auto local = loader::start_scenario_game(game_data_root(), {"ligny", {}, {}, std::nullopt});
  REQUIRE(local.value);
  engine::GameState& state = *local.value;
  std::uint64_t live_sequence = 0;
  bool revealed = false;
  for (int step = 0; step < 30 && !revealed; ++step) {
    const engine::Side side = engine::pending_decision(state).side;
    engine::apply(state, side, engine::EndPhaseAction{}, [] { return 1; });
    revealed = state.phase == engine::Phase::Movement && state.phasing == engine::Side::French &&
               state.current_turn().name == engine::TurnName{16, 1700};
    GamePlayer& actor = side == engine::Side::French ? alice : bob;
    const auto accepted = actor.request(submit(game, engine::Action{engine::EndPhaseAction{}}));
    REQUIRE(accepted.has_action_accepted());
    live_sequence = accepted.action_accepted().sequence();
  }
  REQUIRE(revealed);
  // The Prussian seat now sees the option's units; the spectator, two player turns late, does not.
  const auto bob_now = bob.request(open_game(game, false));
  REQUIRE(bob_now.has_game_snapshot());
  REQUIRE(bob_now.game_snapshot().view().units_size() == prussian_units + 10);
  const std::string live_turn = bob_now.game_snapshot().summary().turn_label();

  int updates = 0;
  while (const auto message = eve.next(std::chrono::milliseconds(500))) {
    if (message->has_game_update()) {
      ++updates;
      const v1::GameUpdate& update = message->game_update();
      INFO("update " << updates << " sequence " << update.sequence());
      CHECK(update.seat() == v1::SEAT_UNSPECIFIED);
      CHECK(update.sequence() < live_sequence);
      CHECK(update.action_text().empty());
      CHECK(update.events_size() == 0);
      CHECK(update.view().units_size() == prussian_units);
    }
    if (message->has_game_changed()) CHECK(message->game_changed().turn_label() != live_turn);
  }
  CHECK(updates > 0);
  // The wait for more abandoned that connection: eve comes back on a new one.
  GamePlayer eve_again(server.port(), "eve", eve.session_token());
  const auto eve_late = eve_again.request(open_game(game, true));
  REQUIRE(eve_late.has_game_snapshot());
  CHECK_FALSE(lists_option(eve_late.game_snapshot()));
  CHECK(eve_late.game_snapshot().view().units_size() == prussian_units);
  CHECK(eve_late.game_snapshot().sequence() < live_sequence);
  CHECK(eve_late.game_snapshot().summary().turn_label() != live_turn);
  CHECK(eve_late.game_snapshot().summary().waiting_for() == v1::SEAT_UNSPECIFIED);
  // Resuming after a gap shows it its delayed present only, and Ok: no update, nothing past it.
  const Resumed eve_resumed = resume_game(eve_again, game, true, 1);
  CHECK(eve_resumed.tail.empty());
  CHECK(eve_resumed.snapshot.sequence() == eve_late.game_snapshot().sequence());
  CHECK(eve_resumed.snapshot.view().SerializeAsString() ==
        eve_late.game_snapshot().view().SerializeAsString());
  CHECK_FALSE(lists_option(eve_resumed.snapshot));
  CHECK(eve_resumed.snapshot.summary().turn_label() != live_turn);
  // The Prussian seat catching up from its first action sees the option's units from the reveal
  // on only: the snapshot behind and every update before it show its own view of then.
  const Resumed bob_resumed = resume_game(bob, game, false, 1);
  CHECK(bob_resumed.snapshot.sequence() == 1);
  CHECK(bob_resumed.snapshot.view().units_size() == prussian_units);
  REQUIRE(bob_resumed.tail.size() == live_sequence - 1);
  for (const v1::GameUpdate& update : bob_resumed.tail) {
    INFO("sequence " << update.sequence());
    CHECK(update.view().units_size() == prussian_units + (update.sequence() == live_sequence ? 10 : 0));
  }
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_SPECTATABLE);
  const auto listed = eve_again.request(list);
  REQUIRE(listed.has_game_list());
  REQUIRE(listed.game_list().games_size() == 1);
  CHECK(listed.game_list().games(0).turn_label() != live_turn);

  // Two more player turns: the delayed view reaches the reveal and shows the option's units.
  bool shown = false;
  for (int step = 0; step < 30 && !shown; ++step) {
    const engine::Side side = engine::pending_decision(state).side;
    engine::apply(state, side, engine::EndPhaseAction{}, [] { return 1; });
    GamePlayer& actor = side == engine::Side::French ? alice : bob;
    REQUIRE(actor.request(submit(game, engine::Action{engine::EndPhaseAction{}})).has_action_accepted());
    const auto seen = eve_again.request(open_game(game, true));
    REQUIRE(seen.has_game_snapshot());
    shown = seen.game_snapshot().view().units_size() == prussian_units + 10;
    if (shown) CHECK(lists_option(seen.game_snapshot()));
  }
  CHECK(shown);
}
