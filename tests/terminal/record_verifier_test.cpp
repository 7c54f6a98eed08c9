// hd_verify's checks (docs/dice.md): a real engine game played with committed dice verifies; a
// tampered seed, roll, record line, commitment or final hash each fail with a message naming it.
#include "record_verifier.hpp"

#include "accounts/password_hashing.hpp"
#include "games/dice.hpp"
#include "games/dice_proof.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/rules_version.hpp>

#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>

using namespace hd::server;

namespace {

struct PlayedGame {
  std::string record;
  DiceProof proof;
};

// Plays quatre-bras to the end with the random player, every die derived from a seed and two seats'
// entropy exactly as the server does, and writes the record and proof the server would export.
PlayedGame play_committed_game(std::uint64_t bot_seed) {
  init_crypto();
  PlayedGame game;
  game.proof.game_id = 42;
  game.proof.scenario = "quatre-bras";
  // A fixed seed per game keeps the test repeatable: the same dice, so the same game, every run.
  game.proof.seed = std::string(kDiceSeedBytes, static_cast<char>('A' + bot_seed % 26));
  game.proof.commitment = dice_commitment(game.proof.seed);
  game.proof.seats = {
      {"french", "entropy of the french seat"}, {"prussian", "prussian"}, {"allied", "allied!"}};
  std::vector<std::string> entropy;
  for (const auto& seat : game.proof.seats)
    entropy.push_back(seat.entropy);

  hd::loader::GameChoice choice;
  choice.scenario = "quatre-bras";
  auto started = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  REQUIRE(started.value);
  hd::engine::GameState state = std::move(*started.value);
  hd::engine::SplitMix64 random(bot_seed);
  game.record = hd::loader::format_record_header(choice);
  for (int steps = 0; state.phase != hd::engine::Phase::GameOver && steps < 20000; ++steps) {
    const hd::engine::Side side = hd::engine::pending_decision(state).side;
    const hd::engine::Action action = hd::engine::choose_random_action(state, random);
    const hd::engine::GameState before = state;
    std::vector<int> dice;  // every die the action rolls (a combat's, a scenario's arrival rolls)
    hd::engine::apply(state, side, action, [&] {
      const int die = derive_die(game.proof.seed, entropy, game.proof.rolls.size() + 1);
      game.proof.rolls.push_back(die);
      dice.push_back(die);
      return die;
    });
    game.record += hd::engine::format_action(before, side, action, dice) + "\n";
  }
  REQUIRE(state.phase == hd::engine::Phase::GameOver);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(hd::engine::state_hash(state)));
  game.record += "# final-hash: " + std::string(hash) + "\n";
  return game;
}

Verification verify(const std::string& record, const std::string& proof) {
  return verify_game(record, proof, hd::loader::default_data_root());
}

// Replaces the first match of `pattern` in `text` (which must match) by `replacement`.
std::string replace_first(const std::string& text, const std::string& pattern,
                          const std::string& replacement) {
  const std::regex re(pattern);
  REQUIRE(std::regex_search(text, re));
  return std::regex_replace(text, re, replacement, std::regex_constants::format_first_only);
}

}  // namespace

TEST_CASE("a game played with committed dice verifies", "[verify]") {
  // The first bot game from seed 11 on that fights a few combats (a random game may fight none).
  PlayedGame game = play_committed_game(11);
  for (std::uint64_t seed = 12; seed < 40 && game.proof.rolls.size() <= 3; ++seed)
    game = play_committed_game(seed);
  REQUIRE(game.proof.rolls.size() > 3);
  const Verification result = verify(game.record, format_dice_proof(game.proof));
  INFO(result.message);
  CHECK(result.ok);
  CHECK(result.dice == game.proof.rolls.size());
  CHECK(result.message.find("verified: game 42 (quatre-bras)") == 0);
}

TEST_CASE("a tampered seed fails the commitment", "[verify]") {
  PlayedGame game = play_committed_game(12);
  game.proof.seed[0] = static_cast<char>(game.proof.seed[0] ^ 1);
  const Verification result = verify(game.record, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("commitment mismatch: SHA-256 of the revealed seed is") == 0);
}

