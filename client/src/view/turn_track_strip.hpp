// The turn record track (4.0) as the panel draws it: a strip of turn boxes, the current one marked,
// night turns (4.2) dark, rain turns (4.3) marked. This file picks the boxes to show; the game
// screen draws them. No SFML here.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <vector>

namespace hd::client {

struct TrackBox {
  std::uint32_t turn = 0;  // index into ScenarioInfo.turns
  std::string day;         // "16" from "16/1400" (the label less its time)
  std::string hour;        // "14" from "16/1400"
  bool night = false;      // 4.2
  bool rain = false;       // 4.3
  bool current = false;
  bool past = false;
  bool new_day = false;  // the first box shown of its day
};

// At most `max_boxes` consecutive turns of the scenario's track that hold `current` (placed about a
// third of the way in when the track is longer), in order. An empty track gives no boxes.
std::vector<TrackBox> turn_track_strip(const hundred_days::v1::ScenarioInfo& scenario, std::uint32_t current,
                                       std::size_t max_boxes);

}  // namespace hd::client
