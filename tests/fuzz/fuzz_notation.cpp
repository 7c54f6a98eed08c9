// libFuzzer target: the notation parser applied to real games (docs/fuzzing.md). The first byte
// picks a started scenario (fuzz_games.hpp); every following line is parsed against the current
// state, and a line that parses and that validate() accepts is applied with the dice it names (then
// a fixed sequence), exactly as a record is replayed. Checked besides "no crash, no sanitizer
// report": a parse error says something; an accepted action formats to a line that parses back to
// the same line; every event formats.
#include "fuzz_games.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/notation/notation.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

namespace {

using namespace hd::engine;

// At most this many lines per input, so every input's work is bounded.
constexpr int kMaxLines = 400;

void check(bool condition) {
  if (!condition) std::abort();
}

// Applies one parsed line if the state allows it; false when the game has ended.
void play_line(GameState& state, const NotatedAction& notated) {
  if (validate(state, notated.side, notated.action)) return;  // refused: nothing changed
  const std::string line = format_action(state, notated.side, notated.action, notated.dice);
  const auto reparsed = parse_action_line(state, line);
  check(std::holds_alternative<NotatedAction>(reparsed));
  const auto& again = std::get<NotatedAction>(reparsed);
  check(format_action(state, again.side, again.action, again.dice) == line);
  std::size_t rolled = 0;
  const auto events = apply(state, notated.side, notated.action, [&] {
    const int die = rolled < notated.dice.size() ? notated.dice[rolled] : static_cast<int>(rolled % 6) + 1;
    ++rolled;
    return die;
  });
  for (const Event& event : events)
    check(!format_event(state, event).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  GameState state = hd::fuzz::started_game(hd::fuzz::selector(data[0]));
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  for (int lines = 0; !rest.empty() && lines < kMaxLines; ++lines) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    const auto parsed = parse_action_line(state, line);
    if (const auto* error = std::get_if<std::string>(&parsed)) {
      check(!error->empty());
      continue;
    }
    if (state.result) break;
    play_line(state, std::get<NotatedAction>(parsed));
  }
  return 0;
}
