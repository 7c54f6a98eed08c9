// End-to-end, 18.5C's secret choice committed and opened (docs/commitments.md): the real server
// process on loopback with a real SQLite file. The Prussian seat and a Coalition spectator receive
// the same commitment as the French seat when they open the game; no byte of the secret (the choice's
// nonce) reaches them, or the server's log, before the 16/1700 French movement phase begins; the
// opening they then receive verifies; hd_verify passes on the finished game's record and fails
// when the opening is tampered with. A game without the option has a commitment too ("none").
#include "accounts/password_hashing.hpp"
#include "game_test_player.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// True if `bytes` holds the nonce, raw or as hex.
bool holds_secret(const std::string& bytes, const std::string& nonce) {
  return bytes.find(nonce) != std::string::npos || bytes.find(wire::to_hex(nonce)) != std::string::npos;
}

// The opening of `commitment` in `openings` verifies for `game`.
bool opens(std::uint64_t game, const v1::SecretCommitment& commitment, const v1::SecretOpening& opening) {
  return opening.choice_id() == commitment.choice_id() &&
         wire::opening_matches(game, opening.choice_id(), opening.choice(), opening.nonce(),
                               commitment.commitment());
}

// Replaces the first occurrence of `from` in `text` by `to` (the test fails if there is none).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Plays one Ligny game to the reveal and past it, checking what the Prussian seat and a Coalition
// spectator receive, then resigns, exports and verifies the record. `first_corps`: 18.5C chosen.
void play_and_verify(bool first_corps) {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Prussian
  GamePlayer eve(server.port(), "eve");      // spectator, Coalition view
  v1::ClientEnvelope create =
      create_game("ligny", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_COALITION);
  if (first_corps) create.mutable_create_game()->add_force_options("18.5C");
  const auto created = alice.request(create);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());

  // The secret is in the database, and only there.
  const std::string where = " FROM game_secrets WHERE game_id = " + std::to_string(game);
  const std::string choice = query_one(server.database_path(), "SELECT choice" + where);
  CHECK(choice == (first_corps ? "18.5C" : "none"));
  const auto nonce = wire::from_hex(query_one(server.database_path(), "SELECT nonce" + where));
  REQUIRE(nonce);
  REQUIRE(nonce->size() == wire::kSecretNonceBytes);

  std::string seen_by_coalition;  // every envelope the Prussian seat and the spectator receive
  const auto bob_snapshot = bob.request(open_game(game, false));
  const auto eve_snapshot = eve.request(open_game(game, true));
  const auto alice_snapshot = alice.request(open_game(game, false));
  REQUIRE(bob_snapshot.has_game_snapshot());
  REQUIRE(eve_snapshot.has_game_snapshot());
  REQUIRE(alice_snapshot.has_game_snapshot());
  seen_by_coalition += bob_snapshot.SerializeAsString() + eve_snapshot.SerializeAsString();
  // One commitment, the same for everyone, whether or not the option is chosen.
  const auto& commitments = bob_snapshot.game_snapshot().secret_commitments();
  REQUIRE(commitments.size() == 1);
  const v1::SecretCommitment commitment = commitments[0];
  CHECK(commitment.choice_id() == "18.5C");
  CHECK(commitment.seat() == v1::SEAT_FRENCH);
  CHECK(commitment.commitment() ==
        wire::secret_commitment(game, "18.5C", first_corps ? "18.5C" : "none", *nonce));
  CHECK(commitment.commitment() == query_one(server.database_path(), "SELECT commitment" + where));
  for (const auto* snapshot : {&eve_snapshot, &alice_snapshot}) {
    REQUIRE(snapshot->game_snapshot().secret_commitments_size() == 1);
    CHECK(snapshot->game_snapshot().secret_commitments(0).SerializeAsString() ==
          commitment.SerializeAsString());
    CHECK(snapshot->game_snapshot().secret_openings_size() == 0);
  }
  CHECK(bob_snapshot.game_snapshot().secret_openings_size() == 0);

  // Every phase is ended until the 16/1700 French movement phase begins (the reveal).
  auto local = loader::start_scenario_game(game_data_root(), {"ligny", {}, {}, std::nullopt});
  REQUIRE(local.value);
  engine::GameState& state = *local.value;
  bool revealed = false;
  for (int step = 0; step < 30 && !revealed; ++step) {
    const engine::Side side = engine::pending_decision(state).side;
    engine::apply(state, side, engine::EndPhaseAction{}, [] { return 1; });
    revealed = state.phase == engine::Phase::Movement && state.phasing == engine::Side::French &&
               state.current_turn().name == engine::TurnName{16, 1700};
    GamePlayer& actor = side == engine::Side::French ? alice : bob;
    const auto accepted = actor.request(submit(game, engine::Action{engine::EndPhaseAction{}}));
    REQUIRE(accepted.has_action_accepted());
    seen_by_coalition += accepted.SerializeAsString();
    const auto bob_update = bob.next_of(v1::ServerEnvelope::kGameUpdate);
    const auto eve_update = eve.next_of(v1::ServerEnvelope::kGameUpdate);
    INFO("step " << step << ": " << bob_update.game_update().action_text());
    if (!revealed) {
      seen_by_coalition += bob_update.SerializeAsString() + eve_update.SerializeAsString();
      CHECK(bob_update.game_update().secret_openings_size() == 0);
      CHECK(eve_update.game_update().secret_openings_size() == 0);
      continue;
    }
    // Before the reveal: not a byte of the secret in their streams, nor in the server's log.
    CHECK_FALSE(holds_secret(seen_by_coalition, *nonce));
    CHECK_FALSE(holds_secret(server.log(), *nonce));
    for (const auto* update : {&bob_update, &eve_update}) {
      REQUIRE(update->game_update().secret_openings_size() == 1);
      const v1::SecretOpening& opening = update->game_update().secret_openings(0);
      CHECK(opening.choice() == choice);
      CHECK(opens(game, commitment, opening));
    }
  }
  REQUIRE(revealed);
  // A snapshot from now on carries the opening too.
  const auto after = bob.request(open_game(game, false));
  REQUIRE(after.has_game_snapshot());
  REQUIRE(after.game_snapshot().secret_openings_size() == 1);
  CHECK(opens(game, commitment, after.game_snapshot().secret_openings(0)));

  // The game ends (a resignation); its record and proof verify, and fail when tampered with.
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(game);
  REQUIRE(alice.request(resign).has_ok());
  const auto exported = bob.request(export_record(game));
  REQUIRE(exported.has_game_record());
  const std::string& record = exported.game_record().record();
  const std::string& proof = exported.game_record().dice_proof();
  const std::string secret_line =
      "secret 18.5C french " + commitment.commitment() + " " + wire::to_hex(*nonce) + " " + choice + "\n";
  CHECK(proof.find(secret_line) != std::string::npos);
  server::init_crypto();
  const server::Verification ok = server::verify_game(record, proof, game_data_root());
  INFO(ok.message);
  CHECK(ok.ok);
  CHECK_THAT(ok.message, Catch::Contains("1 secret choice(s) opened"));

  std::string other_nonce = *nonce;
  other_nonce[0] = static_cast<char>(other_nonce[0] ^ 1);
  const auto tampered_nonce = server::verify_game(
      record, replaced(proof, wire::to_hex(*nonce), wire::to_hex(other_nonce)), game_data_root());
  CHECK_FALSE(tampered_nonce.ok);
  CHECK_THAT(tampered_nonce.message, Catch::Contains("does not match the commitment"));
  const std::string other_choice = first_corps ? "none" : "18.5C";
  const auto tampered_choice = server::verify_game(
      record, replaced(proof, " " + choice + "\n", " " + other_choice + "\n"), game_data_root());
  CHECK_FALSE(tampered_choice.ok);
  CHECK_THAT(tampered_choice.message, Catch::Contains("does not match the commitment"));
  const auto missing = server::verify_game(record, replaced(proof, secret_line, ""), game_data_root());
  CHECK_FALSE(missing.ok);
  CHECK_THAT(missing.message, Catch::Contains("no commitment to this secret option"));
}

}  // namespace

TEST_CASE("18.5C the chosen option is committed to everyone at once and opened at 16/1700",
          "[e2e][games][18.5C][commitment]") {
  play_and_verify(true);
}

TEST_CASE("18.5C the option not chosen is committed too (none) and opened at 16/1700",
          "[e2e][games][18.5C][commitment]") {
  play_and_verify(false);
}
