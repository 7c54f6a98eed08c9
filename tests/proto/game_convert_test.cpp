// The conversion layer for games: views survive the wire byte for byte (the spectator leak test
// relies on it), actions round-trip, and malformed actions are stopped before the engine.
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

namespace v1 = hundred_days::v1;
using namespace hd;

namespace {

engine::GameState quatre_bras() {
  auto loaded =
      loader::start_scenario_game(loader::default_data_root(), loader::GameChoice{"quatre-bras", {}, {}, {}});
  REQUIRE(loaded.value);
  return std::move(*loaded.value);
}

}  // namespace

TEST_CASE("a view crosses the wire and serializes to the same bytes", "[wire]") {
  engine::GameState state = quatre_bras();
  engine::SplitMix64 random(11);
  // Play a while so that the view holds moved, eliminated and controlled things.
  for (int step = 0; step < 400 && state.phase != engine::Phase::GameOver; ++step) {
    const engine::PendingDecision pending = engine::pending_decision(state);
    const engine::Action action = engine::choose_random_action(state, random);
    engine::apply(state, pending.side, action, [&] { return static_cast<int>(random.next() % 6) + 1; });
  }
  const engine::GameView original = engine::view(state, engine::Viewer{});
  const v1::GameView wire = wire::to_proto(original);
  std::string bytes;
  REQUIRE(wire.SerializeToString(&bytes));
  v1::GameView parsed;
  REQUIRE(parsed.ParseFromString(bytes));
  CHECK(engine::serialize(wire::from_proto(parsed)) == engine::serialize(original));
  CHECK(parsed.victory_points_size() == 2);
  CHECK(parsed.morale_size() == 3);
}

// 10.0: leaders cross the wire as units of type leader, where they stand, with no strength.
TEST_CASE("a view with leaders (10.0) crosses the wire with them", "[wire][10.0]") {
  auto loaded = loader::start_scenario_game(loader::default_data_root(),
                                            loader::GameChoice{"quatre-bras-variant", {}, {}, {}, true});
  REQUIRE(loaded.value);
  const engine::GameView original = engine::view(*loaded.value, engine::Viewer{});
  const v1::GameView wire = wire::to_proto(original);
  int leaders = 0;
  for (const v1::Unit& unit : wire.units()) {
    if (unit.type() != v1::UNIT_TYPE_LEADER) continue;
    ++leaders;
    CHECK(unit.strength() == 0);
  }
  CHECK(leaders > 0);
  const engine::GameView back = wire::from_proto(wire);
  CHECK(engine::serialize(back) == engine::serialize(original));
  // 11.3: the opening's command segment left units out of command; their marks cross too.
  const auto out_of_command = std::count_if(wire.units().begin(), wire.units().end(),
                                            [](const v1::Unit& unit) { return unit.out_of_command(); });
  CHECK(out_of_command > 0);
  CHECK(out_of_command == std::count_if(back.units.begin(), back.units.end(),
                                        [](const engine::UnitView& u) { return u.out_of_command; }));
  const auto ney = std::find_if(back.units.begin(), back.units.end(),
                                [](const engine::UnitView& u) { return u.id == "Ney"; });
  REQUIRE(ney != back.units.end());
  CHECK(ney->type == engine::UnitType::Leader);
}

// 16.14: an army HQ or commander on its inactive side crosses the wire marked so. The Campaign Variant
// opens with the Prussian HQ set up (active), the French and Allied HQs yet to enter (inactive) and Ney
// on his inactive side (28.0C).
TEST_CASE("the inactive side (16.14) crosses the wire", "[wire][16.14]") {
  auto loaded = loader::start_scenario_game(loader::default_data_root(),
                                            loader::GameChoice{"campaign-variant", {}, {}, {}, true});
  REQUIRE(loaded.value);
  const v1::GameView wire = wire::to_proto(engine::view(*loaded.value, engine::Viewer{}));
  std::map<std::string, bool> inactive;
  for (const v1::Unit& unit : wire.units())
    if (unit.id().ends_with("-HQ")) inactive[unit.id()] = unit.inactive();
  CHECK(inactive ==
        std::map<std::string, bool>{{"Allied-HQ", true}, {"French-HQ", true}, {"Prussian-HQ", false}});
  const engine::GameView back = wire::from_proto(wire);
  CHECK(std::count_if(back.units.begin(), back.units.end(),
                      [](const engine::UnitView& u) { return u.inactive; }) == 3);
}

