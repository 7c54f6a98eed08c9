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

// The VP of the scenario's vp lines, with the hexes controlled as `control` says.
std::array<int, 2> scheduled_with(const GameState& state, const std::map<Hex, Side>& control) {
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
            const auto found = control.find(hex);
            if (found != control.end() && found->second == rule.side) vp[side] += rule.points;
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

}  // namespace

std::array<int, 2> scheduled_victory_points(const GameState& state) {
  return scheduled_with(state, state.control);
}

std::array<int, 2> victory_points(const GameState& state) {
  return victory_points(state, state.control);
}

std::array<int, 2> victory_points(const GameState& state, const std::map<Hex, Side>& control) {
  std::array<int, 2> vp = scheduled_with(state, control);
  const VictoryTerms terms = rules_victory(state);  // 19.4C during play; 20.4C, 19.5D at the end
  for (std::size_t i = 0; i < vp.size(); ++i)
    vp[i] += terms.vp[i];
  return vp;
}

std::vector<Hex> scoring_hexes(const Ruleset& rules) {
  std::vector<Hex> hexes;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp)
      if (rule.kind == VpKind::Hex) hexes.insert(hexes.end(), rule.hexes.begin(), rule.hexes.end());
  });
  std::sort(hexes.begin(), hexes.end());
  hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
  return hexes;
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
