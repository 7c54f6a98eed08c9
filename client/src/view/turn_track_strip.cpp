#include "view/turn_track_strip.hpp"

#include <algorithm>

namespace hd::client {

std::vector<TrackBox> turn_track_strip(const hundred_days::v1::ScenarioInfo& scenario, std::uint32_t current,
                                       std::size_t max_boxes) {
  const auto count = static_cast<std::size_t>(scenario.turns_size());
  if (count == 0 || max_boxes == 0) return {};
  std::size_t first = 0;
  if (count > max_boxes) {
    const std::size_t lead = max_boxes / 3;
    first = current > lead ? std::min<std::size_t>(current - lead, count - max_boxes) : 0;
  }
  const std::size_t last = std::min(count, first + max_boxes);
  std::vector<TrackBox> boxes;
  std::string previous_day;
  for (std::size_t i = first; i < last; ++i) {
    const auto& turn = scenario.turns(static_cast<int>(i));
    TrackBox box;
    box.turn = static_cast<std::uint32_t>(i);
    // "16/1400" (the server's TurnName) or "16 June 1400": the day, then the time.
    const std::string& label = turn.label();
    const auto space = label.find_last_of(" /");
    box.day = space == std::string::npos ? std::string() : label.substr(0, space);
    const std::string time = space == std::string::npos ? label : label.substr(space + 1);
    box.hour = time.substr(0, std::min<std::size_t>(2, time.size()));
    box.night = turn.night();
    box.rain = turn.rain();
    box.current = i == current;
    box.past = i < current;
    box.new_day = box.day != previous_day;
    previous_day = box.day;
    boxes.push_back(std::move(box));
  }
  return boxes;
}

}  // namespace hd::client
