// The die-and-result animation of resolved combats (7.0): for each combat an update brought, a die
// face tumbles for kRollSeconds and settles on the die rolled, then the result ("De", "Ex" ...)
// shows over the defender's hex for kResultSeconds. Frame-driven (advance by each frame's time)
// and never blocks input: it only says what to draw. No SFML here, so tests run it without a window.
#pragma once

#include "model/game_model.hpp"

#include <deque>
#include <optional>

namespace hd::client {

class CombatAnimation {
 public:
  static constexpr double kRollSeconds = 0.9;
  static constexpr double kStepSeconds = 0.075;  // the face changes this often while rolling
  static constexpr double kResultSeconds = 1.6;
  // At most this many combats wait; older ones are dropped (a long replay after a reconnect).
  static constexpr std::size_t kMaxWaiting = 3;

  // Queues the combats with a serial above the last one taken (the model's list may repeat).
  void take(const std::vector<CombatShown>& combats);
  // Moves the animation on by `seconds` (the frame's time).
  void advance(double seconds);

  struct Frame {
    const CombatShown* combat = nullptr;
    int face = 0;               // the die face to draw, 1-6 (0: the update did not show the die)
    bool rolling = false;       // still tumbling
    bool result_shown = false;  // the result is shown (after the roll)
    double fade = 1.0;          // 1 while showing, falling to 0 over the last quarter
  };
  // What to draw now; nullopt when no combat is playing.
  std::optional<Frame> frame() const;
  bool playing() const { return !queue_.empty(); }

 private:
  std::deque<CombatShown> queue_;
  std::uint64_t last_serial_ = 0;
  double elapsed_ = 0;  // in the combat at the queue's front
};

// The face shown `steps_left` steps before the die settles on `die` (steps_left 0: `die` itself);
// consecutive steps always show different faces, and six running steps show all six.
int tumbling_face(int die, int steps_left);

}  // namespace hd::client
