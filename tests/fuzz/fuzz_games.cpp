#include "fuzz_games.hpp"

#include "build_paths.hpp"

#include <hd/loader/data_files.hpp>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace hd::fuzz {

const std::vector<engine::GameState>& started_games() {
  static const std::vector<engine::GameState> games = [] {
    std::vector<engine::GameState> loaded;
    for (const char* slug : {"quatre-bras", "ligny", "la-belle-alliance", "campaign"}) {
      loader::GameChoice choice;
      choice.scenario = slug;
      // The campaign is the largest game, played by the book.
      auto game = loader::start_scenario_game(hd::test::data_root(), choice);
      if (!game.value) {
        std::fprintf(stderr, "fuzz: cannot start %s from %s\n", slug, hd::test::data_root().c_str());
        std::abort();
      }
      loaded.push_back(std::move(*game.value));
    }
    return loaded;
  }();
  return games;
}

const engine::GameState& started_game(std::size_t selector) {
  const auto& games = started_games();
  return games[selector % games.size()];
}

}  // namespace hd::fuzz
