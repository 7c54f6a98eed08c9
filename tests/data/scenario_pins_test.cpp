// Each scenario's forces, pinned: units and strength set up and entering per army. A change to the
// map, the armies or a scenario that moves any of these numbers must be deliberate: update the pin
// in the same commit and say why.
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <map>

using namespace hd::engine;

namespace {

struct Pin {
  // For each army: units set up, strength set up, units entering, strength entering.
  std::array<std::array<int, 4>, 3> armies;
  std::size_t options;
};

const std::map<std::string, Pin>& pins() {
  static const std::map<std::string, Pin> table{
      //                 french               prussian             allied
      {"campaign", {{{{55, 247, 11, 44}, {46, 170, 16, 69}, {12, 39, 30, 93}}}, 4}},
      {"campaign-variant", {{{{11, 49, 56, 242}, {16, 63, 47, 181}, {3, 9, 40, 123}}}, 3}},
      {"grand-ligny", {{{{55, 247, 4, 18}, {46, 170, 0, 0}, {4, 11, 14, 51}}}, 5}},
      {"grand-waterloo", {{{{64, 251, 0, 0}, {57, 179, 0, 0}, {41, 120, 0, 0}}}, 0}},
      {"historic-wavre", {{{{22, 78, 0, 0}, {16, 54, 0, 0}, {0, 0, 0, 0}}}, 2}},
      {"la-belle-alliance", {{{{42, 173, 0, 0}, {0, 0, 16, 69}, {41, 120, 0, 0}}}, 0}},
      {"la-belle-alliance-variant", {{{{50, 186, 0, 0}, {6, 20, 19, 65}, {51, 129, 0, 0}}}, 1}},
      {"ligny", {{{{37, 162, 0, 0}, {46, 170, 0, 0}, {0, 0, 0, 0}}}, 3}},
      {"quatre-bras", {{{{12, 60, 0, 0}, {0, 0, 0, 0}, {4, 11, 14, 51}}}, 5}},
      {"quatre-bras-variant", {{{{12, 60, 10, 43}, {0, 0, 0, 0}, {4, 11, 14, 51}}}, 3}},
      {"wavre", {{{{22, 78, 0, 0}, {41, 110, 0, 0}, {0, 0, 0, 0}}}, 0}},
  };
  return table;
}

}  // namespace

TEST_CASE("every scenario's forces match their pins", "[data]") {
  const auto data = hd::loader::load_game_data(hd::loader::default_data_root());
  REQUIRE(data.value);
  const auto slugs = hd::loader::list_scenarios(hd::loader::default_data_root());
  for (const auto& slug : slugs) {
    DYNAMIC_SECTION("scenario " << slug) {
      const auto pin = pins().find(slug);
      REQUIRE(pin != pins().end());  // a new scenario needs a pin
      ScenarioReport report;
      const auto scenario =
          hd::loader::load_scenario(hd::loader::default_data_root(), slug, *data.value, report);
      REQUIRE(scenario.value);
      CHECK(scenario.value->options.size() == pin->second.options);
      for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
        INFO("army " << to_string(army));
        const auto& totals = report.armies[static_cast<std::size_t>(army)];
        const auto& expected = pin->second.armies[static_cast<std::size_t>(army)];
        CHECK(totals.units_set_up == expected[0]);
        CHECK(totals.strength_set_up == expected[1]);
        CHECK(totals.units_entering == expected[2]);
        CHECK(totals.strength_entering == expected[3]);
      }
    }
  }
  CHECK(slugs.size() == pins().size());
}