// 16.3 (issue 14): a seat's view of enemy pieces it does not observe crosses the wire as seen: where
// its side last saw them, with the turn, or with no hex if never seen. Quatre Bras with 16.3 put in
// force, played a while so that pieces have gone out of sight.
TEST_CASE("unobserved enemy pieces (16.3) cross the wire where last seen", "[wire][16.3]") {
  engine::GameState state = quatre_bras();
  auto rules = std::make_shared<engine::Ruleset>(*state.rules);
  rules->optional_rules.push_back("16.3");
  engine::resolve_rule_modules(*rules);
  state.rules = rules;
  engine::update_knowledge(state, {});
  engine::SplitMix64 random(3);
  const engine::Viewer french{engine::Viewer::Kind::Seat, engine::Army::French, std::nullopt};
  int unobserved = 0, last_seen = 0;
  for (int step = 0; step < 600 && state.phase != engine::Phase::GameOver; ++step) {
    const engine::PendingDecision pending = engine::pending_decision(state);
    const engine::Action action = engine::choose_random_action(state, random);
    engine::apply(state, pending.side, action, [&] { return static_cast<int>(random.next() % 6) + 1; });
    const engine::GameView original = engine::view(state, french);
    const v1::GameView wire = wire::to_proto(original);
    REQUIRE(engine::serialize(wire::from_proto(wire)) == engine::serialize(original));
    for (const v1::Unit& unit : wire.units()) {
      unobserved += unit.unobserved();
      last_seen += unit.has_last_seen_turn();
      if (unit.has_last_seen_turn()) CHECK(unit.has_hex());  // where it was last seen
      if (unit.unobserved()) CHECK_FALSE(unit.moved());      // its marks are not shown
    }
  }
  // The work is real: pieces were out of the French sight, and some of them had been seen before.
  CHECK(unobserved > 100);
  CHECK(last_seen > 10);
}

TEST_CASE("actions round-trip through the wire", "[wire]") {
  engine::GameState state = quatre_bras();
  engine::SplitMix64 random(5);
  int checked = 0;
  for (int step = 0; step < 300 && state.phase != engine::Phase::GameOver; ++step) {
    const engine::PendingDecision pending = engine::pending_decision(state);
    const engine::Action action = engine::choose_random_action(state, random);
    const auto back = wire::from_proto(wire::to_proto(action), state);
    REQUIRE(std::holds_alternative<engine::Action>(back));
    CHECK(wire::to_proto(std::get<engine::Action>(back)).SerializeAsString() ==
          wire::to_proto(action).SerializeAsString());
    ++checked;
    engine::apply(state, pending.side, action, [&] { return static_cast<int>(random.next() % 6) + 1; });
  }
  CHECK(checked > 100);
}

TEST_CASE("malformed wire actions are refused before the engine sees them", "[wire]") {
  const engine::GameState state = quatre_bras();
  const auto units = static_cast<std::uint32_t>(state.units.size());
  v1::GameAction empty;
  CHECK(std::get<std::string>(wire::from_proto(empty, state)) == "the action is empty");

  v1::GameAction move;
  move.mutable_move()->set_unit(units);  // one past the last unit
  move.mutable_move()->add_path()->set_column(10);
  CHECK(std::get<std::string>(wire::from_proto(move, state)).find("not in this game") != std::string::npos);

  move.mutable_move()->set_unit(0);
  move.mutable_move()->mutable_path(0)->set_row(99);  // off the 57x67 grid
  CHECK(std::get<std::string>(wire::from_proto(move, state)).find("off the map grid") != std::string::npos);

  v1::GameAction attack;
  attack.mutable_attack()->add_attackers(0);
  attack.mutable_attack()->add_defenders(4000000000u);
  CHECK(std::holds_alternative<std::string>(wire::from_proto(attack, state)));

  v1::GameAction advance;
  advance.mutable_advance()->set_unit(0);  // neither "none" nor a hex
  CHECK(std::get<std::string>(wire::from_proto(advance, state)) == "an advance names the hex it enters");
}

