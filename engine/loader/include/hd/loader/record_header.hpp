// The header of a game record (docs/notation.md, "Records"): every choice that shapes the game and
// the rules version it was played under, on the first line,
//   # hd_script record: --scenario S [--option ID]... [--rule N]... [--manifest FILE]
//                       [--allow-missing-rules] --rules-version V
// and its final state hash on the last, "# final-hash: HASH". hd_script writes and reads it, the
// server writes it on export (ExportRecord), hd_verify and the golden replays read it.
#pragma once

#include <hd/loader/data_files.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hd::loader {

struct RecordHeader {
  bool present = false;  // a "# hd_script record:" line was found
  GameChoice choice;
  std::optional<int> rules_version;
  std::optional<std::string> final_hash;  // 16 hex digits
};

struct RecordHeaderParse {
  std::optional<RecordHeader> header;
  std::string error;  // names the line and the bad flag
};

// Reads the "# hd_script record:" and "# final-hash:" comments of a record (other lines are left
// alone). An unknown flag, a flag without a value, a bad rules version or a second header line is
// an error (an optional rule the scenario does not offer is refused when the game starts).
RecordHeaderParse parse_record_header(std::string_view record);

// The header line (with its newline) of a record of a game started with `choice` under this
// engine's rules version (kRulesVersion).
std::string format_record_header(const GameChoice& choice);

// A state hash as the record's "# final-hash:" line and the server write it: 16 lower-case hex
// digits.
std::string format_final_hash(std::uint64_t hash);

// Why a record with this header cannot be replayed by this engine: it names no rules version, or
// another than kRulesVersion. nullopt if it can.
std::optional<std::string> rules_version_refusal(const RecordHeader& header);

// True if the two choices name the same scenario, force options (in order), optional rules (in any
// order), counter manifest and allowance of missing rules.
bool same_choice(const GameChoice& a, const GameChoice& b);

}  // namespace hd::loader
