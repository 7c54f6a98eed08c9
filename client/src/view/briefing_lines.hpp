// The scenario briefing (issue 16, F3) in words, from what the server sent of the game
// (ScenarioInfo: turns, victory conditions, special rules in force, options chosen), never from the
// client's own data folder. This file makes the lines; view/briefing_overlay draws them. No SFML.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hd::client {

struct BriefingLine {
  std::string text;
  bool heading = false;  // a section's heading, drawn bold
};

// The briefing of `scenario` at turn index `current` (GameView.turn), each paragraph wrapped
// (word_wrap) to `width` characters, a rule's or condition's continuation lines indented: the
// title and rule; the turns (first to last, their count, the current one); the victory conditions;
// the special rules in force (number, module title, then the scenario's words); the force options
// chosen (number and title); the optional rules chosen; the rules played without a module, if any.
// An empty section says "none".
std::vector<BriefingLine> briefing_lines(const hundred_days::v1::ScenarioInfo& scenario,
                                         std::uint32_t current, std::size_t width);

}  // namespace hd::client