TEST_CASE("an exchange choice (6.5A) crosses the wire both ways", "[wire]") {
  const engine::GameState state = quatre_bras();
  const engine::Action choice = engine::ExchangeLossAction{{3, 1}};
  const v1::GameAction wire = wire::to_proto(choice);
  REQUIRE(wire.has_exchange_losses());
  CHECK(wire.exchange_losses().units_size() == 2);
  const auto back = wire::from_proto(wire, state);
  REQUIRE(std::holds_alternative<engine::Action>(back));
  const auto* exchange = std::get_if<engine::ExchangeLossAction>(&std::get<engine::Action>(back));
  REQUIRE(exchange);
  CHECK(exchange->units == std::vector<engine::UnitIndex>{3, 1});

  v1::GameAction bad;
  bad.mutable_exchange_losses()->add_units(static_cast<std::uint32_t>(state.units.size()));
  CHECK(std::get<std::string>(wire::from_proto(bad, state)).find("not in this game") != std::string::npos);
}

TEST_CASE("a set-up placement (3.2C) and the set-up phase cross the wire", "[wire]") {
  const engine::GameState state = quatre_bras();
  const engine::Action place = engine::PlaceAction{2, engine::Hex{16, 41}};
  const v1::GameAction wire = wire::to_proto(place);
  REQUIRE(wire.has_place());
  const auto back = wire::from_proto(wire, state);
  REQUIRE(std::holds_alternative<engine::Action>(back));
  const auto* placed = std::get_if<engine::PlaceAction>(&std::get<engine::Action>(back));
  REQUIRE(placed);
  CHECK(placed->unit == 2);
  CHECK(placed->hex == engine::Hex{16, 41});
  CHECK(wire::to_proto(engine::Phase::Setup) == v1::PHASE_SETUP);

  v1::GameAction no_hex;
  no_hex.mutable_place()->set_unit(0);
  CHECK(std::get<std::string>(wire::from_proto(no_hex, state)) == "a placement names its hex");

  const v1::GameEvent event =
      wire::to_proto(state, engine::UnitPlacedEvent{2, engine::Hex{16, 40}, engine::Hex{16, 41}});
  REQUIRE(event.has_placed());
  CHECK(event.placed().unit() == 2);
  CHECK(event.placed().hex().column() == 16);
  CHECK(event.placed().hex().row() == 41);
}

// A rule module's action (12.0's reorganize) crosses the wire as it stands; its lists and words are
// bounded before the engine sees it.
TEST_CASE("a rule's action crosses the wire both ways, bounded", "[wire][12.0]") {
  const engine::GameState state = quatre_bras();
  const engine::Action action =
      engine::RuleAction{"12.0", "reorganize", {4, 1, 2}, {engine::Hex{3, 5}}, {7, -1}, "either"};
  const v1::GameAction wire = wire::to_proto(action);
  REQUIRE(wire.has_rule());
  CHECK(wire.rule().rule() == "12.0");
  CHECK(wire.rule().verb() == "reorganize");
  CHECK(wire.rule().units_size() == 3);
  const auto back = wire::from_proto(wire, state);
  REQUIRE(std::holds_alternative<engine::Action>(back));
  CHECK(std::get<engine::RuleAction>(std::get<engine::Action>(back)) == std::get<engine::RuleAction>(action));

  v1::GameAction too_many = wire;
  for (int i = 0; i < 16; ++i)
    too_many.mutable_rule()->add_units(0);
  CHECK(std::get<std::string>(wire::from_proto(too_many, state)).find("too many") != std::string::npos);
  v1::GameAction long_verb = wire;
  long_verb.mutable_rule()->set_verb(std::string(33, 'v'));
  CHECK(std::get<std::string>(wire::from_proto(long_verb, state)).find("too long") != std::string::npos);
  v1::GameAction stranger = wire;
  stranger.mutable_rule()->set_units(0, static_cast<std::uint32_t>(state.units.size()));
  CHECK(std::get<std::string>(wire::from_proto(stranger, state)).find("not in this game") !=
        std::string::npos);
  v1::GameAction off_grid = wire;
  off_grid.mutable_rule()->mutable_hexes(0)->set_row(99);
  CHECK(std::get<std::string>(wire::from_proto(off_grid, state)).find("off the map grid") !=
        std::string::npos);
}

