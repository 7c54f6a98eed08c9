// Verifies a finished game from its exported record and dice proof (docs/dice.md): the seed matches
// the commitment, every die of the proof is the one derive_die() gives, the record's dice are the
// proof's dice in order, the record replays through the engine, and its final hash is reached.
#pragma once

#include <hd/loader/data_files.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace hd::server {

// What a record says about the game it was played with, read from its '#' header comments: any
// comment holding "--scenario S", "--option ID" or "--rule 15.1|15.2" (as hd_script writes them),
// and the "# final-hash: HASH" line.
struct RecordHeader {
  loader::GameChoice choice;
  std::optional<std::string> final_hash;  // 16 hex digits
};

// Reads the header comments of a record; the error names the first bad flag.
struct RecordHeaderParse {
  std::optional<RecordHeader> header;
  std::string error;
};
RecordHeaderParse parse_record_header(std::string_view record);

// The outcome of a verification: ok with a summary, or the first mismatch found.
struct Verification {
  bool ok = false;
  std::string message;      // the summary (ok) or the first mismatch
  std::size_t dice = 0;     // dice checked
  std::size_t actions = 0;  // record lines replayed
  std::string final_hash;   // the hash the replay reached
};

// Checks everything above. The scenario comes from the record's header, else from the proof, and
// must agree with the proof's when both name one. Needs init_crypto() to have run.
Verification verify_game(std::string_view record, std::string_view proof_text,
                         const std::filesystem::path& data_root);

}  // namespace hd::server
