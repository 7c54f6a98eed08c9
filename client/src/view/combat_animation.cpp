#include "view/combat_animation.hpp"

#include <algorithm>
#include <cmath>

namespace hd::client {

int tumbling_face(int die, int steps_left) {
  // Offsets from the die through all six faces, no two alike running (the cycle wraps 5 -> 0).
  static constexpr int kOffsets[6] = {0, 3, 1, 4, 2, 5};
  return (die - 1 + kOffsets[steps_left % 6]) % 6 + 1;
}

void CombatAnimation::take(const std::vector<CombatShown>& combats) {
  for (const CombatShown& combat : combats) {
    if (combat.serial <= last_serial_) continue;
    last_serial_ = combat.serial;
    queue_.push_back(combat);
  }
  while (queue_.size() > kMaxWaiting) {
    queue_.pop_front();
    elapsed_ = 0;
  }
}

void CombatAnimation::advance(double seconds) {
  if (queue_.empty()) return;
  elapsed_ += std::max(0.0, seconds);
  while (!queue_.empty()) {
    const double length = (queue_.front().die > 0 ? kRollSeconds : 0.0) + kResultSeconds;
    if (elapsed_ < length) break;
    elapsed_ -= length;
    queue_.pop_front();
  }
  if (queue_.empty()) elapsed_ = 0;
}

std::optional<CombatAnimation::Frame> CombatAnimation::frame() const {
  if (queue_.empty()) return std::nullopt;
  const CombatShown& combat = queue_.front();
  Frame frame;
  frame.combat = &combat;
  const double roll = combat.die > 0 ? kRollSeconds : 0.0;
  if (elapsed_ < roll) {
    const int steps = static_cast<int>(std::ceil(roll / kStepSeconds));
    const int step = static_cast<int>(elapsed_ / kStepSeconds);
    frame.rolling = true;
    frame.face = tumbling_face(static_cast<int>(combat.die), std::max(0, steps - 1 - step));
    return frame;
  }
  frame.face = static_cast<int>(combat.die);
  frame.result_shown = true;
  const double shown = elapsed_ - roll;
  const double fade_from = kResultSeconds * 0.75;
  if (shown > fade_from) frame.fade = std::max(0.0, 1.0 - (shown - fade_from) / (kResultSeconds - fade_from));
  return frame;
}

}  // namespace hd::client
