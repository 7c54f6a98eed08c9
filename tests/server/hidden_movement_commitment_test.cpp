// End-to-end, issue 14 (16.6 Hidden movement, docs/commitments.md): Quatre Bras with 16.3 and 16.6,
// by the book, played to its end by the built-in players (hides at set-up included) and
// watched by a spectator shown the French side. Every pair that goes hidden is committed to at once
// (the commitment in the hide's update, the same bytes as the proof's), and opened when the pair is
// revealed or at the end; no byte of a Coalition placement's nonce or choice reaches the French side
// before its opening; the French-side spectator is told which French marker is real and never which
// Coalition one is. The exported record verifies with hd_verify's checks, and fails with a placement's
// choice changed or its line removed.
#include "accounts/password_hashing.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/variant/hidden_movement_secrets.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <map>
#include <sstream>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// One `secret` line of a dice proof: id, seat, commitment, nonce (hex) and choice.
struct ProofSecret {
  std::string id, seat, commitment, nonce_hex, choice, line;
};

std::vector<ProofSecret> hidden_secrets_of(const std::string& proof) {
  std::vector<ProofSecret> secrets;
  std::istringstream in(proof);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    ProofSecret secret;
    words >> key >> secret.id >> secret.seat >> secret.commitment >> secret.nonce_hex >> secret.choice;
    secret.line = line;
    if (key == "secret" && engine::is_hidden_secret_id(secret.id)) secrets.push_back(secret);
  }
  return secrets;
}

std::string from_hex(const std::string& hex) {
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return bytes;
}

// What the French-side spectator saw of the 16.6 secrets over one game.
struct Seen {
  std::vector<std::string> messages;                  // every update, serialized, in order
  std::map<std::string, std::string> commitments;     // by id: the commitment, as first received
  std::map<std::string, std::size_t> opened_at;       // by id: the update that carried the opening
  std::map<std::string, v1::SecretOpening> openings;  // by id
  std::vector<bool> reveals_or_ends;                  // by update: a 16.6 reveal's event, or the game's end
  int french_real_shown = 0;                          // French markers with `real` set
  int coalition_markers = 0;                          // Coalition markers seen (never with `real`)
};

void note_markers(const v1::GameView& view, Seen& seen) {
  for (const v1::HiddenMarker& marker : view.markers()) {
    if (marker.army() == v1::ARMY_FRENCH) {
      CHECK(marker.has_real());
      seen.french_real_shown += marker.has_real();
    } else {
      CHECK_FALSE(marker.has_real());
      ++seen.coalition_markers;
    }
  }
}

}  // namespace

