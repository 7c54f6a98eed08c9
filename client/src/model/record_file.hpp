// Writing a finished game's record and dice proof (ExportRecord's GameRecord answer) to files the
// player can keep, replay with hd_script and check against the dice proof (docs/dice.md).
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <filesystem>
#include <string>

namespace hd::client {

// Where a record went, or why it did not.
struct RecordWritten {
  bool ok = false;
  std::string message;  // ok: "Record written to DIR/7.rec, dice proof to DIR/7.dice"; else the error
};

// Writes `<game id>.rec` (the record) and `<game id>.dice` (the dice proof) into `dir`, replacing
// files of those names. A missing or unwritable directory is an error in the message; nothing
// is half-written on purpose, but a failure after the first file leaves that file.
RecordWritten write_game_record(const hundred_days::v1::GameRecord& record, const std::filesystem::path& dir);

}  // namespace hd::client
