// The attack (6.0, 7.0): attackers and artillery against defenders, one die on the CRT. Its
// descriptor in the action registry (action_kind.hpp).
#include <hd/engine/data/tsv.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

std::optional<Refusal> validate_attack(const GameState& state, Side, const Action& action, ActionCheck&) {
  return check_attack(state, std::get<AttackAction>(action));
}

void apply_attack(GameState& state, Side, const Action& action, const ActionCheck&, const DieRoller& roll,
                  std::vector<Event>& events) {
  resolve_attack(state, std::get<AttackAction>(action), roll(), events);
}

// The phasing units in `hex` that have not fought: a stack fights whole (6.1D).
std::vector<UnitIndex> unfought_stack(const GameState& state, Hex hex) {
  std::vector<UnitIndex> stack;
  for (UnitIndex u : state.units_at(hex))
    if (side_of(state.units[u].army) == state.phasing && !state.units[u].fought) stack.push_back(u);
  return stack;
}

// The stacks (by hex) the listed units stand in.
std::vector<std::vector<UnitIndex>> stacks_of(const GameState& state, const std::vector<UnitIndex>& units) {
  std::vector<Hex> hexes;
  for (UnitIndex u : units)
    if (std::find(hexes.begin(), hexes.end(), state.units[u].hex) == hexes.end())
      hexes.push_back(state.units[u].hex);
  std::vector<std::vector<UnitIndex>> stacks;
  for (Hex hex : hexes)
    stacks.push_back(unfought_stack(state, hex));
  return stacks;
}

void add_attack(const GameState& state, AttackAction attack, std::vector<Action>& actions) {
  actions.push_back(attack);
  // compute_odds needs a combat check_attack accepts; a combination it refuses is left for the
  // property test to find.
  if (check_attack(state, attack)) return;
  // 6.2C: one column fewer, where the computed odds allow it.
  if (compute_odds(state, attack).computed.index > 0) {
    attack.odds_reduction = 1;
    actions.push_back(attack);
  }
  // 7.1E: bombarding artillery electing to suffer an Ar.
  if (!attack.bombarding.empty()) {
    attack.odds_reduction = 0;
    attack.retreat_on_ar = attack.bombarding;
    actions.push_back(std::move(attack));
  }
}

// A sample of the combinations (every subset of attackers is too many): for each attackable hex,
// each adjacent stack alone and all together, each bombarding stack alone and with the adjacent
// stacks, with and without one column of odds reduction (6.2C).
void generate_attacks(const GameState& state, Side, std::vector<Action>& actions) {
  for (const CombatOption& option : combat_options(state)) {
    const auto adjacent = stacks_of(state, option.attackers);
    const auto bombarding = stacks_of(state, option.bombarding);
    AttackAction all;
    all.defenders = option.defenders;
    for (const auto& stack : adjacent) {
      AttackAction alone;
      alone.attackers = stack;
      alone.defenders = option.defenders;
      add_attack(state, alone, actions);
      all.attackers.insert(all.attackers.end(), stack.begin(), stack.end());
    }
    if (adjacent.size() > 1) add_attack(state, all, actions);
    for (const auto& stack : bombarding) {
      AttackAction alone;
      alone.bombarding = stack;
      alone.defenders = option.defenders;
      add_attack(state, alone, actions);
      if (adjacent.empty()) continue;
      AttackAction combined = all;  // 7.2
      combined.bombarding = stack;
      add_attack(state, combined, actions);
    }
  }
}

std::variant<Action, std::string> parse_attack(const GameState& state, const std::vector<std::string>& args) {
  AttackAction attack;
  // Which list the next unit names go to: attackers, "on" defenders, "with" bombarding artillery
  // (7.1), "accept-ar" bombarding artillery that takes an Ar (7.1E).
  std::vector<UnitIndex>* list = &attack.attackers;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "on") {
      list = &attack.defenders;
      continue;
    }
    if (args[i] == "with") {
      list = &attack.bombarding;
      continue;
    }
    if (args[i] == "accept-ar") {
      list = &attack.retreat_on_ar;
      continue;
    }
    if (args[i] == "reduce") {
      if (i + 1 >= args.size()) return std::string("'reduce' needs a number");
      const auto n = parse_count(args[i + 1]);
      if (!n) return "'reduce' needs a number, found '" + args[i + 1] + "'";
      attack.odds_reduction = *n;
      ++i;
      continue;
    }
    auto unit = unit_from_name(state, args[i]);
    if (auto* error = std::get_if<std::string>(&unit)) return *error;
    list->push_back(std::get<UnitIndex>(unit));
  }
  if ((attack.attackers.empty() && attack.bombarding.empty()) || attack.defenders.empty()) {
    return std::string("expected: attack UNIT ... on UNIT ... [with ARTILLERY ...]");
  }
  return attack;
}

std::string format_attack(const GameState& state, const Action& action) {
  const auto& attack = std::get<AttackAction>(action);
  std::string out = "attack";
  const auto list = [&](const std::vector<UnitIndex>& units) {
    for (UnitIndex u : units)
      out += ' ' + unit_name(state, u);
  };
  list(attack.attackers);
  out += " on";
  list(attack.defenders);
  if (!attack.bombarding.empty()) out += " with";
  list(attack.bombarding);
  if (!attack.retreat_on_ar.empty()) out += " accept-ar";
  list(attack.retreat_on_ar);
  if (attack.odds_reduction > 0) out += " reduce " + std::to_string(attack.odds_reduction);
  return out;
}

// 6.0: the phasing side attacks, with the armies of its attacking and bombarding units.
void claim_attack(const GameState& state, const Action& action, ActionClaim& claim) {
  const auto& attack = std::get<AttackAction>(action);
  claim.side = state.phasing;
  for (UnitIndex unit : attack.attackers)
    add_army_of(state, unit, claim);
  for (UnitIndex unit : attack.bombarding)
    add_army_of(state, unit, claim);
}

}  // namespace

namespace kinds {
extern const ActionKind attack{
    .verb = "attack",
    .grammar = "attack UNIT ... on UNIT ... [with ARTILLERY ...] [accept-ar ARTILLERY ...] [reduce N]",
    .rule = "6.0",
    .alternative = action_alternative<AttackAction>,
    .answers = decisions(DecisionKind::Attack),
    .phasing_only = true,
    .combat = true,  // 10.2
    .validate = validate_attack,
    .apply = apply_attack,
    .generate = generate_attacks,
    .parse = parse_attack,
    .format = format_attack,
    .claim = claim_attack,
};
}  // namespace kinds

}  // namespace hd::engine