TEST_CASE("16.6: every placement is committed to at once, opened at its reveal, and verified",
          "[e2e][games][16.6][fog]") {
  server::init_crypto();
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--builtin-style", "uniform"});
  ServerProcess server({args, {}});
  GamePlayer robot(server.port(), "robot");
  GamePlayer carol(server.port(), "carol");
  int games = 0, placements = 0, french = 0, coalition = 0, opened_in_play = 0, markers_seen = 0;
  // At least three games: placements differ from game to game (pieces whose names have spaces, a
  // pair revealed in the turn it went hidden), and the server's dice are its own.
  while (games < 3 || (games < 6 && (placements < 6 || coalition < 2 || opened_in_play < 2))) {
    ++games;
    v1::ClientEnvelope create = create_unattended("quatre-bras");  // spectators see the French side
    create.mutable_create_game()->add_optional_rules("16.3");
    create.mutable_create_game()->add_optional_rules("16.6");
    const auto created = robot.request(create);
    INFO(created.refusal().message());
    REQUIRE(created.has_game_created());
    const std::uint64_t game = created.game_created().game_id();

    const auto opened = carol.request(open_game(game, true));
    REQUIRE(opened.has_game_snapshot());
    CHECK(opened.game_snapshot().scenario().missing_rules_size() == 0);  // 16.6 with 16.3: by the book
    Seen seen;
    note_markers(opened.game_snapshot().view(), seen);
    // The built-in players may have set up (16.6A: hides at set-up) before the spectator came: the
    // snapshot carries the commitments made by then.
    for (const v1::SecretCommitment& commitment : opened.game_snapshot().secret_commitments())
      if (engine::is_hidden_secret_id(commitment.choice_id()))
        seen.commitments.emplace(commitment.choice_id(), commitment.commitment());
    bool over = opened.game_snapshot().view().phase() == v1::PHASE_GAME_OVER;
    while (!over) {
      const auto message = carol.next(std::chrono::seconds(60));
      REQUIRE(message);
      if (!message->has_game_update()) continue;
      const v1::GameUpdate& update = message->game_update();
      seen.messages.push_back(update.SerializeAsString());
      for (const v1::SecretCommitment& commitment : update.secret_commitments())
        if (engine::is_hidden_secret_id(commitment.choice_id()))
          seen.commitments.emplace(commitment.choice_id(), commitment.commitment());
      for (const v1::SecretOpening& opening : update.secret_openings())
        if (engine::is_hidden_secret_id(opening.choice_id())) {
          seen.opened_at.emplace(opening.choice_id(), seen.messages.size() - 1);
          seen.openings.emplace(opening.choice_id(), opening);
        }
      note_markers(update.view(), seen);
      over = update.view().phase() == v1::PHASE_GAME_OVER;
      bool reveal = over;
      for (const v1::GameEvent& event : update.events())
        reveal = reveal || (event.has_rule_event() && event.rule_event().rule() == "16.6" &&
                            event.rule_event().kind() == "revealed");
      seen.reveals_or_ends.push_back(reveal);
    }
    v1::ClientEnvelope close;
    close.mutable_close_game()->set_game_id(game);
    REQUIRE(carol.request(close).has_ok());
    wait_until_finished(server.port(), std::chrono::minutes(2), games);
    const auto exported = robot.request(export_record(game));
    REQUIRE(exported.has_game_record());
    const std::string& record = exported.game_record().record();
    const std::string& proof = exported.game_record().dice_proof();

    // Every placement of the record has its line, and the spectator had its commitment from the
    // hide's own update on (or its first snapshot); an opening received in play opens it.
    const std::vector<ProofSecret> secrets = hidden_secrets_of(proof);
    for (const ProofSecret& secret : secrets) {
      INFO(secret.line);
      const auto committed = seen.commitments.find(secret.id);
      REQUIRE(committed != seen.commitments.end());
      CHECK(committed->second == secret.commitment);
      const bool french_pair = secret.id.starts_with("16.6/french-");
      CHECK(secret.seat == (french_pair                             ? "french"
                            : secret.id.starts_with("16.6/allied-") ? "allied"
                                                                    : "prussian"));
      ++placements;
      (french_pair ? french : coalition) += 1;
      const auto opened_here = seen.opened_at.find(secret.id);
      if (opened_here != seen.opened_at.end()) {
        ++opened_in_play;
        CHECK(seen.reveals_or_ends[opened_here->second]);  // opened by a reveal (16.6C), or at the end
        const v1::SecretOpening& opening = seen.openings.at(secret.id);
        CHECK(opening.choice() == secret.choice);
        CHECK(wire::opening_matches(game, secret.id, opening.choice(), opening.nonce(), secret.commitment));
      }
      // A Coalition placement's nonce reaches the French side with its opening, never before.
      if (!french_pair) {
        const std::string nonce = from_hex(secret.nonce_hex);
        REQUIRE(nonce.size() == 32);
        const std::size_t until =
            opened_here == seen.opened_at.end() ? seen.messages.size() : opened_here->second;
        for (std::size_t i = 0; i < until; ++i)
          CHECK(seen.messages[i].find(nonce) == std::string::npos);
      }
    }
    markers_seen += seen.coalition_markers;

    // hd_verify: the record verifies; a placement's choice changed, or its line removed, fails.
    const server::Verification verified = server::verify_game(record, proof, game_data_root());
    INFO(verified.message);
    REQUIRE(verified.ok);
    if (!secrets.empty()) {
      const ProofSecret& first = secrets.front();
      std::string swapped = first.choice;
      swapped[0] = swapped[0] == 'A' ? 'B' : 'A';  // the other marker real
      std::string tampered = proof;
      tampered.replace(tampered.find(first.line), first.line.size(),
                       first.line.substr(0, first.line.size() - first.choice.size()) + swapped);
      const server::Verification changed = server::verify_game(record, tampered, game_data_root());
      CHECK_FALSE(changed.ok);
      CHECK_THAT(changed.message, Catch::Contains(first.id));
      std::string removed = proof;
      removed.erase(removed.find(first.line), first.line.size() + 1);
      const server::Verification missing = server::verify_game(record, removed, game_data_root());
      CHECK_FALSE(missing.ok);
      CHECK_THAT(missing.message, Catch::Contains("no commitment in the proof"));
    }
  }
  std::cout << "16.6 commitments: " << games << " games, " << placements << " placements (" << french
            << " French, " << coalition << " Coalition), " << opened_in_play << " opened in play, "
            << markers_seen << " Coalition marker views with no `real`\n";
  // The work is real: both sides went hidden, and pairs were revealed in play.
  CHECK(placements >= 6);
  CHECK(french >= 1);
  CHECK(coalition >= 2);
  CHECK(opened_in_play >= 2);
  CHECK(markers_seen > 0);
}
