// 14.0 on the real map and armies: the Campaign (22.0, "rules 1.0-14.0"), played by the random player
// to the morning of 17 June, when the first supply check comes.
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <set>

using namespace hd::engine;

TEST_CASE("14.0 in the Campaign: the check on 17/0900 removes exactly the units without a line",
          "[14.0][campaign]") {
  auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                              {"campaign", {}, {}, std::nullopt, false});
  REQUIRE(game.value);
  GameState state = std::move(*game.value);
  REQUIRE(rule_in_force(*state.rules, "14.0"));
  const int morning = state.rules->turn_index({17, 900});
  REQUIRE(morning > 0);
  REQUIRE(supply_check_turn(*state.rules, morning));
  for (int turn = 0; turn < morning; ++turn)
    CHECK_FALSE(supply_check_turn(*state.rules, turn));  // 16/1400 (opening) to 17/0600 (night)
  SplitMix64 random(7), dice(8);
  GameState before = state;
  std::vector<Event> events;
  while (state.turn < morning) {
    REQUIRE(state.phase != Phase::GameOver);
    before = state;
    const Side side = pending_decision(state).side;
    events = apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
  }
  // Against the position before the check: each unit on the map then is removed if and only if it
  // had no line of supply (14.0), all armies at once.
  std::set<UnitIndex> removed;
  for (const Event& event : events)
    if (const auto* e = std::get_if<UnitEliminatedEvent>(&event)) {
      CHECK(e->reason == "out of supply (14.0)");
      removed.insert(e->unit);
    }
  int on_map = 0;
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const SupplyNetwork network(before, army);
    for (std::size_t i = 0; i < before.units.size(); ++i) {
      if (!before.units[i].on_map() || before.units[i].army != army) continue;
      const auto index = static_cast<UnitIndex>(i);
      if (before.units[i].is_leader()) {  // 10.0: leaders are not combat units, never traced nor removed
        CHECK_FALSE(removed.count(index));
        continue;
      }
      ++on_map;
      INFO(before.units[i].id << " at " << format_hex(before.units[i].hex));
      CHECK(in_supply(before, network, index) == !removed.count(index));
      CHECK(removed_out_of_supply(state, index) == removed.count(index) > 0);
      CHECK(state.units[i].on_map() == !removed.count(index));
    }
  }
  CHECK(on_map > 100);
  // The removed strength is now among the losses (9.0).
  int removed_strength = 0;
  for (UnitIndex u : removed)
    removed_strength += before.units[u].strength();
  int losses_before = 0, losses_after = 0;
  for (std::size_t a = 0; a < 3; ++a) {
    losses_before += before.eliminated_strength[a];
    losses_after += state.eliminated_strength[a];
  }
  CHECK(losses_after == losses_before + removed_strength);
  WARN("units removed out of supply on 17/0900: " << removed.size() << " of " << on_map);
}
