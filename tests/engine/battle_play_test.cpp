// The battle-seeking random player (RandomPlayerStyle::BattleSeeking: the server's built-in seats and
// hd_script --bot) plays the campaigns to the end by the book, and its games have battles in them:
// combat eliminations, 12.0's reorganization, 13.0's demoralized corps and 14.0's supply checks
// (issue 13).
#include "random_play_helpers.hpp"
#include "workload.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <iostream>

using namespace hd::engine;
using namespace hd::test;

namespace {

struct Totals {
  int games = 0;
  int combat_eliminations = 0;  // 6.5, 6.6
  int out_of_supply = 0;
  int reorganizations = 0;
  int demoralized_corps = 0;
  int supply_checks = 0;
  int most_giving_command = 0;  // 11.0
  int most_out_of_command = 0;
};

// Plays `scenario` with each seed to the end, checking every invariant after every action
// (random_play_helpers.hpp) and that its record replays to its final hash; adds up what happened.
Totals play_seeds(const std::string& scenario, const std::vector<std::uint64_t>& seeds) {
  Totals totals;
  for (std::uint64_t seed : seeds) {
    INFO(scenario << " seed " << seed);
    const Played played = play_to_the_end(scenario, seed, {}, RandomPlayerStyle::BattleSeeking);
    CHECK(played.actions > 100);
    CHECK(played.combat_eliminations > 0);  // every game has battles
    CHECK(replay(scenario, played.record) == played.hash);
    std::cout << scenario << " seed " << seed << ": " << played.actions << " actions, " << played.eliminations
              << " eliminated (" << played.combat_eliminations << " in combat, " << played.out_of_supply
              << " out of supply), " << played.reorganizations << " reorganized, " << played.demoralized_corps
              << " corps demoralized, " << played.supply_checks << " supply checks, at most "
              << played.most_giving_command << " leaders giving command and " << played.most_out_of_command
              << " out of command\n";
    ++totals.games;
    totals.combat_eliminations += played.combat_eliminations;
    totals.out_of_supply += played.out_of_supply;
    totals.reorganizations += played.reorganizations;
    totals.demoralized_corps += played.demoralized_corps;
    totals.supply_checks += played.supply_checks;
    totals.most_giving_command = std::max(totals.most_giving_command, played.most_giving_command);
    totals.most_out_of_command = std::max(totals.most_out_of_command, played.most_out_of_command);
  }
  return totals;
}

// The campaigns' seeds: 1 to 3 in the normal build, seed 1 alone under the sanitizers
// (workload.hpp). Seed 1 of each campaign has every kind of event the totals check (below).
std::vector<std::uint64_t> campaign_seeds() {
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t seed = 1; seed <= workload(3, 1); ++seed)
    seeds.push_back(seed);
  return seeds;
}

}  // namespace

// Seeds 1-3 of each campaign, run and seen (this player, this file's generators: random_play_helpers'
// SplitMix64(seed) and dice SplitMix64(seed * 7919 + 1)); actions, eliminated (in combat, out of
// supply), reorganized, corps demoralized, supply checks:
//   campaign-variant 1: 4190, 40 (2, 32), 2, 12, 2     campaign 1: 4169, 32 (20, 4), 11, 14, 2
//   campaign-variant 2: 3635, 66 (18, 45), 12, 19, 2   campaign 2: 3917, 51 (27, 12), 13, 12, 2
//   campaign-variant 3: 4568, 58 (15, 35), 6, 13, 2    campaign 3: 4383, 36 (17, 9), 7, 14, 2
// The uniform player's (hd_script --bot-style uniform, seeds 1-3 of each) play 800-1200 actions with
// no combat elimination and no reorganization, and 0-3 corps demoralized. Each game here is printed
// as it ends.

TEST_CASE(
    "the battle-seeking player plays the Campaign Variant to the end, with battles, command, "
    "reorganization, demoralized corps and supply checks",
    "[battle-play][28.0][11.0][12.0][13.0][14.0]") {
  const Totals totals = play_seeds("campaign-variant", campaign_seeds());
  CHECK(totals.combat_eliminations > 0);
  CHECK(totals.reorganizations > 0);
  CHECK(totals.demoralized_corps > 0);
  CHECK(totals.supply_checks > 0);
  CHECK(totals.out_of_supply > 0);
  CHECK(totals.most_giving_command > 0);  // 11.0
  CHECK(totals.most_out_of_command > 0);
}

TEST_CASE(
    "the battle-seeking player plays the Campaign to the end, with battles, command, reorganization, "
    "demoralized corps and supply checks",
    "[battle-play][22.0][11.0][12.0][13.0][14.0]") {
  const Totals totals = play_seeds("campaign", campaign_seeds());
  CHECK(totals.combat_eliminations > 0);
  CHECK(totals.reorganizations > 0);
  CHECK(totals.demoralized_corps > 0);
  CHECK(totals.supply_checks > 0);
  CHECK(totals.out_of_supply > 0);
  CHECK(totals.most_giving_command > 0);  // 11.0
  CHECK(totals.most_out_of_command > 0);
}

TEST_CASE("the battle-seeking player finishes every battle scenario by the book", "[battle-play]") {
  for (const std::string scenario :
       {"ligny", "quatre-bras", "wavre", "la-belle-alliance", "historic-wavre", "quatre-bras-variant",
        "la-belle-alliance-variant", "grand-ligny", "grand-waterloo"}) {
    DYNAMIC_SECTION(scenario) {
      const Played played = play_to_the_end(scenario, 1, {}, RandomPlayerStyle::BattleSeeking);
      CHECK(played.actions > 10);
      CHECK(played.combat_eliminations > 0);
      CHECK(replay(scenario, played.record) == played.hash);
    }
  }
}

TEST_CASE("the battle-seeking player plays the same game for the same seed", "[battle-play]") {
  const Played first = play_to_the_end("quatre-bras", 42, {}, RandomPlayerStyle::BattleSeeking);
  const Played second = play_to_the_end("quatre-bras", 42, {}, RandomPlayerStyle::BattleSeeking);
  CHECK(first.record == second.record);
  CHECK(first.hash == second.hash);
  CHECK(play_to_the_end("quatre-bras", 43, {}, RandomPlayerStyle::BattleSeeking).hash != first.hash);
  // And not the uniform player's game.
  CHECK(play_to_the_end("quatre-bras", 42).hash != first.hash);
}
