// Real games for the fuzz targets: the first states of a few scenarios, loaded once from the source
// tree's scenarios/ folder (hd::test::data_root()) and shared by every input. Aborts if one cannot be loaded,
// so a broken data root is never mistaken for a target that finds nothing.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <cstddef>
#include <vector>

namespace hd::fuzz {

// The first states of quatre-bras, ligny, la-belle-alliance and campaign, in that order.
const std::vector<engine::GameState>& started_games();

// A seed's first byte as a choice: '0' is 0, '1' is 1 ... (any byte gives some number).
inline std::size_t selector(unsigned char byte) {
  return static_cast<unsigned char>(byte - '0');
}

// started_games()[selector % size].
const engine::GameState& started_game(std::size_t selector);

}  // namespace hd::fuzz
