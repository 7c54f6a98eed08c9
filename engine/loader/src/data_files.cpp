#include <hd/loader/data_files.hpp>

#include <hd/engine/map_parser.hpp>

#include <fstream>
#include <sstream>

namespace hd::loader {

std::optional<std::string> read_text_file(const std::filesystem::path& path, std::vector<engine::DataError>& errors) {
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
    if (const auto text = read_text_file(*manifest, result.errors)) oob.apply_manifest(*text, manifest->string(), result.errors);
  }
  if (result.errors.empty()) result.value = std::move(oob);
  return result;
}

std::filesystem::path default_data_root() { return HD_DATA_ROOT; }

}  // namespace hd::loader
