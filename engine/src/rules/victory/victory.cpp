#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/victory/victory.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

bool holds(const GameState& state, const ConditionTerm& term, const std::array<int, 2>& vp) {
  switch (term.kind) {
    case ConditionTerm::Kind::Demoralized:
      return state.demoralized[static_cast<std::size_t>(term.army)];
    case ConditionTerm::Kind::Disintegrated:
      return state.disintegrated[static_cast<std::size_t>(term.army)];
    case ConditionTerm::Kind::Controls:
      return std::all_of(term.hexes.begin(), term.hexes.end(), [&](Hex hex) {
        const auto found = state.control.find(hex);
        return found != state.control.end() && found->second == term.side;
      });
    case ConditionTerm::Kind::VpRatio: {
      const int mine = vp[static_cast<std::size_t>(term.side)];
      const int theirs = vp[static_cast<std::size_t>(other(term.side))];
      return mine > 0 && mine >= term.number * theirs;
    }
    case ConditionTerm::Kind::VpNet:
      return vp[static_cast<std::size_t>(term.side)] - vp[static_cast<std::size_t>(other(term.side))] >=
             term.number;
    case ConditionTerm::Kind::Otherwise:
      return true;
  }
  return false;
}

// Terms joined left to right by their connectors.
bool holds(const GameState& state, const Condition& condition, const std::array<int, 2>& vp) {
  if (condition.terms.empty()) return false;
  bool value = holds(state, condition.terms[0], vp);
  for (std::size_t i = 1; i < condition.terms.size(); ++i) {
    const bool next = holds(state, condition.terms[i], vp);
    value = condition.connectors[i - 1] == "and" ? (value && next) : (value || next);
  }
  return value;
}

std::optional<GameResult> first_holding(const GameState& state, bool instant) {
  const auto vp = victory_points(state);
  std::optional<GameResult> found;
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
    for (const VictoryCondition& v : forces.victory) {
      if (found || v.instant != instant) continue;
      if (holds(state, v.condition, vp)) found = GameResult{v.side, v.level, v.text};
    }
  });
  return found;
}

}  // namespace

std::array<int, 2> scheduled_victory_points(const GameState& state) {
  std::array<int, 2> vp{};
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp) {
      const auto side = static_cast<std::size_t>(rule.side);
      switch (rule.kind) {
        case VpKind::PerStrengthPoint:
          for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
            if (side_of(army) != rule.side)
              vp[side] += rule.points * state.eliminated_strength[static_cast<std::size_t>(army)];
          }
          break;
        case VpKind::Hex:
          for (Hex hex : rule.hexes) {
            const auto found = state.control.find(hex);
            if (found != state.control.end() && found->second == rule.side) vp[side] += rule.points;
          }
          break;
        case VpKind::Exit:
          vp[side] += rule.points * state.exited_strength[side];
          break;
      }
    }
  });
  return vp;
}

std::array<int, 2> victory_points(const GameState& state) {
  std::array<int, 2> vp = scheduled_victory_points(state);
  const VictoryTerms terms = rules_victory(state);  // 19.4C during play; 20.4C, 19.5D at the end
  for (std::size_t i = 0; i < vp.size(); ++i)
    vp[i] += terms.vp[i];
  return vp;
}

std::optional<GameResult> instant_result(const GameState& state) {
  return first_holding(state, true);
}

GameResult final_result(const GameState& state) {
  if (auto result = rules_victory(state).result) return *result;  // 18.4A
  if (auto result = first_holding(state, false)) return *result;
  return GameResult{std::nullopt, "draw", "no victory condition was met"};
}

}  // namespace hd::engine
