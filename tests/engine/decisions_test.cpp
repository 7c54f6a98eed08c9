// What the game waits for (decisions.hpp): the typed kind of the pending decision, who must take it
// (deciders: the side and the armies concerned) and whether the last action may be taken back
// (5.1C), on small hand-built situations with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/combat.hpp>

using namespace hd::test;

namespace {

std::vector<Army> armies(std::initializer_list<Army> list) {
  return list;
}

// The one decider there is under these rules.
Decider only_decider(const GameState& state) {
  const auto all = deciders(state);
  REQUIRE(all.size() == 1u);
  return all.front();
}

// A French stack against a Prussian and an Allied unit.
GameState coalition_game() {
  return make_game("",
                   {{"french", "A", "infantry", 4, 4},
                    {"prussian", "P", "infantry", 4, 4},
                    {"allied", "W", "infantry", 4, 4}},
                   "setup french 0505 : A\nsetup prussian 0506 : P\nsetup allied 0909 : W\n");
}

}  // namespace

TEST_CASE("3.2C the set-up waits for the side with w/N units, its armies only", "[decisions][3.2C]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"prussian", "P", "infantry", 4, 4},
                          {"allied", "W", "infantry", 4, 4}},
                         "setup french 0202 : A\nsetup prussian 0808 w/1 : P\nsetup allied 0810 : W\n");
  REQUIRE(state.phase == Phase::Setup);
  const PendingDecision pending = pending_decision(state);
  CHECK(pending.kind == DecisionKind::SetupPlacement);
  CHECK(pending.side == Side::Coalition);
  const Decider decider = only_decider(state);
  CHECK(decider.side == Side::Coalition);
  CHECK(decider.armies == armies({Army::Prussian, Army::Allied}));  // a phase: every army of the side
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK(only_decider(state).side == Side::French);
  CHECK(only_decider(state).armies == armies({Army::French}));
}

TEST_CASE("5.1C a move may be taken back until the phase ends or a die is rolled", "[decisions][5.1C]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  REQUIRE(pending_decision(state).kind == DecisionKind::Move);
  CHECK(pending_decision(state).side == Side::French);
  const MoveAction step = move(state, "A", {"0404"});
  apply(state, Side::French, step, no_dice());
  CHECK(state.dice_this_step == 0);
  CHECK(undo_allowed(state, Side::French, step));
  CHECK_FALSE(undo_allowed(state, Side::Coalition, step));           // not the phasing side's
  CHECK_FALSE(undo_allowed(state, Side::French, EndPhaseAction{}));  // only a move
  // No movement-phase action of today's rules rolls a die; one rolled in the step would bar it.
  GameState rolled = state;
  rolled.dice_this_step = 1;
  CHECK_FALSE(undo_allowed(rolled, Side::French, step));
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(pending_decision(state).kind == DecisionKind::Attack);
  CHECK_FALSE(undo_allowed(state, Side::French, step));  // the movement phase is over
}

TEST_CASE("4.1 the engine counts the steps of the sequence of play and the dice rolled in each",
          "[decisions][4.1][5.1C]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  const std::uint64_t first = state.steps_begun;
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // the combat phase: a step
  CHECK(state.steps_begun == first + 1);
  CHECK(state.dice_this_step == 0);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(3));
  CHECK(state.steps_begun == first + 1);  // an attack begins no step
  CHECK(state.dice_this_step == 1);
  const GameState before = state;
  SplitMix64 random(1);
  while (state.steps_begun == before.steps_begun) {  // the retreat and advance the die led to
    REQUIRE(state.phase != Phase::GameOver);
    const bool settling = !state.pending_retreats.empty() || state.pending_advance;
    const Action next = settling ? choose_random_action(state, random) : Action{EndPhaseAction{}};
    apply(state, pending_decision(state).side, next, no_dice());
  }
  CHECK(state.dice_this_step == 0);  // the next step's count starts afresh
  // Both are state: the hash sees them.
  GameState other = before;
  other.dice_this_step = 0;
  CHECK(state_hash(other) != state_hash(before));
  other = before;
  ++other.steps_begun;
  CHECK(state_hash(other) != state_hash(before));
}

TEST_CASE("6.6B a Coalition retreat waits for the retreating unit's army only; 6.7 then the advance",
          "[decisions][6.6B][6.7]") {
  auto state = coalition_game();
  to_french_combat(state);
  CHECK(pending_decision(state).kind == DecisionKind::Attack);
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(1));  // 1-1, 1: Dr
  const PendingDecision retreat = pending_decision(state);
  CHECK(retreat.kind == DecisionKind::Retreat);
  CHECK(retreat.side == Side::Coalition);
  CHECK(retreat.unit == unit(state, "P"));
  CHECK_FALSE(retreat.may_stay);
  CHECK(only_decider(state).side == Side::Coalition);
  CHECK(only_decider(state).armies == armies({Army::Prussian}));
  CHECK(advance_hexes(state).empty());  // 6.7: not before the retreats are made
  apply(state, Side::Coalition, RetreatAction{unit(state, "P"), hx("0507"), std::nullopt, false}, no_dice());
  CHECK(pending_decision(state).kind == DecisionKind::Advance);
  CHECK(advance_hexes(state) == std::vector<Hex>{hx("0506")});  // 6.7B: the vacated hex
  CHECK(only_decider(state).side == Side::French);
  CHECK(only_decider(state).armies == armies({Army::French}));
  apply(state, Side::French, AdvanceAction{}, no_dice());
  CHECK(pending_decision(state).kind == DecisionKind::Attack);
}

TEST_CASE("6.5A an exchange with a choice waits for the attacker, naming the loss", "[decisions][6.5A]") {
  auto state = exchange_choice_game();
  const PendingDecision pending = pending_decision(state);
  CHECK(pending.kind == DecisionKind::ExchangeChoice);
  CHECK(pending.side == Side::French);
  CHECK(pending.exchange_loss == 3);
  CHECK(only_decider(state).armies == armies({Army::French}));
}

TEST_CASE("4.1 once the last turn ends nobody decides", "[decisions][4.1]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0101 : A\nsetup allied 1010 : X\n");
  for (int guard = 0; guard < 50 && state.phase != Phase::GameOver; ++guard)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::GameOver);
  CHECK(pending_decision(state).kind == DecisionKind::None);
  CHECK(deciders(state).empty());
}

TEST_CASE("4.1 the player turn a state is in: none in the set-up or after the end", "[decisions][4.1]") {
  auto setup = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0202 w/1 : A\nsetup allied 1010 : X\n");
  REQUIRE(setup.phase == Phase::Setup);
  CHECK_FALSE(player_turn(setup));
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0101 : A\nsetup allied 1010 : X\n");
  CHECK(player_turn(state) == PlayerTurn{0, Side::French});
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // movement to combat: the same player turn
  CHECK(player_turn(state) == PlayerTurn{0, Side::French});
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(player_turn(state) == PlayerTurn{0, Side::Coalition});
  for (int guard = 0; guard < 50 && state.phase != Phase::GameOver; ++guard)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
  CHECK_FALSE(player_turn(state));
}
