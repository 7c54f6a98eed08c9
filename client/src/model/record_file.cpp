#include "model/record_file.hpp"

#include <fstream>
#include <system_error>

namespace hd::client {

namespace {

// Writes `text` to `path`; false if the file could not be written whole.
bool write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return false;
  out << text;
  out.close();
  return static_cast<bool>(out);
}

}  // namespace

RecordWritten write_game_record(const hundred_days::v1::GameRecord& record,
                                const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::path where = std::filesystem::absolute(dir, error);
  if (error || !std::filesystem::is_directory(where, error))
    return {false, "Cannot export: " + dir.string() + " is not a directory"};
  const std::string stem = std::to_string(record.game_id());
  const auto record_path = where / (stem + ".rec");
  const auto proof_path = where / (stem + ".dice");
  if (!write_text(record_path, record.record())) return {false, "Cannot write " + record_path.string()};
  if (!write_text(proof_path, record.dice_proof())) return {false, "Cannot write " + proof_path.string()};
  return {true, "Record written to " + record_path.string() + ", dice proof to " + proof_path.string()};
}

}  // namespace hd::client
