// The legal-action generator against the validator (property test): random games over the battle
// scenarios, choosing only generated actions; in every state each generated action must validate,
// and actions changed so that the generator does not offer them (wrong side, wrong unit, another hex,
// wrong phase, no decision pending) must be refused. Invariants are checked after every apply in
// test builds (state/invariants.hpp).
#include "rules_fixture.hpp"
#include "workload.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/engine/state/stacking.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <iostream>
#include <map>
#include <set>

using namespace hd::engine;

namespace {

GameState new_game(const std::string& scenario, bool allow_missing_rules = false,
                   const std::vector<std::string>& optional_rules = {}) {
  const auto game = hd::loader::start_scenario_game(
      hd::loader::default_data_root(), {scenario, {}, optional_rules, std::nullopt, allow_missing_rules});
  REQUIRE(game.value);
  return *game.value;
}

struct Counts {
  long games = 0, states = 0, generated = 0, mutations = 0;
  std::array<long, std::variant_size_v<Action>> by_kind{};  // generated actions by Action alternative
  long leader_moves = 0;                                    // generated moves of leaders (10.1)
  long out_of_command_states = 0;                           // states with a unit out of command (11.3)
  std::map<std::string, long> applied_rule_verbs;           // rule actions taken, by verb
};

// A move is offered if the generator offers its unit the same destination (and exit): it offers one
// path a hex, the cheapest, and any legal path there is as legal.
std::string key(const GameState& state, Side side, const Action& action) {
  if (const auto* move = std::get_if<MoveAction>(&action)) {
    if (move->move.path.empty()) return "move";
    return "move " + std::to_string(move->move.unit) + " " + format_hex(move->move.path.back()) +
           (move->move.exit_map ? " exit" : "");
  }
  return format_action(state, side, action);
}

class Checker {
 public:
  Checker(const GameState& state, Side side, SplitMix64& random, Counts& counts)
      : state_(state), side_(side), random_(random), counts_(counts) {
    for (const Action& action : legal_actions(state, side))
      offered_.insert(key(state, side, action));
  }

  // Refused unless the generator offers it.
  void expect_refused_unless_offered(const Action& action, Side side) {
    // A walk back to where the unit stands is legal but no move: the generator does not offer it.
    if (const auto* move = std::get_if<MoveAction>(&action)) {
      const auto& request = move->move;
      if (request.unit < state_.units.size() && !request.path.empty() &&
          state_.units[request.unit].on_map() && request.path.back() == state_.units[request.unit].hex)
        return;
    }
    const bool offered = side == side_ && offered_.count(key(state_, side, action));
    const auto refusal = validate(state_, side, action);
    INFO("mutated action: " << to_string(side) << " " << key(state_, side, action));
    if (!offered) CHECK(refusal);
    ++counts_.mutations;
  }

  void mutate(const std::vector<Action>& actions) {
    // Another side: the other side has no decision now, so nothing of this side's is legal for it.
    for (int i = 0; i < 2; ++i)
      expect_refused_unless_offered(actions[random_.below(actions.size())], other(side_));
    const UnitIndex any = static_cast<UnitIndex>(random_.below(state_.units.size()));
    const Hex near = near_hex(state_.units[any].hex);
    const bool deciding =
        state_.pending_exchange || !state_.pending_retreats.empty() || state_.pending_advance;
    // Decisions nobody asked for, and actions of the wrong phase.
    expect_refused_unless_offered(RetreatAction{any, near, std::nullopt, random_.below(4) == 0}, side_);
    expect_refused_unless_offered(AdvanceAction{any, near}, side_);
    expect_refused_unless_offered(ExchangeLossAction{{any}}, side_);
    expect_refused_unless_offered(PlaceAction{any, near}, side_);
    if (!deciding) {
      expect_refused_unless_offered(MoveAction{MoveRequest{any, random_walk(state_.units[any].hex), false}},
                                    side_);
      AttackAction attack;
      attack.attackers = {any};
      attack.defenders = {static_cast<UnitIndex>(random_.below(state_.units.size()))};
      expect_refused_unless_offered(attack, side_);
    }
    for (int i = 0; i < 3; ++i)
      mutate_one(actions[random_.below(actions.size())]);
  }

 private:
  // A hex within two of `hex`.
  Hex near_hex(Hex hex) {
    Hex at = hex;
    for (int step = 0, n = 1 + static_cast<int>(random_.below(2)); step < n; ++step)
      at = neighbours(at)[random_.below(6)];
    return at;
  }

  std::vector<Hex> random_walk(Hex from) {
    std::vector<Hex> path;
    Hex at = from;
    for (int step = 0, n = 1 + static_cast<int>(random_.below(5)); step < n; ++step) {
      at = neighbours(at)[random_.below(6)];
      path.push_back(at);
    }
    return path;
  }

