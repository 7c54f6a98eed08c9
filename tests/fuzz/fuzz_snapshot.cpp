// libFuzzer target: snapshot restore (engine/state_snapshot.hpp, docs/fuzzing.md). The first byte
// picks the started game whose ruleset the text is restored on (fuzz_games.hpp); the rest is the
// snapshot text, as a server reads it back from its database. Checked besides "no crash, no
// sanitizer report": a restored state snapshots to text that restores to the same text, and the
// game can say whose decision it waits for.
#include "fuzz_games.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/state_snapshot.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  using namespace hd::engine;
  const GameState& base = hd::fuzz::started_game(hd::fuzz::selector(data[0]));
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto restored = restore_state(base, text);
  if (!restored) return 0;
  const std::string written = snapshot_state(*restored);
  const auto again = restore_state(base, written);
  check(again.has_value());
  check(snapshot_state(*again) == written);
  check(!pending_decision(*restored).what.empty());
  return 0;
}
