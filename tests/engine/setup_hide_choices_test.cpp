// 16.6A "Place HM Markers on eligible units during set up": decision_choices() describes the hides a
// side may take in its set-up (3.2C), beside its placements, so that a client that knows nothing of
// the rule (the window client) can offer them; the placements and ending the set-up are not among
// the choices (clients know them by the decision's kind). The choices name units and hexes, so
// view() gives them to the deciding side's seats only. On the shipped Quatre Bras.
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

using namespace hd::engine;

namespace {

GameState quatre_bras(const std::vector<std::string>& optional_rules) {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"quatre-bras", {}, optional_rules, std::nullopt, true});
  REQUIRE(game.value);
  return *game.value;
}

std::vector<RuleAction> rule_actions_of(const std::vector<Action>& actions) {
  std::vector<RuleAction> rule;
  for (const Action& action : actions)
    if (const auto* r = std::get_if<RuleAction>(&action)) rule.push_back(*r);
  return rule;
}

std::vector<Action> actions_of(const std::vector<DecisionChoice>& choices) {
  std::vector<Action> actions;
  for (const DecisionChoice& choice : choices)
    actions.push_back(choice.action);
  return actions;
}

}  // namespace

TEST_CASE("16.6A decision_choices lists the hides of a Quatre Bras set-up with 16.3 and 16.6, nothing more",
          "[rules][16.6][16.6A][3.2C][decisions]") {
  GameState state = quatre_bras({"16.3", "16.6"});
  REQUIRE(state.phase == Phase::Setup);
  const PendingDecision pending = pending_decision(state);
  REQUIRE(pending.kind == DecisionKind::SetupPlacement);
  const Side side = pending.side;

  const std::vector<DecisionChoice> choices = decision_choices(state, side);
  REQUIRE_FALSE(choices.empty());
  for (const DecisionChoice& choice : choices) {
    const auto* hide = std::get_if<RuleAction>(&choice.action);
    REQUIRE(hide);
    CHECK(hide->rule == "16.6");
    CHECK(hide->verb == "hide");
    CHECK(choice.label.rfind("hide ", 0) == 0);  // the rule's own label, as for a rule's decision
    CHECK(choice.label.find("under hidden movement pair") != std::string::npos);
    CHECK(choice.units == hide->units);
    CHECK(choice.hexes == hide->hexes);
    CHECK_FALSE(validate(state, side, choice.action));  // each one legal now
  }
  // Exactly the rule actions legal_actions() offers, in its order; its placements and "end" are not
  // choices (3.2C: clients know them by kind).
  const std::vector<Action> legal = legal_actions(state, side);
  CHECK(rule_actions_of(legal) == rule_actions_of(actions_of(choices)));
  CHECK(std::any_of(legal.begin(), legal.end(),
                    [](const Action& a) { return std::holds_alternative<EndPhaseAction>(a); }));
  // The other side decides nothing now.
  CHECK(decision_choices(state, other(side)).empty());

  // Taking one, the set-up goes on and the hides left are offered.
  const RuleAction taken = std::get<RuleAction>(choices.front().action);
  apply(state, side, choices.front().action, [] { return 1; });
  REQUIRE(pending_decision(state).kind == DecisionKind::SetupPlacement);
  for (const DecisionChoice& choice : decision_choices(state, side))
    CHECK(std::get<RuleAction>(choice.action).units != taken.units);
}

TEST_CASE("16.6A without 16.6 a Quatre Bras set-up describes no choice",
          "[rules][16.6][16.6A][3.2C][decisions]") {
  for (const std::vector<std::string>& optional :
       {std::vector<std::string>{}, std::vector<std::string>{"16.3"}}) {
    const GameState state = quatre_bras(optional);
    for (Side side : {Side::French, Side::Coalition})
      CHECK(decision_choices(state, side).empty());
  }
  // The same set-up with 16.6 switched off after the start: still a set-up, no hide described.
  GameState state = quatre_bras({"16.3", "16.6"});
  REQUIRE(state.phase == Phase::Setup);
  const Side side = pending_decision(state).side;
  auto rules = std::make_shared<Ruleset>(*state.rules);
  std::erase(rules->optional_rules, std::string("16.6"));
  resolve_rule_modules(*rules);
  state.rules = rules;
  CHECK(decision_choices(state, side).empty());
  CHECK(rule_actions_of(legal_actions(state, side)).empty());
}

TEST_CASE("16.6A the set-up's hides go in the deciding seat's view only, never the enemy's or a spectator's",
          "[rules][16.6][16.6A][16.3][view]") {
  const GameState state = quatre_bras({"16.3", "16.6"});
  const PendingDecision pending = pending_decision(state);
  REQUIRE(pending.kind == DecisionKind::SetupPlacement);
  const std::vector<DecisionChoice> choices = decision_choices(state, pending.side);
  REQUIRE_FALSE(choices.empty());

  std::size_t shown_to_deciders = 0;
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const Viewer seat{Viewer::Kind::Seat, army, std::nullopt};
    const GameView seen = view(state, seat);
    INFO("seat " << to_string(army));
    if (side_of(army) != pending.side) {
      CHECK(seen.choices.empty());  // the enemy learns nothing of the hides offered
      continue;
    }
    for (const DecisionChoice& choice : seen.choices) {
      const ActionClaim claim = claim_of(state, choice.action);
      CHECK(claim.armies.contains(army));  // a seat is shown its own army's hides
    }
    shown_to_deciders += seen.choices.size();
  }
  CHECK(shown_to_deciders == choices.size());  // every hide goes to the seat of its army
  for (const std::optional<Side> side :
       {std::optional<Side>{}, std::optional<Side>{Side::French}, std::optional<Side>{Side::Coalition}})
    CHECK(view(state, Viewer{Viewer::Kind::Spectator, std::nullopt, side}).choices.empty());
}