  bool out_of_reach(const AttackAction& attack, UnitIndex target) {
    const UnitState& unit = state_.units[target];
    if (!unit.on_map()) return true;
    std::vector<UnitIndex> all = attack.attackers;
    all.insert(all.end(), attack.bombarding.begin(), attack.bombarding.end());
    return std::all_of(all.begin(), all.end(),
                       [&](UnitIndex a) { return distance(state_.units[a].hex, unit.hex) > 2; });
  }

  UnitIndex other_unit(UnitIndex unit) {
    return static_cast<UnitIndex>((unit + 1 + random_.below(state_.units.size() - 1)) % state_.units.size());
  }

  void mutate_one(const Action& action) {
    if (const auto* move = std::get_if<MoveAction>(&action)) {
      MoveAction wrong_unit = *move;  // the same path for another unit
      wrong_unit.move.unit = other_unit(move->move.unit);
      expect_refused_unless_offered(wrong_unit, side_);
      MoveAction further = *move;  // a longer walk from where it ended
      const auto more = random_walk(move->move.path.back());
      further.move.path.insert(further.move.path.end(), more.begin(), more.end());
      expect_refused_unless_offered(further, side_);
    } else if (const auto* attack = std::get_if<AttackAction>(&action)) {
      // A defender swapped for a unit no attacker of this combat could reach (6.1A, 7.1B).
      AttackAction wrong = *attack;
      const UnitIndex swapped = other_unit(wrong.defenders.front());
      wrong.defenders[random_.below(wrong.defenders.size())] = swapped;
      if (out_of_reach(*attack, swapped)) {
        CHECK(validate(state_, side_, wrong));
        ++counts_.mutations;
      }
      AttackAction own = *attack;  // a friendly unit among the defenders
      if (!own.attackers.empty()) own.defenders.push_back(own.attackers.front());
      if (!own.bombarding.empty()) own.defenders.push_back(own.bombarding.front());
      CHECK(validate(state_, side_, own));
      ++counts_.mutations;
    } else if (const auto* retreat = std::get_if<RetreatAction>(&action)) {
      RetreatAction elsewhere = *retreat;
      elsewhere.stay = false;
      elsewhere.to = near_hex(state_.units[retreat->unit].hex);
      expect_refused_unless_offered(elsewhere, side_);
      RetreatAction wrong_unit = *retreat;
      wrong_unit.unit = other_unit(retreat->unit);
      expect_refused_unless_offered(wrong_unit, side_);
    } else if (const auto* advance = std::get_if<AdvanceAction>(&action)) {
      if (!advance->unit) return;
      expect_refused_unless_offered(AdvanceAction{other_unit(*advance->unit), advance->into}, side_);
      expect_refused_unless_offered(AdvanceAction{advance->unit, near_hex(*advance->into)}, side_);
    } else if (const auto* exchange = std::get_if<ExchangeLossAction>(&action)) {
      ExchangeLossAction changed = *exchange;
      if (!changed.units.empty() && random_.below(2) == 0) {
        changed.units.erase(changed.units.begin() +
                            static_cast<std::ptrdiff_t>(random_.below(changed.units.size())));
      } else {
        changed.units.push_back(static_cast<UnitIndex>(random_.below(state_.units.size())));
      }
      expect_refused_unless_offered(changed, side_);
    } else if (const auto* place = std::get_if<PlaceAction>(&action)) {
      expect_refused_unless_offered(PlaceAction{place->unit, near_hex(place->hex)}, side_);
      expect_refused_unless_offered(PlaceAction{other_unit(place->unit), place->hex}, side_);
    }
  }

  const GameState& state_;
  Side side_;
  SplitMix64& random_;
  Counts& counts_;
  std::set<std::string> offered_;
};

bool overstacks(const GameState& state, const Action& action) {
  const auto* move = std::get_if<MoveAction>(&action);
  if (!move || move->move.exit_map || state.units[move->move.unit].is_leader()) return false;  // 10.1B
  const Hex to = move->move.path.back();
  Stack stack = friendly_stack(state, to, state.phasing, move->move.unit);
  add_to_stack(*state.rules, state.units[move->move.unit], stack);
  return !stack_fits(state.rules->map, to, stack);
}

// The property in one state: the deciding side's generated actions all validate, the other side has
// none, and mutated actions the generator does not offer are refused. Returns the generated actions.
std::vector<Action> check_state(const GameState& state, SplitMix64& random, Counts& counts) {
  const Side side = pending_decision(state).side;
  const auto actions = legal_actions(state, side);
  REQUIRE_FALSE(actions.empty());                      // someone can always act
  REQUIRE(legal_actions(state, other(side)).empty());  // and only that side
  for (const Action& action : actions) {
    const auto refusal = validate(state, side, action);
    INFO("generated: " << format_action(state, side, action) << " refused: "
                       << (refusal ? refusal->rule + " " + describe(*refusal, state) : std::string()));
    CHECK_FALSE(refusal);
  }
  ++counts.states;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (state.units[i].on_map() && out_of_command(state, static_cast<UnitIndex>(i))) {
      ++counts.out_of_command_states;
      break;
    }
  }
  counts.generated += static_cast<long>(actions.size());
  for (const Action& action : actions) {
    ++counts.by_kind[action.index()];
    if (const auto* move = std::get_if<MoveAction>(&action))
      counts.leader_moves += state.units[move->move.unit].is_leader() ? 1 : 0;
  }
  Checker(state, side, random, counts).mutate(actions);
  return actions;
}

