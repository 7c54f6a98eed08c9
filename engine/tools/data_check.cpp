// hd_data_check: loads the map and the orders of battle (and, later, every scenario) and reports
// every error as file:line: message, or a summary of what was loaded.
// Usage: hd_data_check [--data DIR] [--manifest FILE]
// Exit 0 when everything is valid, 1 when anything has errors, 2 on bad usage.
#include <hd/loader/data_files.hpp>

#include <iostream>
#include <map>
#include <string>

namespace {

template <typename T>
bool report(const hd::loader::Loaded<T>& loaded) {
  for (const auto& error : loaded.errors) std::cerr << error.to_string() << "\n";
  return loaded.value.has_value();
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path root = hd::loader::default_data_root();
  std::optional<std::filesystem::path> manifest;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--data" && i + 1 < argc) {
      root = argv[++i];
    } else if (arg == "--manifest" && i + 1 < argc) {
      manifest = argv[++i];
    } else {
      std::cerr << "usage: hd_data_check [--data DIR] [--manifest FILE]\n";
      return 2;
    }
  }
  bool ok = true;
  const auto map = hd::loader::load_map(root / "map" / "nlb.map");
  if (report(map)) {
    std::map<hd::engine::HexTerrain, int> terrain;
    for (int c = 1; c <= map.value->bounds().columns; ++c)
      for (int r = 1; r <= map.value->bounds().rows; ++r) ++terrain[map.value->terrain({c, r})];
    std::cout << "map: " << map.value->title() << ", " << map.value->features().size() << " features;";
    for (const auto& [kind, count] : terrain) std::cout << " " << to_string(kind) << " " << count;
    std::cout << "\n";
  } else {
    ok = false;
  }
  const auto oob = hd::loader::load_order_of_battle(root / "armies", manifest);
  if (report(oob)) {
    for (auto army : {hd::engine::Army::French, hd::engine::Army::Prussian, hd::engine::Army::Allied}) {
      int units = 0, strength = 0, stated = 0, derived = 0;
      for (const auto& unit : oob.value->units()) {
        if (unit.army != army || !unit.variant.empty()) continue;
        ++units;
        if (unit.full_strength) {
          strength += unit.full_strength->value;
          (unit.full_strength->provenance == hd::engine::Provenance::Stated ? stated : derived) += 1;
        }
      }
      std::cout << "army " << to_string(army) << ": " << units << " units in the basic counter mix, total strength "
                << strength << " (" << stated << " stated, " << derived << " derived)\n";
    }
    std::cout << "leaders: " << oob.value->leaders().size() << "\n";
  } else {
    ok = false;
  }
  return ok ? 0 : 1;
}
