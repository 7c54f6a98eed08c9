// Reads the project's data files from disk into engine objects. The engine itself never touches
// files; servers, tools and tests come through here. Every problem is a DataError with file and line.
#pragma once

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/board/game_map.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/data/scenario_validator.hpp>
#include <hd/engine/board/terrain_effects.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hd::loader {

template <typename T>
struct Loaded {
  std::optional<T> value;  // set only when there are no errors
  std::vector<engine::DataError> errors;
};

// The whole file as text; nullopt (with an error) if it cannot be read.
std::optional<std::string> read_text_file(const std::filesystem::path& path,
                                          std::vector<engine::DataError>& errors);

// scenarios/map/<name>.map
Loaded<engine::GameMap> load_map(const std::filesystem::path& path);

// scenarios/armies/{units,derived,leaders}.tsv, then the optional counter manifest over them.
Loaded<engine::OrderOfBattle> load_order_of_battle(
    const std::filesystem::path& folder, const std::optional<std::filesystem::path>& manifest = std::nullopt);

// scenarios/turn-track.txt
Loaded<std::vector<engine::TrackTurn>> load_turn_track(const std::filesystem::path& path);

// Everything a game is played with: the map, the armies, the turn track and the charts.
struct GameData {
  engine::GameMap map;
  engine::OrderOfBattle oob;
  std::vector<engine::TrackTurn> track;
  engine::CombatResultsTable crt;
  engine::TerrainEffects terrain_effects;
};

// Loads map, armies, turn track and charts (tables/crt.tsv, tables/terrain-effects.tsv) from a
// data root (the scenarios/ folder).
Loaded<GameData> load_game_data(const std::filesystem::path& root,
                                const std::optional<std::filesystem::path>& manifest = std::nullopt);

// The slugs of every scenario folder under the root (folders holding scenario.txt), sorted.
std::vector<std::string> list_scenarios(const std::filesystem::path& root);

// Parses root/<slug>/scenario.txt and validates it against the game data; fills `report`.
Loaded<engine::Scenario> load_scenario(const std::filesystem::path& root, const std::string& slug,
                                       const GameData& data, engine::ScenarioReport& report);

// What a new game is made of: a scenario, its chosen force options and optional rules.
struct GameChoice {
  std::string scenario;              // folder name under the data root, e.g. "quatre-bras"
  std::vector<std::string> options;         // force options by rule number, e.g. "19.5A"
  std::vector<std::string> optional_rules;  // optional rules by number, e.g. "15.1"
  std::optional<std::filesystem::path> manifest;  // a counter manifest overriding printed values
  bool allow_missing_rules = false;               // development only (engine::RuleChoice)
};

// Loads everything and sets up the first state of a game; errors name the file and line, or say
// which choice is unknown.
Loaded<engine::GameState> start_scenario_game(const std::filesystem::path& root, const GameChoice& choice);

// The scenarios/ folder of this source tree (set at build time), for tools and tests.
std::filesystem::path default_data_root();

}  // namespace hd::loader
