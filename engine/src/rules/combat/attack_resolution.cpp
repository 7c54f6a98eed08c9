#include "combat_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>

#include <algorithm>
#include <array>
#include <variant>

namespace hd::engine {

using namespace combat_detail;

namespace {

// 6.5A: eliminates the chosen attackers of the pending exchange and offers the survivors the
// advance (6.7).
void eliminate_exchange_losses(GameState& state, const std::vector<UnitIndex>& chosen,
                               std::vector<Event>& events) {
  PendingExchange exchange = std::move(*state.pending_exchange);
  state.pending_exchange.reset();
  std::vector<UnitIndex> survivors;
  for (UnitIndex u : exchange.candidates) {
    if (contains(chosen, u)) {
      eliminate(state, u, "Ex", events);
    } else {
      survivors.push_back(u);
    }
  }
  state.pending_advance = PendingAdvance{exchange.side, survivors, exchange.vacated};
}

}  // namespace

void resolve_attack(GameState& state, const AttackAction& attack, int die, std::vector<Event>& events) {
  const CombatOdds odds = compute_odds(state, attack);
  // 24.5C: the die as modified for odds beyond the table, kept within the table's rows (1-6).
  const int modified_die = odds.modified_die(die);
  CombatResult result = state.rules->crt.result(odds.used, modified_die);
  rules_adjust_result(state, attack, result);  // 11.3B, 11.3C
  const int combat = ++state.combats_this_phase;
  // The event lists adjacent attackers first, then bombarding artillery (its modifiers name them).
  std::vector<UnitIndex> all_attackers = attack.attackers;
  all_attackers.insert(all_attackers.end(), attack.bombarding.begin(), attack.bombarding.end());
  events.push_back(CombatResolvedEvent{combat, all_attackers, attack.defenders, odds, die, result});
  const std::size_t event_at = events.size() - 1;
  // 15.2 exception 1: did this combat demoralize or disintegrate the Prussian or Allied army?
  const auto coalition_broken = [&] {
    constexpr auto prussian = static_cast<std::size_t>(Army::Prussian);
    constexpr auto allied = static_cast<std::size_t>(Army::Allied);
    return std::array<bool, 4>{state.demoralized[prussian], state.demoralized[allied],
                               state.disintegrated[prussian], state.disintegrated[allied]};
  };
  const auto coalition_before = coalition_broken();
  for (UnitIndex u : all_attackers)
    state.units[u].fought = true;
  for (UnitIndex u : attack.defenders)
    state.units[u].fought = true;
  const Side attacker_side = state.phasing;
  const Side defender_side = other(attacker_side);
  const auto attacker_hexes = hexes_of(state, attack.attackers);
  const auto defender_hexes = defender_hexes_open_to_advance(state, attack.defenders);  // 8.1B

  switch (result) {
    case CombatResult::AttackerEliminated:
      for (UnitIndex u : attack.attackers)
        eliminate(state, u, "Ae", events);
      state.pending_advance =
          PendingAdvance{defender_side, attack.defenders, {attacker_hexes.begin(), attacker_hexes.end()}};
      break;
    case CombatResult::AttackerRetreat:
      // 7.1E: bombarding artillery retreats only if its owner elected to.
      for (UnitIndex u : attack.attackers)
        state.pending_retreats.push_back(PendingRetreat{u, combat, false});
      for (UnitIndex u : attack.retreat_on_ar)
        state.pending_retreats.push_back(PendingRetreat{u, combat, false});
      state.pending_advance =
          PendingAdvance{defender_side, attack.defenders, {attacker_hexes.begin(), attacker_hexes.end()}};
      break;
    case CombatResult::Exchange: {
      int lost = 0;
      for (UnitIndex u : attack.defenders) {
        lost += state.units[u].strength();  // 6.5A: current printed strength, no terrain
        eliminate(state, u, "Ex", events);
      }
      // 6.5A: the attacker chooses attackers of at least equal strength; bombarding artillery is
      // immune (7.0). A single legal choice is carried out at once.
      state.pending_exchange = PendingExchange{attacker_side, combat, lost, attack.attackers, defender_hexes};
      if (const auto choices = exchange_loss_choices(state); choices.size() == 1) {
        eliminate_exchange_losses(state, choices.front(), events);
      }
      break;
    }
    case CombatResult::DefenderRetreat:
      for (UnitIndex u : attack.defenders) {
        state.pending_retreats.push_back(PendingRetreat{u, combat, chateau_infantry(state, state.units[u])});
      }
      state.pending_advance = PendingAdvance{attacker_side, attack.attackers, defender_hexes};
      break;
    case CombatResult::DefenderEliminated:
      for (UnitIndex u : attack.defenders)
        eliminate(state, u, "De", events);
      state.pending_advance = PendingAdvance{attacker_side, attack.attackers, defender_hexes};
      break;
    case CombatResult::NoEffect:  // 16.15: both sides remain in place; no hex is vacated
      break;
  }
  update_morale(state, events);
  if (state.result) state.pending_exchange.reset();  // an instant victory ends the game at once
  rules_combat_resolved(state,
                        CombatAftermath{attack, result, coalition_broken() != coalition_before, event_at},
                        events);  // 15.2
  settle(state, events);
}

std::vector<std::vector<UnitIndex>> exchange_loss_choices(const GameState& state) {
  std::vector<std::vector<UnitIndex>> choices;
  if (!state.pending_exchange) return choices;
  const PendingExchange& exchange = *state.pending_exchange;
  const std::vector<UnitIndex>& candidates = exchange.candidates;
  int everything = 0;
  for (UnitIndex u : candidates)
    everything += state.units[u].strength();
  // Too little strength to meet the loss: every attacker goes.
  if (everything < exchange.loss) {
    std::vector<UnitIndex> all = candidates;
    std::sort(all.begin(), all.end());
    choices.push_back(std::move(all));
    return choices;
  }
  // Every attacker is adjacent to every defender (6.1E), so at most 6 hexes of 2 units (5.4).
  const std::size_t n = candidates.size();
  for (std::size_t mask = 0; mask < (std::size_t{1} << n); ++mask) {
    int total = 0;
    int weakest = 1 << 30;
    for (std::size_t i = 0; i < n; ++i) {
      if (!(mask & (std::size_t{1} << i))) continue;
      total += state.units[candidates[i]].strength();
      weakest = std::min(weakest, state.units[candidates[i]].strength());
    }
    // At least the loss, and no unit could be dropped while still meeting it (the empty choice
    // only when nothing is lost).
    if (total < exchange.loss || total - weakest >= exchange.loss) continue;
    std::vector<UnitIndex> choice;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (std::size_t{1} << i)) choice.push_back(candidates[i]);
    std::sort(choice.begin(), choice.end());
    choices.push_back(std::move(choice));
  }
  return choices;
}

