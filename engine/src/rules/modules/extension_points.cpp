#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>

#include <algorithm>

namespace hd::engine {

bool rule_in_force(const Ruleset& rules, std::string_view rule) {
  return std::any_of(rules.modules.begin(), rules.modules.end(),
                     [&](const RuleModule* module) { return module->rule == rule; });
}

void rules_opening(GameState& state) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.opening) module->hooks.opening(state);
}

void rules_play_start(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.play_start) module->hooks.play_start(state, roll, events);
}

void rules_phase_start(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.phase_start) module->hooks.phase_start(state, roll, events);
}

bool rules_act_before_play(const GameState& state) {
  GameState first = state;
  first.phase = Phase::Movement;
  first.phasing = state.rules->scenario.first_side;
  int rolls = 0;
  const DieRoller count = [&rolls] {
    ++rolls;
    return 6;
  };
  std::vector<Event> events;
  rules_play_start(first, count, events);
  rules_phase_start(first, count, events);
  return rolls > 0 || !events.empty();
}

void rules_player_turn_end(GameState& state, Side side) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.player_turn_end) module->hooks.player_turn_end(state, side);
}

void rules_after_action(GameState& state, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.after_action) module->hooks.after_action(state, events);
}

void rules_combat_resolved(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.combat_resolved) module->hooks.combat_resolved(state, combat, events);
}

void rules_unit_eliminated(GameState& state, UnitIndex unit, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.unit_eliminated) module->hooks.unit_eliminated(state, unit, events);
}

SetupTerms rules_setup(const GameState& state, UnitIndex unit, std::vector<Hex> hexes) {
  SetupTerms terms{std::move(hexes), std::nullopt, {}};
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.setup) module->hooks.setup(state, unit, terms);
  std::sort(terms.hexes.begin(), terms.hexes.end());
  terms.hexes.erase(std::unique(terms.hexes.begin(), terms.hexes.end()), terms.hexes.end());
  return terms;
}

bool rules_offer_setup_actions(const GameState& state, Side side) {
  for (const RuleModule* module : state.rules->modules)
    for (const RulePhaseActions* added : module->hooks.phase_actions)
      if (added && added->decision == DecisionKind::SetupPlacement && added->offered &&
          added->offered(state, side))
        return true;
  return false;
}

UnitTerms rules_unit_terms(const GameState& state, const UnitState& unit) {
  UnitTerms terms;
  terms.allowance_half_mp = unit.movement * 2;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.unit_terms) module->hooks.unit_terms(state, unit, terms);
  return terms;
}

std::optional<Refusal> rules_unit_refusal(const GameState& state, UnitAct act, UnitIndex unit) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.unit_refusal) continue;
    if (auto refusal = module->hooks.unit_refusal(state, act, unit)) return refusal;
  }
  return std::nullopt;
}

void rules_adjust_odds(const GameState& state, const AttackAction& attack, CombatOdds& odds) {
  CombatTerms terms{attack, &odds, nullptr};
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.combat) module->hooks.combat(state, terms);
}

void rules_adjust_result(const GameState& state, const AttackAction& attack, CombatResult& result) {
  CombatTerms terms{attack, nullptr, &result};
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.combat) module->hooks.combat(state, terms);
}

bool rules_block_zoc(const Ruleset& rules, Hex from, Hex to) {
  return std::any_of(rules.modules.begin(), rules.modules.end(), [&](const RuleModule* module) {
    return module->hooks.zoc_blocked && module->hooks.zoc_blocked(rules, from, to);
  });
}

bool rules_halt_move(const GameState& state, UnitIndex unit, Hex at) {
  return std::any_of(state.rules->modules.begin(), state.rules->modules.end(), [&](const RuleModule* module) {
    return module->hooks.halts_move && module->hooks.halts_move(state, unit, at);
  });
}

std::optional<Refusal> rules_hex_closed(const GameState& state, const UnitState& mover, Hex hex) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.hex_closed) continue;
    if (auto refusal = module->hooks.hex_closed(state, mover, hex)) return refusal;
  }
  return std::nullopt;
}

bool rules_stack_freely(const Ruleset& rules, const UnitState& unit) {
  return std::any_of(rules.modules.begin(), rules.modules.end(), [&](const RuleModule* module) {
    return module->hooks.stacks_freely && module->hooks.stacks_freely(rules, unit);
  });
}

MoraleTerms rules_morale(const GameState& state, Army army) {
  MoraleTerms terms;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.morale) module->hooks.morale(state, army, terms);
  return terms;
}

CorpsMoraleTerms rules_corps_morale(const GameState& state, Army army, std::string_view corps) {
  CorpsMoraleTerms terms;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.corps_morale) module->hooks.corps_morale(state, army, corps, terms);
  return terms;
}

VictoryTerms rules_victory(const GameState& state) {
  VictoryTerms terms;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.victory) module->hooks.victory(state, terms);
  return terms;
}

const RuleModule* open_rule_segment(const GameState& state) {
  if (state.phase == Phase::GameOver || state.result) return nullptr;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.segment && module->hooks.segment->open(state)) return module;
  return nullptr;
}

Side rule_segment_decider(const GameState& state, const RuleModule& open) {
  return open.hooks.segment->decider ? open.hooks.segment->decider(state) : state.phasing;
}

std::optional<std::string> rules_event_words(const GameState& state, const RuleEvent& event) {
  for (const RuleModule* module : registered_rule_modules())
    if (module->rule == event.rule && module->hooks.event_words)
      return module->hooks.event_words(state, event);
  return std::nullopt;
}

std::vector<const RuleActionKind*> module_action_kinds(const RuleModule& module) {
  std::vector<const RuleActionKind*> kinds;
  const auto add = [&kinds](const auto& listed) {
    for (const RuleActionKind* kind : listed)
      if (kind && std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
  };
  if (module.hooks.segment) add(module.hooks.segment->actions);
  for (const RulePhaseActions* added : module.hooks.phase_actions)
    if (added) add(added->actions);
  return kinds;
}

const RuleActionKind* find_rule_action_kind(std::string_view verb, const RuleModule** module) {
  for (const RuleModule* candidate : registered_rule_modules()) {
    for (const RuleActionKind* kind : module_action_kinds(*candidate)) {
      if (kind->verb != verb) continue;
      if (module) *module = candidate;
      return kind;
    }
  }
  return nullptr;
}

}  // namespace hd::engine
