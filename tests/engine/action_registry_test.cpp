// The action registry (action_kind.hpp): one descriptor per kind of action, each Action alternative
// registered once, the notation's verbs from the descriptors, the seats' claims (issue 5's rules,
// now the engine's answer) and the decisions each kind answers.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

#include <algorithm>
#include <set>

using namespace hd::test;

namespace {

// A French stack against a Prussian and an Allied unit.
GameState coalition_game() {
  return make_game("",
                   {{"french", "A", "infantry", 4, 4},
                    {"french", "B", "infantry", 4, 4},
                    {"prussian", "P", "infantry", 4, 4},
                    {"allied", "W", "infantry", 4, 4}},
                   "setup french 0505 : A\nsetup french 0405 : B\nsetup prussian 0506 : P\n"
                   "setup allied 0909 : W\n");
}

}  // namespace

TEST_CASE("every Action alternative has exactly one kind, with a unique verb", "[actions]") {
  const auto& kinds = action_kinds();
  REQUIRE(kinds.size() == std::variant_size_v<Action>);
  std::set<std::size_t> alternatives;
  std::set<std::string_view> verbs;
  for (const ActionKind* kind : kinds) {
    CHECK(alternatives.insert(kind->alternative).second);
    CHECK(verbs.insert(kind->verb).second);
    // The `rule` kind has no verb of its own: each module action has one (below).
    CHECK(find_action_kind(kind->verb) == (kind->verb.empty() ? nullptr : kind));
    CHECK(kind->grammar.substr(0, kind->verb.size()) == kind->verb);
    CHECK_FALSE(kind->rule.empty());
    CHECK(kind->answers != 0);
    CHECK(kind->validate);
    CHECK(kind->apply);
    CHECK(kind->generate);
    CHECK(kind->parse);
    CHECK(kind->format);
    CHECK(kind->claim);
  }
  CHECK(find_action_kind("dance") == nullptr);
  // Each alternative maps to the kind registered for it.
  CHECK(action_kind(MoveAction{}).verb == "move");
  CHECK(action_kind(EndPhaseAction{}).verb == "end");
  CHECK(action_kind(AttackAction{}).verb == "attack");
  CHECK(action_kind(RetreatAction{}).verb == "retreat");
  CHECK(action_kind(AdvanceAction{}).verb == "advance");
  CHECK(action_kind(ExchangeLossAction{}).verb == "exchange");
  CHECK(action_kind(PlaceAction{}).verb == "place");
  CHECK(action_kind(RuleAction{}).verb.empty());
  // A rule's segment, the movement phase, where 16.6B adds the markers' moves, and the set-up, where
  // 16.6A adds hides (RulePhaseActions).
  CHECK(action_kind(RuleAction{}).answers ==
        decisions(DecisionKind::Rule, DecisionKind::Move, DecisionKind::SetupPlacement));
  // Every module's action (rules/modules/rule_segment.hpp) has a verb of its own, no core verb,
  // found again by the notation, owned by the module that registers it first; each of its functions
  // is there. A kind may serve a later module's segment too (28.0D's choose-entry asks 22.6B's Hal
  // Force), found again as itself.
  std::size_t module_actions = 0;
  std::set<const RuleActionKind*> seen;
  std::size_t phase_actions = 0;
  for (const RuleModule* module : registered_rule_modules()) {
    if (module->hooks.segment) {
      CHECK(module->hooks.segment->open);
      CHECK(module->hooks.segment->what);
      CHECK(module->hooks.segment->close);
    }
    for (const RulePhaseActions* added : module->hooks.phase_actions) {
      if (!added) continue;
      // Every decision a rule adds actions to is one the core's rule kind answers; only the set-up's
      // may hold a phase for the side (offered).
      CHECK((action_kind(RuleAction{}).answers & decision_bit(added->decision)) != 0);
      CHECK((added->decision == DecisionKind::SetupPlacement || !added->offered));
      phase_actions += std::count_if(added->actions.begin(), added->actions.end(),
                                     [](const RuleActionKind* kind) { return kind != nullptr; });
    }
    for (const RuleActionKind* kind : module_action_kinds(*module)) {
      const RuleModule* owner = nullptr;
      CHECK(find_rule_action_kind(kind->verb, &owner) == kind);
      if (!seen.insert(kind).second) {
        CHECK(owner != module);  // served again by another module's segment
        continue;
      }
      ++module_actions;
      CHECK(verbs.insert(kind->verb).second);
      CHECK(owner == module);
      CHECK(kind->grammar.substr(0, kind->verb.size()) == kind->verb);
      CHECK((kind->validate && kind->apply && kind->generate && kind->parse && kind->format && kind->label &&
             kind->claim));
    }
  }
  CHECK(module_actions >= 1);  // 12.0's reorganize
  CHECK(phase_actions >= 2);   // 16.6B's move-marker, 16.6A's hide at set-up
}

