// libFuzzer target: the data-file parsers (docs/fuzzing.md). The first byte picks the file the rest
// stands for ('0' map, '1' scenario, '2' turn track, '3'-'5' units, derived and leaders tables,
// '6' counter manifest, '7' combat results table, '8' terrain effects); the others are the real files of
// scenarios/, loaded once. A scenario that parses is validated against the real map, armies and track, and
// one that validates is started as a game. Checked besides "no crash, no sanitizer report": a parser that
// gives no result says why.
#include "build_paths.hpp"
#include "fuzz_games.hpp"

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/board/terrain_effects.hpp>
#include <hd/engine/data/map_parser.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/data/scenario_validator.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/engine/state/ruleset.hpp>
#include <hd/loader/data_files.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using namespace hd::engine;
namespace fs = std::filesystem;

void check(bool condition) {
  if (!condition) std::abort();
}

struct RealData {
  hd::loader::GameData data;
  std::string units, derived, leaders;  // scenarios/armies/*.tsv
};

const RealData& real_data() {
  static const RealData real = [] {
    const fs::path root = hd::test::data_root();
    auto data = hd::loader::load_game_data(root);
    std::vector<DataError> errors;
    auto units = hd::loader::read_text_file(root / "armies" / "units.tsv", errors);
    auto derived = hd::loader::read_text_file(root / "armies" / "derived.tsv", errors);
    auto leaders = hd::loader::read_text_file(root / "armies" / "leaders.tsv", errors);
    if (!data.value || !units || !derived || !leaders) {
      std::fprintf(stderr, "fuzz: cannot load the game data from %s\n", root.c_str());
      std::abort();
    }
    return RealData{std::move(*data.value), std::move(*units), std::move(*derived), std::move(*leaders)};
  }();
  return real;
}

// A scenario: parsed, validated against the real data, and started if it is valid.
void scenario(std::string_view text) {
  const RealData& real = real_data();
  auto parsed = parse_scenario(text, "fuzz");
  check(parsed.scenario.has_value() == parsed.errors.empty());
  if (!parsed.scenario) return;
  const ScenarioContext context{real.data.map, "nlb", real.data.oob, real.data.track};
  ScenarioReport report;
  if (!validate_scenario(*parsed.scenario, context, "fuzz", report).empty()) return;
  std::vector<RulesetError> rule_errors;
  // Rules without a module are allowed (the game is then not by the book), so that a fuzzed
  // scenario naming any rule still reaches start_game.
  const RuleChoice choice{{}, {}, true};
  const auto rules = make_ruleset(real.data.map, real.data.terrain_effects, real.data.crt, real.data.oob,
                                  real.data.track, std::move(*parsed.scenario), choice, rule_errors);
  check(rules != nullptr || !rule_errors.empty());
  if (!rules) return;
  std::vector<std::string> setup_errors;
  const auto state = start_game(rules, setup_errors);
  check(state.has_value() || !setup_errors.empty());
}

void order_of_battle(int which, std::string_view text) {
  const RealData& real = real_data();
  OrderOfBattle::Files files{real.units, real.derived, real.leaders};
  (which == 0 ? files.units : which == 1 ? files.derived : files.leaders) = text;
  std::vector<DataError> errors;
  OrderOfBattle::load(files, "fuzz", errors);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<DataError> errors;
  switch (hd::fuzz::selector(data[0]) % 9) {
    case 0: {
      const auto parsed = parse_map(text, "fuzz");
      check(parsed.map.has_value() == parsed.errors.empty());
      break;
    }
    case 1:
      scenario(text);
      break;
    case 2: {
      const auto parsed = parse_turn_track(text, "fuzz");
      check(parsed.turns.has_value() || !parsed.errors.empty());
      break;
    }
    case 3:
    case 4:
    case 5:
      order_of_battle(hd::fuzz::selector(data[0]) % 9 - 3, text);
      break;
    case 6: {
      OrderOfBattle oob = real_data().data.oob;
      oob.apply_manifest(text, "fuzz", errors);
      break;
    }
    case 7: {
      const auto crt = CombatResultsTable::parse(text, "fuzz", errors);
      check(crt.has_value() || !errors.empty());
      break;
    }
    case 8: {
      const auto tec = TerrainEffects::parse(text, "fuzz", errors);
      check(tec.has_value() || !errors.empty());
      break;
    }
  }
  return 0;
}
