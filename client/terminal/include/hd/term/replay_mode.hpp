// The terminal client's replay mode (issue 16; docs/terminal-client.md, "Replays"): `replay GAME`
// steps through a game's actions with QueryReplay, printing each frame as `state` prints a game
// (format_state) and the action with its events. The server decides what the frame shows: a
// finished game as it would be opened, a running one only through one of our seats' view.
#pragma once

#include <hd/term/client.hpp>

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace hd::term {

// The frame as text: "replay of game G: action N of M (SEAT's view)", the action and its events,
// then format_state of the view.
std::string format_replay_frame(const hundred_days::v1::ScenarioInfo& scenario,
                                const hundred_days::v1::ReplayFrame& frame);

class ReplayMode {
 public:
  // A replay of game `game_id`, whose scenario is `scenario` (from its snapshot), over `client`.
  ReplayMode(Client& client, std::uint64_t game_id, hundred_days::v1::ScenarioInfo scenario, std::ostream& out);

  // Shows frame `index` (0: the start). False, with the refusal or failure printed, if it cannot.
  bool show(std::uint64_t index);
  // One command of the mode: first, prev, next, last, goto N, turn T (the first action of game turn
  // T, 1-based as `state` numbers them, found by asking for frames), state (the frame again), help.
  // Sets `leave` on quit. False if the command failed or is not one of the mode's.
  bool run(const std::vector<std::string>& words, bool& leave);

  std::uint64_t game_id() const { return game_id_; }

 private:
  // Asks for frame `index`; nullopt (printed) on a refusal or a lost connection.
  std::optional<hundred_days::v1::ReplayFrame> fetch(std::uint64_t index);
  bool fail(const std::string& why);

  Client& client_;
  std::uint64_t game_id_;
  hundred_days::v1::ScenarioInfo scenario_;
  std::ostream& out_;
  std::optional<hundred_days::v1::ReplayFrame> frame_;  // the frame shown last
};

}  // namespace hd::term