TEST_CASE("a wrong commitment fails", "[verify]") {
  PlayedGame game = play_committed_game(13);
  game.proof.commitment = dice_commitment("another seed");
  const Verification result = verify(game.record, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("commitment mismatch") == 0);
  CHECK(result.message.find(game.proof.commitment) != std::string::npos);
}

TEST_CASE("a tampered roll in the proof fails at that roll", "[verify]") {
  PlayedGame game = play_committed_game(14);
  REQUIRE(!game.proof.rolls.empty());
  const std::size_t last = game.proof.rolls.size();
  game.proof.rolls[last - 1] = game.proof.rolls[last - 1] % 6 + 1;  // another die, still 1..6
  const Verification result = verify(game.record, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("roll " + std::to_string(last) + " mismatch: the proof says") == 0);
}

TEST_CASE("a record whose die differs from the proof fails at its line", "[verify]") {
  const PlayedGame game = play_committed_game(15);
  const int first = game.proof.rolls.front();
  const std::string tampered = replace_first(game.record, " die " + std::to_string(first) + "\n",
                                             " die " + std::to_string(first % 6 + 1) + "\n");
  const Verification result = verify(tampered, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("record line") == 0);
  CHECK(result.message.find("but roll 1 of the proof is " + std::to_string(first)) != std::string::npos);
}

TEST_CASE("a record with a changed action fails", "[verify]") {
  const PlayedGame game = play_committed_game(16);
  // Drop the first move: later lines stop matching the game, or the final hash differs.
  const std::string tampered = replace_first(game.record, "\nfrench move [^\n]*\n", "\n");
  const Verification result = verify(tampered, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK((result.message.find("record line") == 0 || result.message.find("final hash mismatch") == 0 ||
         result.message.find("the record rolled") == 0));
}

TEST_CASE("a record whose final hash is changed fails", "[verify]") {
  const PlayedGame game = play_committed_game(17);
  const std::string tampered =
      replace_first(game.record, "# final-hash: [0-9a-f]+", "# final-hash: 0123456789abcdef");
  const Verification result = verify(tampered, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("final hash mismatch: the replay reaches") == 0);
}

TEST_CASE("a proof with more rolls than the record used fails", "[verify]") {
  PlayedGame game = play_committed_game(18);
  std::vector<std::string> entropy;
  for (const auto& seat : game.proof.seats)
    entropy.push_back(seat.entropy);
  game.proof.rolls.push_back(derive_die(game.proof.seed, entropy, game.proof.rolls.size() + 1));
  const Verification result = verify(game.record, format_dice_proof(game.proof));
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("the record rolled") == 0);
}

TEST_CASE("a record of another rules version, or naming none, is refused before any replay", "[verify]") {
  const PlayedGame game = play_committed_game(20);
  const std::string version = "--rules-version " + std::to_string(hd::engine::kRulesVersion);
  const std::string other =
      replace_first(game.record, version, "--rules-version " + std::to_string(hd::engine::kRulesVersion + 1));
  const Verification refused = verify(other, format_dice_proof(game.proof));
  CHECK_FALSE(refused.ok);
  CHECK(refused.message.find("rules version: the record was made under rules version " +
                             std::to_string(hd::engine::kRulesVersion + 1) +
                             " and this engine plays rules version " +
                             std::to_string(hd::engine::kRulesVersion)) == 0);
  CHECK(refused.actions == 0);
  const Verification unversioned =
      verify(replace_first(game.record, " " + version, ""), format_dice_proof(game.proof));
  CHECK_FALSE(unversioned.ok);
  CHECK(unversioned.message.find("rules version: the record names no rules version") == 0);
  // The untouched record verifies.
  CHECK(verify(game.record, format_dice_proof(game.proof)).ok);
}

TEST_CASE("a malformed proof is refused with its line", "[verify]") {
  const PlayedGame game = play_committed_game(19);
  const std::string proof = format_dice_proof(game.proof) + "nonsense here\n";
  const Verification result = verify(game.record, proof);
  CHECK_FALSE(result.ok);
  CHECK(result.message.find("dice proof: line") == 0);
}