TEST_CASE("4.1 6.6 the common checks run before a phasing-only kind's own", "[actions][4.1][6.6]") {
  auto state = coalition_game();
  // Not the Coalition's turn: 4.1 whatever the move, even one its own check would refuse.
  CHECK(refused_by(state, Side::Coalition, move(state, "P", {"0507"})) == "4.1");
  CHECK(refused_by(state, Side::Coalition, EndPhaseAction{}) == "4.1");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(1));  // 1-1, 1: Dr
  REQUIRE(pending_decision(state).kind == DecisionKind::Retreat);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "6.6");  // a retreat is pending
  CHECK(refused_by(state, Side::French, attack(state, {"B"}, {"P"})) == "6.6");
}

TEST_CASE("5.0 6.0 6.6B 6.7 the claim of each kind names the armies whose seats take it",
          "[actions][claims]") {
  auto state = coalition_game();
  // 5.0: a move belongs to the unit's army, and so to its side whatever the phase.
  const ActionClaim french_move = claim_of(state, move(state, "A", {"0404"}));
  CHECK(french_move.side == Side::French);
  CHECK(french_move.armies == std::set<Army>{Army::French});
  const ActionClaim prussian_move = claim_of(state, move(state, "P", {"0507"}));
  CHECK(prussian_move.side == Side::Coalition);
  CHECK(prussian_move.armies == std::set<Army>{Army::Prussian});
  // Ending the phase: any seat of the side whose decision is pending.
  const ActionClaim end = claim_of(state, EndPhaseAction{});
  CHECK(end.side == Side::French);
  CHECK(end.armies.empty());
  to_french_combat(state);
  // 6.0: an attack is the phasing side's, with its attackers' armies.
  const ActionClaim attack_claim = claim_of(state, attack(state, {"A"}, {"P"}));
  CHECK(attack_claim.side == Side::French);
  CHECK(attack_claim.armies == std::set<Army>{Army::French});
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(1));  // 1-1, 1: Dr
  // 6.6B: the retreating unit's owner.
  const ActionClaim retreat = claim_of(state, RetreatAction{unit(state, "P"), hx("0507"), {}, false});
  CHECK(retreat.side == Side::Coalition);
  CHECK(retreat.armies == std::set<Army>{Army::Prussian});
  // An unknown unit adds no army: the pending decision's side, any of its seats.
  const ActionClaim stray = claim_of(state, RetreatAction{9999, hx("0507"), {}, false});
  CHECK(stray.side == Side::Coalition);
  CHECK(stray.armies.empty());
}

TEST_CASE(
    "every generated action is of a kind that answers the pending decision, and round-trips "
    "through its notation",
    "[actions][notation]") {
  auto state = coalition_game();
  const auto check_all = [&](Side side) {
    const PendingDecision pending = pending_decision(state);
    const auto actions = legal_actions(state, side);
    REQUIRE_FALSE(actions.empty());
    for (const Action& action : actions) {
      const ActionKind& kind = action_kind(action);
      CHECK((kind.answers & decision_bit(pending.kind)) != 0);
      const std::string line = format_action(state, side, action);
      const auto parsed = parse_action_line(state, line);
      REQUIRE(std::holds_alternative<NotatedAction>(parsed));
      CHECK(format_action(state, side, std::get<NotatedAction>(parsed).action) == line);
    }
    return actions;
  };
  // The movement phase: moves, then ending the phase last.
  const auto moves = check_all(Side::French);
  CHECK(action_kind(moves.back()).verb == "end");
  CHECK(legal_actions(state, Side::Coalition).empty());
  to_french_combat(state);
  const auto attacks = check_all(Side::French);
  CHECK(action_kind(attacks.front()).verb == "attack");
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(1));  // 1-1, 1: Dr
  for (const Action& action : check_all(Side::Coalition))
    CHECK(action_kind(action).verb == "retreat");
  CHECK(legal_actions(state, Side::French).empty());
}