TEST_CASE("a rule's decision crosses the wire with its rule and choices; a rule's event with its terms",
          "[wire][12.0]") {
  const engine::GameState state = quatre_bras();
  engine::GameView view = engine::view(state, engine::Viewer{});
  view.pending.kind = engine::DecisionKind::Rule;
  view.pending.rule = "12.0";
  view.choices.push_back(engine::DecisionChoice{"reorganize Bach at Reille in 0101",
                                                engine::RuleAction{"12.0", "reorganize", {2, 1}, {}, {}, {}},
                                                {2, 1},
                                                {engine::Hex{1, 1}}});
  view.choices.push_back(
      engine::DecisionChoice{"end the reorganization segment", engine::EndPhaseAction{}, {}, {}});
  const v1::GameView wire = wire::to_proto(view);
  CHECK(wire.pending().kind() == v1::DECISION_KIND_RULE);
  CHECK(wire.pending().rule() == "12.0");
  REQUIRE(wire.pending().choices_size() == 2);
  CHECK(wire.pending().choices(0).label() == "reorganize Bach at Reille in 0101");
  CHECK(wire.pending().choices(0).action().rule().verb() == "reorganize");
  CHECK(wire.pending().choices(0).units_size() == 2);
  CHECK(wire.pending().choices(0).hexes_size() == 1);
  CHECK(wire.pending().choices(1).action().has_end_phase());
  const engine::GameView back = wire::from_proto(wire);
  CHECK(back.pending.kind == engine::DecisionKind::Rule);
  CHECK(back.pending.rule == "12.0");

  const engine::Event event = engine::RuleEvent{"12.0", "reorganized", {2, 1}, {engine::Hex{1, 1}}, {}};
  const v1::GameEvent out = wire::to_proto(state, event);
  REQUIRE(out.has_rule_event());
  CHECK(out.rule_event().rule() == "12.0");
  CHECK(out.rule_event().kind() == "reorganized");
  CHECK(out.rule_event().units_size() == 2);
  CHECK(out.text().find("reorganized at") != std::string::npos);  // 12.0's words
}

// 16.6: the markers cross the wire where they stand; `real` only where the view carries it (the
// owner's side), so an enemy's message has no field to tell it; held pieces name their pair.
TEST_CASE("hidden movement markers (16.6) cross the wire, `real` only where the view has it",
          "[wire][16.6]") {
  engine::GameView view;
  engine::UnitView held;
  held.unit = 3;
  held.id = "Bach";
  held.status = engine::UnitStatus::Hidden;
  held.holding_pair = 2;
  view.units.push_back(held);
  view.markers.push_back({engine::Army::Prussian, 2, false, engine::Hex{5, 4}, true, false, std::nullopt});
  view.markers.push_back({engine::Army::Prussian, 2, true, engine::Hex{7, 9}, false, true, std::nullopt});
  const v1::GameView enemy = wire::to_proto(view);
  REQUIRE(enemy.markers_size() == 2);
  CHECK(enemy.markers(0).army() == v1::ARMY_PRUSSIAN);
  CHECK(enemy.markers(0).pair() == 2);
  CHECK_FALSE(enemy.markers(0).b());
  CHECK(enemy.markers(0).hex().column() == 5);
  CHECK(enemy.markers(0).hex().row() == 4);
  CHECK(enemy.markers(0).moved());
  CHECK(enemy.markers(1).b());
  CHECK(enemy.markers(1).revealing());
  for (const v1::HiddenMarker& marker : enemy.markers())
    CHECK_FALSE(marker.has_real());
  CHECK(enemy.units(0).holding_pair() == 2);
  CHECK(enemy.units(0).status() == v1::UNIT_STATUS_HIDDEN);
  CHECK(engine::serialize(wire::from_proto(enemy)) == engine::serialize(view));

  view.markers[0].real = false;
  view.markers[1].real = true;
  const v1::GameView owner = wire::to_proto(view);
  CHECK(owner.markers(0).has_real());
  CHECK_FALSE(owner.markers(0).real());
  CHECK(owner.markers(1).real());
  CHECK(engine::serialize(wire::from_proto(owner)) == engine::serialize(view));
}
