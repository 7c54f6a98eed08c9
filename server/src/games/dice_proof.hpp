// The dice proof of a finished game (docs/games.md, docs/dice.md): the revealed seed, the seats'
// entropy and every die the game rolled, in a plain-text form that the verifier (hd_verify) reads
// back and checks against dice_commitment() and derive_die(). Format, one item per line:
//   # hundred-days dice proof v1
//   game <id>
//   scenario <slug>
//   commitment <64 hex>
//   seed <64 hex>
//   entropy <seat> <hex>        one line per seat in seat order: french, prussian, allied
//   roll <n> <die>              one line per die, n = 1, 2, 3 ... in the order rolled
//   secret <choice-id> <seat> <commitment> <nonce hex> <choice>
//                               one line per secret written choice (18.5C ...), its commitment and
//                               opening (docs/commitments.md); the choice is one word ("none": not chosen)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

struct DiceProofSeat {
  std::string seat;     // "french", "prussian" or "allied"
  std::string entropy;  // raw bytes (written as hex)
};

// A secret written choice's commitment and its opening (hd/wire/secret_commitment.hpp).
struct DiceProofSecret {
  std::string choice_id;   // e.g. "18.5C"
  std::string seat;        // "french", "prussian" or "allied"
  std::string commitment;  // 64 hex digits, as published
  std::string nonce;       // raw bytes (written as hex)
  std::string choice;      // one word: the option id, or "none"
};

struct DiceProof {
  std::int64_t game_id = 0;
  std::string scenario;              // scenario folder name (slug)
  std::string commitment;            // 64 lowercase hex digits: SHA-256 of the seed
  std::string seed;                  // raw seed bytes (written as hex)
  std::vector<DiceProofSeat> seats;  // in seat order
  std::vector<int> rolls;            // rolls[n - 1] is die number n
  std::vector<DiceProofSecret> secrets;
};

// The proof as text, exactly in the format above, each line ending in '\n'.
std::string format_dice_proof(const DiceProof& proof);

// Reads a proof written by format_dice_proof. Blank lines and further '#' comment lines are ignored;
// the error names the first bad line. Does not check the dice (that is the verifier's job).
struct DiceProofParse {
  std::optional<DiceProof> proof;
  std::string error;
};
DiceProofParse parse_dice_proof(std::string_view text);

}  // namespace hd::server
