// The turn track strip (4.0): which boxes the panel shows, the current one, night (4.2), rain (4.3),
// and a window that follows the current turn on long tracks.
#include "view/turn_track_strip.hpp"

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;

namespace {

// Turns 16/0600 .. as the server labels them, every 1 hour; 2100 and later are night; 1500 rains.
pb::ScenarioInfo track(int turns) {
  pb::ScenarioInfo info;
  for (int i = 0; i < turns; ++i) {
    const int day = 16 + i / 16;
    const int hour = 6 + i % 16;
    auto* turn = info.add_turns();
    std::string label = std::to_string(day);
    label += hour < 10 ? "/0" : "/";
    label += std::to_string(hour);
    label += "00";
    turn->set_label(label);
    turn->set_night(hour >= 21);
    turn->set_rain(hour == 15);
  }
  return info;
}

}  // namespace

TEST_CASE("a short track shows every turn with the current one marked") {
  const auto boxes = hd::client::turn_track_strip(track(10), 3, 21);
  REQUIRE(boxes.size() == 10);
  CHECK(boxes[0].day == "16");
  CHECK(boxes[0].hour == "06");
  CHECK(boxes[0].new_day);
  CHECK_FALSE(boxes[1].new_day);
  CHECK(boxes[3].current);
  CHECK(boxes[2].past);
  CHECK_FALSE(boxes[4].past);
  CHECK(boxes[9].rain);  // 1500
  CHECK_FALSE(boxes[8].rain);
}

TEST_CASE("a long track shows a window holding the current turn, night turns marked") {
  const auto info = track(40);
  const auto boxes = hd::client::turn_track_strip(info, 20, 12);
  REQUIRE(boxes.size() == 12);
  CHECK(boxes.front().turn == 16);  // a third of the way in
  CHECK(boxes[4].current);
  CHECK(boxes[4].turn == 20);
  CHECK(boxes[0].new_day);
  CHECK(boxes[0].day == "17");
  // 17/2100 is turn 31: night.
  const auto late = hd::client::turn_track_strip(info, 39, 12);
  REQUIRE(late.size() == 12);
  CHECK(late.back().turn == 39);
  CHECK(late.back().current);
  CHECK(late[3].turn == 31);
  CHECK(late[3].night);
  CHECK_FALSE(late[2].night);
  CHECK(hd::client::turn_track_strip(pb::ScenarioInfo{}, 0, 12).empty());
  // The first turns: the window starts at the first box.
  CHECK(hd::client::turn_track_strip(info, 1, 12).front().turn == 0);
}

TEST_CASE("labels in words keep their day") {
  pb::ScenarioInfo info;
  info.add_turns()->set_label("16 June 1400");
  const auto boxes = hd::client::turn_track_strip(info, 0, 5);
  REQUIRE(boxes.size() == 1);
  CHECK(boxes[0].day == "16 June");
  CHECK(boxes[0].hour == "14");
}
