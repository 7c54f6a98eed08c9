// hd_data_check: loads the map, the orders of battle, the turn track and every scenario, and
// reports every error as file:line: message, or what was loaded: each army's strength, each
// scenario's forces per army, and the rules each scenario needs with those the engine lacks (a
// scenario with a rule missing is refused unless a game is created with allow-missing-rules).
// Usage: hd_data_check [--data DIR] [--manifest FILE]
// Exit 0 when everything is valid, 1 when anything has errors, 2 on bad usage.
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <iostream>
#include <map>
#include <string>

namespace {

using hd::engine::Army;
constexpr Army kArmies[] = {Army::French, Army::Prussian, Army::Allied};

template <typename T>
bool report_errors(const hd::loader::Loaded<T>& loaded) {
  for (const auto& error : loaded.errors)
    std::cerr << error.to_string() << "\n";
  return loaded.value.has_value();
}

void print_data_summary(const hd::loader::GameData& data) {
  std::map<hd::engine::HexTerrain, int> terrain;
  for (int c = 1; c <= data.map.bounds().columns; ++c)
    for (int r = 1; r <= data.map.bounds().rows; ++r)
      ++terrain[data.map.terrain({c, r})];
  std::cout << "map: " << data.map.title() << ", " << data.map.features().size() << " features;";
  for (const auto& [kind, count] : terrain)
    std::cout << " " << to_string(kind) << " " << count;
  std::cout << "\n";
  for (Army army : kArmies) {
    int units = 0, strength = 0, stated = 0, derived = 0;
    for (const auto& unit : data.oob.units()) {
      if (unit.army != army || !unit.variant.empty()) continue;
      ++units;
      if (!unit.full_strength) continue;
      strength += unit.full_strength->value;
      (unit.full_strength->provenance == hd::engine::Provenance::Derived ? derived : stated) += 1;
    }
    std::cout << "army " << to_string(army) << ": " << units << " units in the basic counter mix, strength "
              << strength << " (" << stated << " stated or from the manifest, " << derived << " derived)\n";
  }
  std::cout << "leaders: " << data.oob.leaders().size() << "; turn track: " << data.track.size()
            << " turns\n";
}

std::string joined(const std::vector<std::string>& rules) {
  std::string text;
  for (const std::string& rule : rules)
    text += " " + rule;
  return text.empty() ? " none" : text;
}

// The rules the scenario needs and which exist; then, per force option, what it adds.
void print_rules(const hd::engine::Scenario& scenario, const hd::engine::OrderOfBattle& oob) {
  const auto base = hd::engine::rules_in_force(scenario, {}, {});
  std::cout << "  rules needed:" << joined(base.needed) << "\n";
  std::cout << "  rules missing:" << joined(base.missing)
            << (base.missing.empty() ? " (by the book)" : " (refused unless allow-missing-rules)") << "\n";
  for (const auto& option : scenario.options) {
    const auto with = hd::engine::rules_in_force(scenario, {option.id}, {});
    std::vector<std::string> added;
    for (const std::string& rule : with.missing)
      if (std::find(base.missing.begin(), base.missing.end(), rule) == base.missing.end())
        added.push_back(rule);
    if (!added.empty()) std::cout << "  option " << option.id << " also lacks:" << joined(added) << "\n";
  }
  std::cout << "  optional rules offered that exist:"
            << joined(hd::engine::offered_optional_rules(scenario, oob)) << "\n";
  if (const int leaders = hd::engine::leaders_named(scenario, oob); leaders > 0)
    std::cout << "  leaders named in set-up and entry lines: " << leaders << " (10.0 places them)\n";
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
  const auto data = hd::loader::load_game_data(root, manifest);
  if (!report_errors(data)) return 1;
  print_data_summary(*data.value);
  bool ok = true;
  for (const std::string& slug : hd::loader::list_scenarios(root)) {
    hd::engine::ScenarioReport report;
    const auto scenario = hd::loader::load_scenario(root, slug, *data.value, report);
    if (!report_errors(scenario)) {
      ok = false;
      std::cout << "scenario " << slug << ": INVALID\n";
      continue;
    }
    std::cout << "scenario " << slug << " (" << scenario.value->rule << " " << scenario.value->name << "):";
    for (Army army : kArmies) {
      const auto& t = report.armies[static_cast<std::size_t>(army)];
      std::cout << " " << to_string(army) << " " << t.units_set_up << " units/" << t.strength_set_up
                << " SP set up + " << t.units_entering << "/" << t.strength_entering << " entering;";
    }
    std::cout << " " << scenario.value->options.size() << " options\n";
    print_rules(*scenario.value, data.value->oob);
  }
  return ok ? 0 : 1;
}
