// End-to-end, 28.0D's entry choices made during play, committed and opened (docs/commitments.md):
// the real server process on loopback with a real SQLite file, restarted in the middle. The French
// seat makes its five choices before play; each `choose-entry` is stored with its action and commits
// to its choice at once, the same bytes to every seat (a game where both sides choose in secret has
// no spectators). The Coalition seats read only "sealed" and a commitment, in updates, snapshots
// and after the restart, until the French player turn of the chosen turn, when the opening arrives and
// verifies. hd_verify passes on the finished game's record and proof and fails when a choice is tampered
// with. A Campaign Variant played to its end by the server's built-in players makes all nine choices (the
// Coalition's by their 17 June deadlines), each committed and opened, and its record verifies.
#include "accounts/password_hashing.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

const engine::DieRoller kThrees = [] { return 3; };

// What the database holds of one secret choice.
struct StoredSecret {
  std::string choice;
  std::string nonce;  // raw bytes
  std::string commitment;
};

StoredSecret stored(const ServerProcess& server, std::uint64_t game, const std::string& choice_id) {
  const std::string where =
      " FROM game_secrets WHERE game_id = " + std::to_string(game) + " AND choice_id = '" + choice_id + "'";
  StoredSecret secret;
  secret.choice = query_one(server.database_path(), "SELECT choice" + where);
  const auto nonce = wire::from_hex(query_one(server.database_path(), "SELECT nonce" + where));
  REQUIRE(nonce);
  REQUIRE(nonce->size() == wire::kSecretNonceBytes);
  secret.nonce = *nonce;
  secret.commitment = query_one(server.database_path(), "SELECT commitment" + where);
  return secret;
}

bool holds_secret(const std::string& bytes, const std::string& nonce) {
  return bytes.find(nonce) != std::string::npos || bytes.find(wire::to_hex(nonce)) != std::string::npos;
}

