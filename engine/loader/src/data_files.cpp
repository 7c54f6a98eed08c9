#include <hd/engine/data/map_parser.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace hd::loader {

std::optional<std::string> read_text_file(const std::filesystem::path& path,
                                          std::vector<engine::DataError>& errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors.push_back({path.string(), 0, "cannot read file"});
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Loaded<engine::GameMap> load_map(const std::filesystem::path& path) {
  Loaded<engine::GameMap> result;
  const auto text = read_text_file(path, result.errors);
  if (!text) return result;
  auto parsed = engine::parse_map(*text, path.string());
  result.errors = std::move(parsed.errors);
  result.value = std::move(parsed.map);
  return result;
}

Loaded<engine::OrderOfBattle> load_order_of_battle(const std::filesystem::path& folder,
                                                   const std::optional<std::filesystem::path>& manifest) {
  Loaded<engine::OrderOfBattle> result;
  const auto units = read_text_file(folder / "units.tsv", result.errors);
  const auto derived = read_text_file(folder / "derived.tsv", result.errors);
  const auto leaders = read_text_file(folder / "leaders.tsv", result.errors);
  if (!units || !derived || !leaders) return result;
  auto oob = engine::OrderOfBattle::load({*units, *derived, *leaders}, folder.string(), result.errors);
  if (manifest) {
    if (const auto text = read_text_file(*manifest, result.errors))
      oob.apply_manifest(*text, manifest->string(), result.errors);
  }
  if (result.errors.empty()) result.value = std::move(oob);
  return result;
}

Loaded<std::vector<engine::TrackTurn>> load_turn_track(const std::filesystem::path& path) {
  Loaded<std::vector<engine::TrackTurn>> result;
  const auto text = read_text_file(path, result.errors);
  if (!text) return result;
  auto parsed = engine::parse_turn_track(*text, path.string());
  result.errors = std::move(parsed.errors);
  result.value = std::move(parsed.turns);
  return result;
}

Loaded<GameData> load_game_data(const std::filesystem::path& root,
                                const std::optional<std::filesystem::path>& manifest) {
  Loaded<GameData> result;
  auto map = load_map(root / "map" / "nlb.map");
  auto oob = load_order_of_battle(root / "armies", manifest);
  auto track = load_turn_track(root / "turn-track.txt");
  for (auto* errors : {&map.errors, &oob.errors, &track.errors})
    result.errors.insert(result.errors.end(), errors->begin(), errors->end());
  std::optional<engine::CombatResultsTable> crt;
  std::optional<engine::TerrainEffects> tec;
  const auto crt_path = root / "tables" / "crt.tsv";
  const auto tec_path = root / "tables" / "terrain-effects.tsv";
  if (const auto text = read_text_file(crt_path, result.errors))
    crt = engine::CombatResultsTable::parse(*text, crt_path.string(), result.errors);
  if (const auto text = read_text_file(tec_path, result.errors))
    tec = engine::TerrainEffects::parse(*text, tec_path.string(), result.errors);
  if (result.errors.empty()) {
    result.value = GameData{std::move(*map.value), std::move(*oob.value), std::move(*track.value), *crt,
                            std::move(*tec)};
  }
  return result;
}

std::vector<std::string> list_scenarios(const std::filesystem::path& root) {
  std::vector<std::string> slugs;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "scenario.txt")) {
      slugs.push_back(entry.path().filename().string());
    }
  }
  std::sort(slugs.begin(), slugs.end());
  return slugs;
}

Loaded<engine::Scenario> load_scenario(const std::filesystem::path& root, const std::string& slug,
                                       const GameData& data, engine::ScenarioReport& report) {
  Loaded<engine::Scenario> result;
  const auto path = root / slug / "scenario.txt";
  const auto text = read_text_file(path, result.errors);
  if (!text) return result;
  auto parsed = engine::parse_scenario(*text, path.string());
  result.errors = std::move(parsed.errors);
  if (!parsed.scenario) return result;
  const engine::ScenarioContext context{data.map, "nlb", data.oob, data.track};
  result.errors = engine::validate_scenario(*parsed.scenario, context, path.string(), report);
  if (result.errors.empty()) result.value = std::move(parsed.scenario);
  return result;
}

Loaded<engine::GameState> start_scenario_game(const std::filesystem::path& root, const GameChoice& choice) {
  Loaded<engine::GameState> result;
  auto data = load_game_data(root, choice.manifest);
  if (!data.value) {
    result.errors = std::move(data.errors);
    return result;
  }
  engine::ScenarioReport report;
  auto scenario = load_scenario(root, choice.scenario, *data.value, report);
  if (!scenario.value) {
    result.errors = std::move(scenario.errors);
    if (result.errors.empty())
      result.errors.push_back({(root / choice.scenario).string(), 0, "no such scenario"});
    return result;
  }
  std::vector<engine::RulesetError> rule_errors;
  GameData& d = *data.value;
  auto rules = engine::make_ruleset(
      std::move(d.map), std::move(d.terrain_effects), d.crt, std::move(d.oob), d.track,
      std::move(*scenario.value),
      engine::RuleChoice{choice.options, choice.optional_rules, choice.allow_missing_rules}, rule_errors);
  for (const auto& e : rule_errors)
    result.errors.push_back({(root / choice.scenario).string(), 0, e.message});
  if (!rules) return result;
  std::vector<std::string> setup_errors;
  auto state = engine::start_game(rules, setup_errors);
  for (const auto& e : setup_errors)
    result.errors.push_back({(root / choice.scenario).string(), 0, e});
  if (result.errors.empty()) result.value = std::move(state);
  return result;
}

std::filesystem::path default_data_root() {
  return HD_DATA_ROOT;
}

}  // namespace hd::loader
