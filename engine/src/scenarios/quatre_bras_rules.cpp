// Quatre Bras (19.0): the scenario's special rules (19.2C, 19.4C) and its force options' rules
// (19.5A, 19.5C, 19.5D), each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/scenarios/quatre_bras.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <array>
#include <string>

namespace hd::engine {

// 19.4C's own state, in its slot: the VP each side has scored holding Quatre Bras.
struct QuatreBrasHeldVp {
  int french = 0;
  int coalition = 0;
  bool operator==(const QuatreBrasHeldVp&) const = default;
};

// 19.5C's own state, in its slot: Ney's cavalry units not yet released, in index order.
struct NeyCavalryHeld {
  std::vector<UnitIndex> units;
  bool operator==(const NeyCavalryHeld&) const = default;
};

template <>
struct Fields<QuatreBrasHeldVp> {
  static constexpr auto list = std::make_tuple(field("french", &QuatreBrasHeldVp::french),
                                               field("coalition", &QuatreBrasHeldVp::coalition));
};

template <>
struct Fields<NeyCavalryHeld> {
  static constexpr auto list = std::make_tuple(field("units", &NeyCavalryHeld::units));
};

namespace {

[[maybe_unused]] void every_member_is_walked(QuatreBrasHeldVp& v, NeyCavalryHeld& n) {
  HD_ALL_MEMBERS_WALKED(QuatreBrasHeldVp, v, v1, v2);
  HD_ALL_MEMBERS_WALKED(NeyCavalryHeld, n, n1);
}

constexpr std::string_view kHoldRule = "19.4C";
constexpr std::string_view kNeyCavalryRule = "19.5C";

}  // namespace

bool unreleased_cavalry(const GameState& state, UnitIndex unit) {
  const auto* held = state.rule_state.find<NeyCavalryHeld>(kNeyCavalryRule);
  return held && std::binary_search(held->units.begin(), held->units.end(), unit);
}

namespace modules {
namespace {

using namespace scenario_detail;

constexpr std::array<std::string_view, 4> kNeyCavalry{"Lf-Ds", "LHer", "DUrb", "Marc"};  // 19.5C
constexpr Hex kQuatreBras{16, 41};
constexpr Hex kColumnEntry{16, 34};

// 19.2C: the column at 1634 is all [5], then all [Bw]: no [Bw] unit enters while a [5] unit that
// may enter there now is still waiting.
std::optional<Refusal> brunswick_after_fifth(const GameState& state, UnitAct act, UnitIndex index) {
  const UnitState& unit = state.units[index];
  if (act != UnitAct::BeginMove || unit.status != UnitStatus::Waiting || unit.army != Army::Allied ||
      !unit.command.ends_with("[Bw]"))
    return std::nullopt;
  for (const UnitState& other : state.units) {
    if (other.army == Army::Allied && other.command.ends_with("[5]") && other.status == UnitStatus::Waiting &&
        other.arrival_turn >= 0 && other.arrival_turn <= state.turn &&
        std::find(other.entry_hexes.begin(), other.entry_hexes.end(), kColumnEntry) !=
            other.entry_hexes.end()) {
      return refuse(RefusalCode::EntryOrder, "19.2C",
                    {RefusalArg::of_unit(index),
                     RefusalArg::of_unit(static_cast<UnitIndex>(&other - state.units.data()))});
    }
  }
  return std::nullopt;
}

// 19.4C: 1 VP to the player who controls Quatre Bras at the end of each of his player turns.
void hold_quatre_bras(GameState& state, Side side) {
  const auto found = state.control.find(kQuatreBras);
  if (found == state.control.end() || found->second != side) return;
  auto& vp = state.rule_state.get<QuatreBrasHeldVp>(kHoldRule);
  ++(side == Side::French ? vp.french : vp.coalition);
}

void open_hold_slot(GameState& state) {
  state.rule_state.add<QuatreBrasHeldVp>(kHoldRule);
}

void quatre_bras_vp(const GameState& state, VictoryTerms& terms) {
  const auto* held = state.rule_state.find<QuatreBrasHeldVp>(kHoldRule);
  if (!held) return;
  terms.vp[static_cast<std::size_t>(Side::French)] += held->french;
  terms.vp[static_cast<std::size_t>(Side::Coalition)] += held->coalition;
}

void release(GameState& state, UnitIndex unit) {
  auto& held = state.rule_state.get<NeyCavalryHeld>(kNeyCavalryRule).units;
  held.erase(std::remove(held.begin(), held.end(), unit), held.end());
}

// 19.5C (only without 10.0 and 11.0): four cavalry units start immobile until released.
void ney_cavalry_held(GameState& state) {
  auto& held = state.rule_state.add<NeyCavalryHeld>(kNeyCavalryRule).units;
  for (std::string_view id : kNeyCavalry)
    if (const auto u = find_unit(state, Army::French, id)) held.push_back(*u);
  std::sort(held.begin(), held.end());
}

std::optional<Refusal> ney_cavalry_immobile(const GameState& state, UnitAct act, UnitIndex unit) {
  if (act != UnitAct::BeginMove || !unreleased_cavalry(state, unit)) return std::nullopt;
  return refuse(RefusalCode::NotReleased, "19.5C", {RefusalArg::of_unit(unit)});
}

// 19.5C: at each French movement phase, one die per unreleased unit, in the rule's order; a 1
// releases it.
void ney_cavalry_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!french_movement_phase(state)) return;
  for (std::string_view id : kNeyCavalry) {
    const auto u = find_unit(state, Army::French, id);
    if (!u || !unreleased_cavalry(state, *u) || !state.units[*u].on_map()) continue;
    const int die = roll();
    if (die == 1) release(state, *u);
    events.push_back(DieRolledEvent{"19.5C", die, std::string(id) + (die == 1 ? " is released" : " stays")});
  }
}

// 19.5C: a unit is also released when an enemy unit enters its ZOC for any reason.
void ney_cavalry_released_by_contact(GameState& state, std::vector<Event>&) {
  const std::vector<UnitIndex> held = state.rule_state.get<NeyCavalryHeld>(kNeyCavalryRule).units;
  for (UnitIndex u : held) {
    const UnitState& unit = state.units[u];
    if (!unit.on_map()) continue;
    for (const UnitState& enemy : state.units) {
      if (enemy.on_map() && side_of(enemy.army) != side_of(unit.army) && adjacent(enemy.hex, unit.hex) &&
          zoc_reaches(*state.rules, unit.hex, enemy.hex)) {
        release(state, u);
        break;
      }
    }
  }
}

void hold_first_corps(GameState& state) {
  hold_corps(state, "[1]");
}

// 19.5D: a roll each French movement phase from 16/1600 on; on a 1 the First Corps enters.
void first_corps_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  roll_for_held_corps(state, roll, events, "19.5D", "[1]", 1);
}