void play(const std::string& scenario, std::uint64_t seed, Counts& counts, bool allow_missing_rules = false,
          const std::vector<std::string>& optional_rules = {}) {
  GameState state = new_game(scenario, allow_missing_rules, optional_rules);
  SplitMix64 random(seed);
  ++counts.games;
  for (int step = 0; state.phase != Phase::GameOver; ++step) {
    REQUIRE(step < 20000);  // bounded
    const Side side = pending_decision(state).side;
    INFO(scenario << " seed " << seed << " action " << step << ", " << pending_decision(state).what);
    const auto actions = check_state(state, random, counts);
    // Mostly act; in movement and combat end the phase now and then so that games finish. Moves that
    // would over-stack are legal (5.4 counts at the end of the phase) but could leave a phase that
    // cannot end once every unit has moved, so the driver does not choose them.
    Action chosen = actions[random.below(actions.size())];
    for (int retry = 0; retry < 20 && overstacks(state, chosen); ++retry)
      chosen = actions[random.below(actions.size())];
    if (overstacks(state, chosen)) chosen = EndPhaseAction{};
    const bool can_end = std::holds_alternative<EndPhaseAction>(actions.back());
    if (can_end && random.below(6) == 0) chosen = EndPhaseAction{};
    if (const auto* rule = std::get_if<RuleAction>(&chosen)) {
      ++counts.applied_rule_verbs[rule->verb];
      // 16.6A: units going hidden during set-up, and reinforcements going hidden as they enter.
      if (rule->verb == "hide" && state.phase == Phase::Setup) ++counts.applied_rule_verbs["hide-at-setup"];
      if (rule->verb == "hide" && std::any_of(rule->units.begin(), rule->units.end(), [&](UnitIndex u) {
            return state.units[u].status == UnitStatus::Waiting;
          }))
        ++counts.applied_rule_verbs["hide-entering"];
    }
    apply(state, side, chosen, [&] { return random.die(); });
    REQUIRE(broken_invariants(state).empty());
  }
}

}  // namespace

TEST_CASE("every generated action validates; mutated actions it does not offer are refused",
          "[legal-actions][property]") {
  Counts counts;
  for (const std::string scenario :
       {"ligny", "quatre-bras", "wavre", "la-belle-alliance", "historic-wavre"}) {
    for (std::uint64_t seed = 1; seed <= hd::test::workload(2, 1); ++seed)
      play(scenario, seed, counts);
  }
  // Every kind of decision was generated and checked: move, end, attack, retreat, advance, placement
  // (an exchange with a choice is too rare in random games: the next test builds one; a rule's
  // action needs a rule with a segment, 12.0, which no battle scenario plays:
  // reorganization_rules_test checks the reorganizations generated, each validated and mutated).
  for (std::size_t kind = 0; kind < counts.by_kind.size(); ++kind) {
    INFO("Action alternative " << kind);
    if (kind != 5 && kind != hd::engine::action_alternative<RuleAction>) CHECK(counts.by_kind[kind] > 0);
  }
  std::cout << "by kind (move, end, attack, retreat, advance, exchange, place, rule):";
  for (long n : counts.by_kind)
    std::cout << " " << n;
  std::cout << "\n";
  std::cout << "legal actions: " << counts.games << " games, " << counts.states << " states, "
            << counts.generated << " generated actions validated, " << counts.mutations
            << " mutated actions checked\n";
}

// 10.0: a scenario with leaders (the Quatre Bras variant, by the book): leader moves are generated, validated
// and mutated like any other.
TEST_CASE("every generated action validates in a game with leaders (10.1)",
          "[legal-actions][property][10.1]") {
  Counts counts;
  // With 11.0 in force (23.0) out-of-command units may not enter an enemy zone (11.3A), so random
  // games come to blows rarely: seeds are played until one has generated an attack (bounded).
  for (std::uint64_t seed = 1; seed <= 12 && counts.by_kind[2] == 0; ++seed)
    play("quatre-bras-variant", seed, counts);
  CHECK(counts.leader_moves > 0);
  CHECK(counts.by_kind[0] > 0);  // moves
  CHECK(counts.by_kind[2] > 0);  // attacks
  std::cout << "with leaders: " << counts.states << " states, " << counts.leader_moves
            << " leader moves generated, " << counts.mutations << " mutated actions checked\n";
}

