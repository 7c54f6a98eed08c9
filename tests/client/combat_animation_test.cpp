// The die-and-result animation (7.0) driven by frame times: the die tumbles and settles on the
// roll, then the result shows and fades; combats play one after another; nothing replays.
#include "view/combat_animation.hpp"

#include <catch2/catch.hpp>

#include <set>

using hd::client::CombatAnimation;
using hd::client::CombatShown;

namespace {

CombatShown combat(std::uint64_t serial, std::uint32_t die, const std::string& result) {
  CombatShown shown;
  shown.serial = serial;
  shown.die = die;
  shown.result = result;
  shown.odds = "3-1";
  shown.defender_hexes = {hd::engine::Hex{17, 47}};
  return shown;
}

}  // namespace

TEST_CASE("the tumbling face never repeats, shows every face and ends on the die") {
  for (int die = 1; die <= 6; ++die) {
    CHECK(hd::client::tumbling_face(die, 0) == die);
    std::set<int> six;
    for (int step = 0; step < 6; ++step)
      six.insert(hd::client::tumbling_face(die, step));
    CHECK(six.size() == 6);
    for (int step = 1; step < 20; ++step) {
      const int face = hd::client::tumbling_face(die, step);
      CHECK(face >= 1);
      CHECK(face <= 6);
      CHECK(face != hd::client::tumbling_face(die, step - 1));
    }
  }
}

TEST_CASE("a combat rolls the die, then shows the result, then ends") {
  CombatAnimation animation;
  CHECK_FALSE(animation.frame());
  animation.take({combat(1, 5, "De")});
  REQUIRE(animation.frame());
  CHECK(animation.frame()->rolling);
  CHECK_FALSE(animation.frame()->result_shown);
  std::set<int> faces;
  const double frame = 1.0 / 60;
  double t = 0;
  while (t + frame < CombatAnimation::kRollSeconds) {
    faces.insert(animation.frame()->face);
    animation.advance(frame);
    t += frame;
  }
  CHECK(faces.size() == 6);  // it tumbles through every face
  animation.advance(frame);  // past the roll
  REQUIRE(animation.frame());
  CHECK_FALSE(animation.frame()->rolling);
  CHECK(animation.frame()->result_shown);
  CHECK(animation.frame()->face == 5);
  CHECK(animation.frame()->combat->result == "De");
  CHECK(animation.frame()->fade == 1.0);
  animation.advance(CombatAnimation::kResultSeconds * 0.9);
  REQUIRE(animation.frame());
  CHECK(animation.frame()->fade < 1.0);
  animation.advance(CombatAnimation::kResultSeconds);
  CHECK_FALSE(animation.frame());
  CHECK_FALSE(animation.playing());
}

TEST_CASE("combats play in turn, a combat taken twice plays once, and a long queue is cut") {
  CombatAnimation animation;
  const std::vector<CombatShown> two{combat(1, 2, "Ar"), combat(2, 6, "Ex")};
  animation.take(two);
  animation.take(two);  // the model's list again, nothing new
  const double whole = CombatAnimation::kRollSeconds + CombatAnimation::kResultSeconds;
  animation.advance(whole + 0.01);
  REQUIRE(animation.frame());
  CHECK(animation.frame()->combat->serial == 2);
  animation.advance(whole);
  CHECK_FALSE(animation.frame());

  std::vector<CombatShown> many;
  for (std::uint64_t serial = 3; serial <= 9; ++serial)
    many.push_back(combat(serial, 1, "Dr"));
  animation.take(many);
  REQUIRE(animation.frame());
  CHECK(animation.frame()->combat->serial == 9 - CombatAnimation::kMaxWaiting + 1);
}

TEST_CASE("a combat whose die the update did not show goes straight to the result") {
  CombatAnimation animation;
  animation.take({combat(1, 0, "Ae")});
  REQUIRE(animation.frame());
  CHECK(animation.frame()->result_shown);
  CHECK(animation.frame()->face == 0);
}