// 19.5D: 2 VP to the Allies for each turn the First Corps was in play, counted at the end.
void first_corps_vp(const GameState& state, VictoryTerms& terms) {
  if (state.phase != Phase::GameOver) return;
  terms.vp[static_cast<std::size_t>(Side::Coalition)] += 2 * turns_in_game(state, "[1]");
}

}  // namespace

extern const RuleModule quatre_bras_19_2C{"19.2C",
                                          "At 1634 all [5] enters first, then all [Bw]",
                                          "hook: unit refusal (the entry)",
                                          {.unit_refusal = brunswick_after_fifth}};
extern const RuleModule quatre_bras_19_4C{
    "19.4C",
    "1 VP for holding Quatre Bras at the end of a player turn",
    "hooks: player turn end, victory; its state slot counts the VP",
    {.opening = open_hold_slot, .player_turn_end = hold_quatre_bras, .victory = quatre_bras_vp}};
extern const RuleModule quatre_bras_19_5A{"19.5A",
                                          "Buttlar's brigade enters reduced",
                                          "the scenario's data: the option's reinforcement line brings Bttlr "
                                          "reduced with [Bw]; 19.2C orders its entry",
                                          {}};
extern const RuleModule quatre_bras_19_5C{"19.5C",
                                          "Ney's uncertain authority over the French cavalry",
                                          "hooks: set-up, phase start, after each action, unit "
                                          "refusal (a move); its state slot holds the unreleased units",
                                          {.opening = ney_cavalry_held,
                                           .phase_start = ney_cavalry_roll,
                                           .after_action = ney_cavalry_released_by_contact,
                                           .unit_refusal = ney_cavalry_immobile}};
extern const RuleModule quatre_bras_19_5D{
    "19.5D",
    "French First Corps could have arrived",
    "hooks: set-up, phase start, victory",
    {.opening = hold_first_corps, .phase_start = first_corps_roll, .victory = first_corps_vp}};

}  // namespace modules
}  // namespace hd::engine