// 16.6 (hidden movement; a development server's choice while it is built): random Quatre Bras games
// with 16.3 and 16.6. Every generated action validates, the hidden movement segment's hides and
// reveals, the movement phase's marker moves and the deployments of pairs whose markers come under
// enemy observation among them, the state keeps its invariants after each, and the games end.
TEST_CASE("16.6: every generated hide, marker move, reveal and deployment validates in random games",
          "[legal-actions][property][16.6]") {
  Counts counts;
  auto& taken = counts.applied_rule_verbs;
  const auto all_taken = [&taken] {
    return taken["hide"] > 0 && taken["reveal"] > 0 && taken["move-marker"] > 0 && taken["deploy"] > 0 &&
           taken["hide-entering"] > 0 && taken["hide-at-setup"] > 0;
  };
  for (std::uint64_t seed = 1; seed <= 3 || (seed <= 8 && !all_taken()); ++seed)
    play("quatre-bras", seed, counts, true, {"16.3", "16.6"});
  CHECK(taken["hide"] > 0);         // 16.6A
  CHECK(taken["hide-entering"] > 0);  // 16.6A, reinforcements as they enter
  CHECK(taken["hide-at-setup"] > 0);  // 16.6A, during set-up (3.2C)
  CHECK(taken["move-marker"] > 0);  // 16.6B
  CHECK(taken["reveal"] > 0);       // 16.6C, voluntary
  CHECK(taken["deploy"] > 0);       // 16.6C, involuntary
  std::cout << "hidden movement: " << counts.games << " games, " << counts.states << " states, "
            << taken["hide"] << " hides (" << taken["hide-at-setup"] << " at set-up, "
            << taken["hide-entering"] << " of reinforcements), " << taken["move-marker"] << " marker moves, "
            << taken["reveal"] << " reveals and " << taken["deploy"]
            << " deployments of pairs observed taken\n";
}

TEST_CASE("exchange choices: every generated choice validates, other choices are refused (6.5A)",
          "[legal-actions][property][6.5A]") {
  // {A} or {B, C} meet X's loss of 3 (combat_rules_test.cpp builds the same exchange).
  auto state = hd::test::make_game("",
                                   {{"french", "A", "infantry", 12, 4},
                                    {"french", "B", "infantry", 2, 4},
                                    {"french", "C", "infantry", 2, 4},
                                    {"allied", "X", "infantry", 3, 4}},
                                   "setup french 0505 : A\nsetup french 0405 : B\nsetup french 0605 : C\n"
                                   "setup allied 0506 : X\n");
  hd::test::to_french_combat(state);
  apply(state, Side::French, hd::test::attack(state, {"A", "B", "C"}, {"X"}),
        hd::test::die(5));  // 5-1, 5: Ex
  REQUIRE(state.pending_exchange);
  Counts counts;
  SplitMix64 random(3);
  for (int i = 0; i < 20; ++i)  // the mutations are random: try several
    check_state(state, random, counts);
  CHECK(counts.by_kind[5] == 20 * 2);  // both choices, each time
  // Every subset of the three attackers but the two choices is refused.
  const UnitIndex a = hd::test::unit(state, "A"), b = hd::test::unit(state, "B"),
                  c = hd::test::unit(state, "C");
  for (const std::vector<UnitIndex>& units :
       std::vector<std::vector<UnitIndex>>{{}, {b}, {c}, {a, b}, {a, c}, {a, b, c}})
    CHECK(validate(state, Side::French, ExchangeLossAction{units}));
}

// 11.0: the same scenario plays with command in force (23.0's `rules 1.0-11.0`): out-of-command units
// are met, and what the generator offers them (11.3A moves, 11.3B bombardments) still validates.
TEST_CASE("11.0 every generated action validates in a game with command in force",
          "[legal-actions][property][11.0]") {
  Counts counts;
  // Four seeds at least (one under a sanitizer), more (bounded) until attacks have been generated
  // too (11.3A makes them rare).
  const unsigned at_least = hd::test::workload(4, 1);
  for (std::uint64_t seed = 1; seed <= 12 && (seed <= at_least || counts.by_kind[2] == 0); ++seed)
    play("quatre-bras-variant", seed, counts);
  CHECK(rule_in_force(*new_game("quatre-bras-variant").rules, "11.0"));
  CHECK(counts.out_of_command_states > 0);
  CHECK(counts.by_kind[0] > 0);  // moves
  CHECK(counts.by_kind[2] > 0);  // attacks
  std::cout << "with command: " << counts.states << " states, " << counts.out_of_command_states
            << " with a unit out of command, " << counts.mutations << " mutated actions checked\n";
}
