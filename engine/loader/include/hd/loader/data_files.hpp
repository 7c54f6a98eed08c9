// Reads the project's data files from disk into engine objects. The engine itself never touches
// files; servers, tools and tests come through here. Every problem is a DataError with file and line.
#pragma once

#include <hd/engine/game_map.hpp>
#include <hd/engine/order_of_battle.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hd::loader {

template <typename T>
struct Loaded {
  std::optional<T> value;                   // set only when there are no errors
  std::vector<engine::DataError> errors;
};

// The whole file as text; nullopt (with an error) if it cannot be read.
std::optional<std::string> read_text_file(const std::filesystem::path& path, std::vector<engine::DataError>& errors);

// scenarios/map/<name>.map
Loaded<engine::GameMap> load_map(const std::filesystem::path& path);

// scenarios/armies/{units,derived,leaders}.tsv, then the optional counter manifest over them.
Loaded<engine::OrderOfBattle> load_order_of_battle(const std::filesystem::path& folder,
                                                   const std::optional<std::filesystem::path>& manifest = std::nullopt);

// The scenarios/ folder of this source tree (set at build time), for tools and tests.
std::filesystem::path default_data_root();

}  // namespace hd::loader