std::optional<Refusal> check_exchange(const GameState& state, const ExchangeLossAction& choice) {
  if (!state.pending_exchange) return refuse(RefusalCode::NoExchangePending, "6.5A");
  std::vector<UnitIndex> chosen = choice.units;
  std::sort(chosen.begin(), chosen.end());
  if (std::adjacent_find(chosen.begin(), chosen.end()) != chosen.end())
    return refuse(RefusalCode::UnitNamedTwice, "6.5A");
  for (UnitIndex u : chosen) {
    if (!contains(state.pending_exchange->candidates, u)) {
      return refuse(RefusalCode::NotExchangeCandidate, "6.5A", {RefusalArg::of_unit(u)});
    }
  }
  const auto choices = exchange_loss_choices(state);
  if (std::find(choices.begin(), choices.end(), chosen) != choices.end()) return std::nullopt;
  int total = 0;
  for (UnitIndex u : chosen)
    total += state.units[u].strength();
  if (total < state.pending_exchange->loss) {
    return refuse(RefusalCode::ExchangeTooLittle, "6.5A",
                  {RefusalArg::of_number(total), RefusalArg::of_number(state.pending_exchange->loss)});
  }
  return refuse(RefusalCode::ExchangeTooMuch, "6.5A", {RefusalArg::of_number(state.pending_exchange->loss)});
}

void resolve_exchange(GameState& state, const ExchangeLossAction& choice, std::vector<Event>& events) {
  eliminate_exchange_losses(state, choice.units, events);
  update_morale(state, events);
  settle(state, events);
}

}  // namespace hd::engine