const v1::SecretCommitment* find_commitment(
    const google::protobuf::RepeatedPtrField<v1::SecretCommitment>& all, const std::string& choice_id) {
  for (const v1::SecretCommitment& commitment : all)
    if (commitment.choice_id() == choice_id) return &commitment;
  return nullptr;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("28.0D entry choices made in play are committed to everyone at once, sealed, opened at their turn",
          "[e2e][games][28.0D][commitment]") {
  ServerOptions options{game_server_args(), {}};
  auto server = std::make_unique<ServerProcess>(options);
  options.directory = server->directory();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");  // French
  auto bob = std::make_unique<GamePlayer>(server->port(), "bob");      // both Coalition seats
  // Both sides make secret choices: no spectators (spectator_secrecy.hpp).
  const auto created = alice->request(create_game("campaign-variant", {v1::SEAT_FRENCH},
                                                  test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob->request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  REQUIRE(bob->request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob2"))).has_game_changed());
  for (GamePlayer* player : {alice.get(), bob.get()}) {
    const auto opened = player->request(open_game(game, false));
    REQUIRE(opened.has_game_snapshot());
    CHECK(opened.game_snapshot().secret_commitments_size() == 0);  // nothing chosen yet
  }

  // A local engine game, every phase ended, the first alternative of every choice taken (french-4:
  // 16/1200 at 3167, revealed in the French player turn of 16/1200).
  auto local = loader::start_scenario_game(game_data_root(), {"campaign-variant", {}, {}, std::nullopt});
  REQUIRE(local.value);
  engine::GameState& state = *local.value;
  std::string seen_by_coalition;                            // every envelope the Coalition seats receive
  std::map<std::string, v1::SecretCommitment> commitments;  // by choice id, as first received
  const auto step = [&](const engine::Action& action) -> std::pair<v1::GameUpdate, v1::GameUpdate> {
    const engine::Side side = engine::pending_decision(state).side;
    engine::apply(state, side, action, kThrees);
    GamePlayer& actor = side == engine::Side::French ? *alice : *bob;
    const auto accepted = actor.request(submit(game, action));
    INFO(accepted.DebugString());
    REQUIRE(accepted.has_action_accepted());
    const v1::GameUpdate bob_update = bob->next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    const v1::GameUpdate alice_update = alice->next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    CHECK(bob_update.secret_commitments().size() == alice_update.secret_commitments().size());
    return {alice_update, bob_update};
  };

  // Before play: the French make their five choices, each committed at once.
  const auto choosing = [&] {
    const engine::PendingDecision pending = engine::pending_decision(state);
    return pending.kind == engine::DecisionKind::Rule && pending.rule == "28.0D";
  };
  for (int i = 0; i < 20 && !choosing(); ++i)
    step(engine::EndPhaseAction{});
  REQUIRE(choosing());
  const std::vector<std::string> french_choices = engine::entry_choices_due(state, engine::Side::French);
  REQUIRE(french_choices ==
          std::vector<std::string>{"french-4", "french-g", "french-1", "french-4c", "french-6"});
  for (const std::string& id : french_choices) {
    const engine::Action choice = engine::decision_choices(state, engine::Side::French).front().action;
    const auto [alice_update, bob_update] = step(choice);
    seen_by_coalition += bob_update.SerializeAsString();
    const std::string choice_id = "28.0D/" + id;
    INFO(choice_id << ": " << bob_update.action_text());
    CHECK(bob_update.action_text() == "french choose-entry " + id + " sealed");
    CHECK(alice_update.action_text().rfind("french choose-entry " + id + " 16/", 0) == 0);
    REQUIRE(bob_update.secret_commitments_size() == 1);
    REQUIRE(alice_update.secret_commitments_size() == 1);
    const v1::SecretCommitment& commitment = bob_update.secret_commitments(0);
    CHECK(commitment.SerializeAsString() == alice_update.secret_commitments(0).SerializeAsString());
    CHECK(commitment.choice_id() == choice_id);
    CHECK(commitment.seat() == v1::SEAT_FRENCH);
    // The committed choice is the one made, stored with its action.
    const StoredSecret secret = stored(*server, game, choice_id);
    const std::string made = alice_update.action_text().substr(("french choose-entry " + id + " ").size());
    CHECK(secret.choice == engine::entry_choice_secret_text(made));
    CHECK(commitment.commitment() == secret.commitment);
    CHECK(commitment.commitment() == wire::secret_commitment(game, choice_id, secret.choice, secret.nonce));
    CHECK(bob_update.secret_openings_size() == 0);
    commitments[choice_id] = commitment;
  }
  const StoredSecret french_4 = stored(*server, game, "28.0D/french-4");
  CHECK(french_4.choice == "16/1200@3167");

  // Killed and restarted: the commitments are kept, the same bytes to everyone, nothing opened.
  const std::string alice_token = alice->session_token(), bob_token = bob->session_token();
  alice.reset();
  bob.reset();
  server->stop(SIGKILL);
  server = std::make_unique<ServerProcess>(options);
  alice = std::make_unique<GamePlayer>(server->port(), "alice", alice_token);
  bob = std::make_unique<GamePlayer>(server->port(), "bob", bob_token);
  for (GamePlayer* player : {alice.get(), bob.get()}) {
    const auto reopened = player->request(open_game(game, false));
    REQUIRE(reopened.has_game_snapshot());
    if (player != alice.get()) seen_by_coalition += reopened.SerializeAsString();
    const auto& listed = reopened.game_snapshot().secret_commitments();
    CHECK(listed.size() == static_cast<int>(commitments.size()));
    for (const auto& [id, commitment] : commitments) {
      const v1::SecretCommitment* found = find_commitment(listed, id);
      REQUIRE(found);
      CHECK(found->SerializeAsString() == commitment.SerializeAsString());
    }
    CHECK(reopened.game_snapshot().secret_openings_size() == 0);
  }

  // Every phase is ended until the French player turn of 16/1200, which opens french-4 (and only it).
  bool revealed = false;
  for (int i = 0; i < 400 && !revealed; ++i) {
    const bool before = engine::entry_choice_revealed(state, "french-4");
    const auto [alice_update, bob_update] = step(engine::EndPhaseAction{});
    if (!engine::entry_choice_revealed(state, "french-4") || before) {
      seen_by_coalition += bob_update.SerializeAsString();
      CHECK(bob_update.secret_openings_size() == 0);
      continue;
    }
    revealed = true;
    CHECK(state.current_turn().name == engine::TurnName{16, 1200});
    CHECK(state.phasing == engine::Side::French);
    // Until now not a byte of the secret reached the Coalition's seats, the spectator or the log.
    CHECK_FALSE(holds_secret(seen_by_coalition, french_4.nonce));
    CHECK_FALSE(holds_secret(server->log(), french_4.nonce));
    REQUIRE(bob_update.secret_openings_size() == 1);
    const v1::SecretOpening& opening = bob_update.secret_openings(0);
    CHECK(opening.choice_id() == "28.0D/french-4");
    CHECK(opening.choice() == "16/1200@3167");
    CHECK(wire::opening_matches(game, opening.choice_id(), opening.choice(), opening.nonce(),
                                commitments.at("28.0D/french-4").commitment()));
  }
  REQUIRE(revealed);
  const auto after = bob->request(open_game(game, false));
  REQUIRE(after.has_game_snapshot());
  REQUIRE(after.game_snapshot().secret_openings_size() == 1);
  CHECK(after.game_snapshot().secret_openings(0).choice_id() == "28.0D/french-4");

  // The game ends (a resignation): every choice is opened; the record and proof verify, and fail
  // when a choice is tampered with or its commitment left out.
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(game);
  REQUIRE(alice->request(resign).has_ok());
  const auto exported = bob->request(export_record(game));
  REQUIRE(exported.has_game_record());
  const std::string& record = exported.game_record().record();
  const std::string& proof = exported.game_record().dice_proof();
  server::init_crypto();
  const server::Verification ok = server::verify_game(record, proof, game_data_root());
  INFO(ok.message);
  CHECK(ok.ok);
  CHECK_THAT(ok.message, Catch::Contains("5 secret choice(s) opened"));

  const StoredSecret french_6 = stored(*server, game, "28.0D/french-6");
  const std::string line_6 = "secret 28.0D/french-6 french " + french_6.commitment + " " +
                             wire::to_hex(french_6.nonce) + " " + french_6.choice + "\n";
  REQUIRE(proof.find(line_6) != std::string::npos);
  const auto other_choice = server::verify_game(
      record, replaced(proof, line_6, replaced(line_6, french_6.choice, "16/2000@1167")), game_data_root());
  CHECK_FALSE(other_choice.ok);
  CHECK_THAT(other_choice.message, Catch::Contains("does not match the commitment"));
  const auto missing = server::verify_game(record, replaced(proof, line_6, ""), game_data_root());
  CHECK_FALSE(missing.ok);
  CHECK_THAT(missing.message, Catch::Contains("28.0D/french-6: the record's choose-entry has no commitment"));
  // A record whose choice differs from the one committed and opened fails too.
  const std::string made_6 = "french choose-entry french-6 " + replaced(french_6.choice, "@", " ");
  const auto other_record = server::verify_game(
      replaced(record, made_6, "french choose-entry french-6 16/2000 1167"), proof, game_data_root());
  CHECK_FALSE(other_record.ok);
}

TEST_CASE(
    "28.0D the Campaign Variant played by the built-in players: nine choices committed, opened, verified",
    "[e2e][games][28.0D][commitment]") {
  // Uniform built-in players (about 1,000 actions; the battle-seeking ones play about 4,000, too slow
  // under the sanitizers): the choices are made alike.
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--builtin-style", "uniform"});
  ServerProcess server({args, {}});
  GamePlayer robot(server.port(), "robot");
  // Both sides make secret choices: no spectators (spectator_secrecy.hpp).
  v1::ClientEnvelope create = create_unattended("campaign-variant");
  create.mutable_create_game()->mutable_spectators()->set_view(v1::SPECTATOR_VIEW_UNSPECIFIED);
  const auto created = robot.request(create);
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  wait_until_finished(server.port(), std::chrono::minutes(4));

  const auto exported = robot.request(export_record(game));
  INFO(exported.refusal().message());
  REQUIRE(exported.has_game_record());
  const std::string& record = exported.game_record().record();
  const std::string& proof = exported.game_record().dice_proof();
  // Every choice of the forces in play was made once, and has its line in the proof.
  auto local = loader::start_scenario_game(game_data_root(), {"campaign-variant", {}, {}, std::nullopt});
  REQUIRE(local.value);
  const std::vector<engine::EntryChoice> choices = engine::entry_choices(*local.value->rules);
  REQUIRE(choices.size() == 9);
  std::istringstream lines(record);
  std::map<std::string, int> made;
  for (std::string line; std::getline(lines, line);)
    if (const auto choice = engine::parse_choose_entry_line(line)) ++made[choice->id];
  for (const engine::EntryChoice& choice : choices) {
    INFO(choice.id);
    CHECK(made[choice.id] == 1);
    const StoredSecret secret = stored(server, game, "28.0D/" + choice.id);
    // Committed for the seat of the army whose choice it is (the Allied seat for allied-n3).
    const std::string seat = choice.army == engine::Army::French     ? "french"
                             : choice.army == engine::Army::Prussian ? "prussian"
                                                                     : "allied";
    CHECK(proof.find("secret 28.0D/" + choice.id + " " + seat + " " + secret.commitment + " " +
                     wire::to_hex(secret.nonce) + " " + secret.choice + "\n") != std::string::npos);
  }
  server::init_crypto();
  const server::Verification verified = server::verify_game(record, proof, game_data_root());
  INFO(verified.message);
  CHECK(verified.ok);
  CHECK_THAT(verified.message, Catch::Contains("9 secret choice(s) opened"));
}
