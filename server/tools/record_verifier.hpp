// Verifies a finished game from its exported record and dice proof (docs/dice.md): the seed matches
// the commitment, every die of the proof is the one derive_die() gives, the record's dice are the
// proof's dice in order, the secret choices open their commitments (18.5C: one per secret option,
// the header's choice; 28.0D: one per choose-entry action of the record, its choice; docs/commitments.md),
// the record replays through the engine under the rules version it names, and
// its final hash is reached.
#pragma once

#include <hd/loader/record_header.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace hd::server {

// The outcome of a verification: ok with a summary, or the first mismatch found.
struct Verification {
  bool ok = false;
  std::string message;      // the summary (ok) or the first mismatch
  std::size_t dice = 0;     // dice checked
  std::size_t actions = 0;  // record lines replayed
  std::string final_hash;   // the hash the replay reached
};

// Checks everything above. The game (scenario, options, optional rules) comes from the record's
// header (hd/loader/record_header.hpp), its scenario else from the proof, and must agree with the
// proof's when both name one; a record of another rules version than this engine's, or naming none,
// is refused before anything is replayed. Needs init_crypto() to have run.
Verification verify_game(std::string_view record, std::string_view proof_text,
                         const std::filesystem::path& data_root);

}  // namespace hd::server
