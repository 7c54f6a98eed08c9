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

void rules_after_action(GameState& state, const std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.after_action) module->hooks.after_action(state, events);
}

int rules_movement_allowance(const GameState& state, const UnitState& unit, int half_mp) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.movement_allowance) half_mp = module->hooks.movement_allowance(state, unit, half_mp);
  return half_mp;
}

int rules_terrain_cost(const GameState& state, const UnitState& unit, HexTerrain terrain, int half_mp) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.terrain_cost) half_mp = module->hooks.terrain_cost(state, unit, terrain, half_mp);
  return half_mp;
}

std::optional<Refusal> rules_move_start_refusal(const GameState& state, UnitIndex unit) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.move_start_refusal) continue;
    if (auto refusal = module->hooks.move_start_refusal(state, unit)) return refusal;
  }
  return std::nullopt;
}

bool rules_bar_zoc_entry(const GameState& state, const UnitState& unit) {
  return std::any_of(state.rules->modules.begin(), state.rules->modules.end(), [&](const RuleModule* module) {
    return module->hooks.zoc_entry_barred && module->hooks.zoc_entry_barred(state, unit);
  });
}

bool rules_block_zoc(const Ruleset& rules, Hex from, Hex to) {
  return std::any_of(rules.modules.begin(), rules.modules.end(), [&](const RuleModule* module) {
    return module->hooks.zoc_blocked && module->hooks.zoc_blocked(rules, from, to);
  });
}

void rules_adjust_odds(const GameState& state, const AttackAction& attack, CombatOdds& odds) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.odds) module->hooks.odds(state, attack, odds);
}

std::optional<Refusal> rules_bombard_refusal(const GameState& state, UnitIndex unit) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.bombard_refusal) continue;
    if (auto refusal = module->hooks.bombard_refusal(state, unit)) return refusal;
  }
  return std::nullopt;
}

void rules_adjust_result(const GameState& state, const AttackAction& attack, CombatResult& result) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.combat_result) module->hooks.combat_result(state, attack, result);
}

void rules_combat_resolved(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.combat_resolved) module->hooks.combat_resolved(state, combat, events);
}

std::optional<Refusal> rules_advance_refusal(const GameState& state, UnitIndex unit) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.advance_refusal) continue;
    if (auto refusal = module->hooks.advance_refusal(state, unit)) return refusal;
  }
  return std::nullopt;
}

void rules_unit_eliminated(GameState& state, UnitIndex unit, std::vector<Event>& events) {
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.unit_eliminated) module->hooks.unit_eliminated(state, unit, events);
}

std::pair<int, int> rules_morale_adjustment(const GameState& state, Army army) {
  std::pair<int, int> total{0, 0};
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.morale_levels) continue;
    const auto [demoralization, disintegration] = module->hooks.morale_levels(state, army);
    total.first += demoralization;
    total.second += disintegration;
  }
  return total;
}

bool rules_allow_demoralization(const GameState& state, Army army) {
  return std::all_of(state.rules->modules.begin(), state.rules->modules.end(), [&](const RuleModule* module) {
    return !module->hooks.allows_demoralization || module->hooks.allows_demoralization(state, army);
  });
}

bool rules_exit_counts(const GameState& state, Army army) {
  return std::all_of(state.rules->modules.begin(), state.rules->modules.end(), [&](const RuleModule* module) {
    return !module->hooks.exit_counts || module->hooks.exit_counts(state, army);
  });
}

int rules_vp(const GameState& state, Side side) {
  int vp = 0;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.vp) vp += module->hooks.vp(state, side);
  return vp;
}

std::optional<GameResult> rules_final_result(const GameState& state) {
  for (const RuleModule* module : state.rules->modules) {
    if (!module->hooks.final_result) continue;
    if (auto result = module->hooks.final_result(state)) return result;
  }
  return std::nullopt;
}

bool rules_withhold_command(const GameState& state, UnitIndex leader) {
  return std::any_of(state.rules->modules.begin(), state.rules->modules.end(), [&](const RuleModule* module) {
    return module->hooks.withholds_command && module->hooks.withholds_command(state, leader);
  });
}

const RuleModule* open_rule_segment(const GameState& state) {
  if (state.phase == Phase::GameOver || state.result) return nullptr;
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.segment && module->hooks.segment->open(state)) return module;
  return nullptr;
}

std::optional<std::string> rules_event_words(const GameState& state, const RuleEvent& event) {
  for (const RuleModule* module : registered_rule_modules())
    if (module->rule == event.rule && module->hooks.event_words)
      return module->hooks.event_words(state, event);
  return std::nullopt;
}

const RuleActionKind* find_rule_action_kind(std::string_view verb, const RuleModule** module) {
  for (const RuleModule* candidate : registered_rule_modules()) {
    if (!candidate->hooks.segment) continue;
    for (const RuleActionKind* kind : candidate->hooks.segment->actions) {
      if (!kind || kind->verb != verb) continue;
      if (module) *module = candidate;
      return kind;
    }
  }
  return nullptr;
}

}  // namespace hd::engine
