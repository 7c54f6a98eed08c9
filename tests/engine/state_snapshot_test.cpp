// snapshot_state / restore_state: every state of random games on real scenarios is written, read
// back onto the game's first state, written again to the same text, hashes the same, and plays on
// exactly like the original; malformed or foreign text is refused.
#include "workload.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

namespace {

using namespace hd::engine;

GameState first_state(const std::string& scenario) {
  hd::loader::GameChoice choice;
  choice.scenario = scenario;
  auto started = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  REQUIRE(started.value);
  return *started.value;
}

// Plays `count` random actions (moves from `seed`, dice from `seed` too) and returns the state.
GameState play_on(GameState state, std::uint64_t seed, int count) {
  SplitMix64 random(seed);
  SplitMix64 dice(seed + 1);
  for (int i = 0; i < count && state.phase != Phase::GameOver && !state.result; ++i) {
    const Side side = pending_decision(state).side;
    apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
  }
  return state;
}

}  // namespace

TEST_CASE("Every state of random games is restored exactly from its snapshot", "[snapshot]") {
  bool saw_pending = false;  // a retreat or an advance waiting for its owner's choice (6.6, 6.7)
  for (const std::string scenario : {"quatre-bras", "la-belle-alliance", "campaign"}) {
    INFO(scenario);
    const GameState initial = first_state(scenario);
    if (scenario == "campaign") {  // 10.0: its leaders are in the snapshots too
      CHECK(std::any_of(initial.units.begin(), initial.units.end(),
                        [](const UnitState& u) { return u.is_leader(); }));
    }
    GameState state = initial;
    SplitMix64 random(7);
    SplitMix64 dice(8);
    int actions = 0, checked_play = 0;
    // Every state, or every fourth under a sanitizer (tests/support/workload.hpp).
    const int stride = static_cast<int>(hd::test::workload(1, 4));
    while (true) {
      if (actions % stride == 0) {
        const std::string text = snapshot_state(state);
        const auto restored = restore_state(initial, text);
        REQUIRE(restored);
        REQUIRE(snapshot_state(*restored) == text);
        REQUIRE(state_hash(*restored) == state_hash(state));
        saw_pending = saw_pending || !state.pending_retreats.empty() || state.pending_advance.has_value();
        if (actions % 40 == 0) {
          // The restored state plays on exactly like the original.
          REQUIRE(snapshot_state(play_on(*restored, 100 + actions, 25)) ==
                  snapshot_state(play_on(state, 100 + actions, 25)));
          ++checked_play;
        }
      }
      if (state.phase == Phase::GameOver || state.result || actions > 3000) break;
      const Side side = pending_decision(state).side;
      apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
      ++actions;
    }
    CHECK(state.result.has_value());  // the result's words (spaces and all) were restored too
    CHECK(checked_play > 2);
  }
  CHECK(saw_pending);
}

TEST_CASE("A malformed, truncated or foreign snapshot is refused", "[snapshot]") {
  const GameState initial = first_state("quatre-bras");
  const GameState later = play_on(initial, 3, 60);
  const std::string text = snapshot_state(later);
  REQUIRE(restore_state(initial, text));

  CHECK_FALSE(restore_state(initial, ""));
  CHECK_FALSE(restore_state(initial, text.substr(0, text.size() / 2)));
  CHECK_FALSE(restore_state(initial, text + " 1"));
  CHECK_FALSE(restore_state(initial, "hd-state-1" + text.substr(text.find(' '))));  // the old format
  std::string bad_number = text;
  bad_number[text.find(' ') + 1] = 'x';  // the rules version
  CHECK_FALSE(restore_state(initial, bad_number));
  // Another game's units.
  CHECK_FALSE(restore_state(first_state("la-belle-alliance"), text));
  // A unit index out of range in a pending retreat is refused, not trusted.
  GameState retreating = later;
  retreating.pending_retreats.push_back(PendingRetreat{static_cast<UnitIndex>(later.units.size()), 1, false});
  CHECK_FALSE(restore_state(initial, snapshot_state(retreating)));
}

TEST_CASE("18.5C a snapshot keeps the secret: the Prussian's view of a restored Ligny is unchanged",
          "[snapshot][18.5C]") {
  hd::loader::GameChoice choice;
  choice.scenario = "ligny";
  choice.options = {"18.5C"};
  auto started = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  REQUIRE(started.value);
  const GameState initial = *started.value;
  const auto restored = restore_state(initial, snapshot_state(initial));
  REQUIRE(restored);
  const Viewer prussian{Viewer::Kind::Seat, Army::Prussian, Side::Coalition};
  const Viewer french{Viewer::Kind::Seat, Army::French, Side::French};
  CHECK(serialize(view(*restored, prussian)) == serialize(view(initial, prussian)));
  CHECK(serialize(view(*restored, french)) == serialize(view(initial, french)));
  // The [1] corps is hidden from the Prussian, so the two views differ (the secret is not lost).
  CHECK(serialize(view(*restored, prussian)) != serialize(view(*restored, french)));
}
