// 11.0-11.2: tracing command and the command structure of a side (command_range.hpp).
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <optional>
#include <tuple>
#include <utility>

namespace hd::engine {
namespace {

// Receivers (officers or units) matched to givers (commanders), each giver taking at most its
// capacity. Capacities and what a receiver takes of one are counted in halves: a receiver takes 2
// (one), or 1 where a rule counts it one half (24.1C, 27.1C). Receivers are placed one at a time and
// stay placed: an augmenting path may move earlier receivers to other givers to make room (Kuhn's
// algorithm with capacities). Where every receiver takes one, placing in order of preference keeps
// the most preferred set that fits (a transversal matroid); with halves it is the same greedy.
class CapacityMatching {
 public:
  // `eligible[r]`: the givers receiver r may have; `weight[r]`, if given, what r takes of each of
  // them (in the same order), 2 otherwise.
  CapacityMatching(std::vector<int> capacity, std::vector<std::vector<std::size_t>> eligible,
                   std::vector<std::vector<int>> weight = {})
      : capacity_(std::move(capacity)),
        eligible_(std::move(eligible)),
        weight_(std::move(weight)),
        held_(capacity_.size()),
        used_(capacity_.size(), 0),
        giver_(eligible_.size()) {}

  // Places `receiver` with an eligible giver if some reassignment makes room; false if none can.
  bool place(std::size_t receiver) {
    std::vector<bool> visited(capacity_.size(), false);
    return augment(receiver, visited);
  }

  std::optional<std::size_t> giver_of(std::size_t receiver) const { return giver_[receiver]; }

 private:
  // What `receiver` takes of `giver`, in halves.
  int weight(std::size_t receiver, std::size_t giver) const {
    if (weight_.empty()) return 2;
    const auto& givers = eligible_[receiver];
    return weight_[receiver]
                  [static_cast<std::size_t>(std::find(givers.begin(), givers.end(), giver) - givers.begin())];
  }

  bool fits(std::size_t receiver, std::size_t giver) const {
    return used_[giver] + weight(receiver, giver) <= capacity_[giver];
  }

  bool augment(std::size_t receiver, std::vector<bool>& visited) {
    for (std::size_t giver : eligible_[receiver]) {
      if (visited[giver]) continue;
      visited[giver] = true;
      if (fits(receiver, giver)) {
        assign(receiver, giver);
        return true;
      }
      // Move receivers it holds to other givers, one at a time, until this one fits.
      const std::vector<std::size_t> holding = held_[giver];
      for (std::size_t other : holding) {
        if (!augment(other, visited)) continue;  // `other` now holds with another giver
        release(other, giver);
        if (!fits(receiver, giver)) continue;
        assign(receiver, giver);
        return true;
      }
    }
    return false;
  }

  void assign(std::size_t receiver, std::size_t giver) {
    held_[giver].push_back(receiver);
    used_[giver] += weight(receiver, giver);
    giver_[receiver] = giver;
  }

  void release(std::size_t receiver, std::size_t giver) {
    std::erase(held_[giver], receiver);
    used_[giver] -= weight(receiver, giver);
  }

  std::vector<int> capacity_;  // in halves
  std::vector<std::vector<std::size_t>> eligible_;
  std::vector<std::vector<int>> weight_;
  std::vector<std::vector<std::size_t>> held_;
  std::vector<int> used_;  // in halves
  std::vector<std::optional<std::size_t>> giver_;
};

// 11.2: may command of `side` be traced from `at` into `next`?
bool command_may_enter(const GameState& state, Hex at, Hex next, Side side) {
  const Ruleset& rules = *state.rules;
  if (!rules.map.bounds().contains(next) || !rules.scenario.area.contains(next)) return false;
  if (!step_cost(rules, MoverClass::Mounted, at, next)) return false;  // prohibited terrain
  if (state.enemy_in(next, side)) return false;                        // enemy-occupied
  return !in_enemy_zoc(state, next, side) || friendly_combat_unit_in(state, next, side);
}

// The traced ranges of the leaders on the map, one search per distinct hex, range and measure.
class ReachCache {
 public:
  ReachCache(const GameState& state, Side side) : state_(state), side_(side) {}

  bool within(Hex from, int range, bool paths_count_half, Hex hex) {
    auto [it, fresh] = reach_.try_emplace({from, range, paths_count_half});
    if (fresh) it->second = command_reach(state_, from, side_, range, paths_count_half);
    return it->second.contains(hex);
  }

 private:
  const GameState& state_;
  Side side_;
  std::map<std::tuple<Hex, int, bool>, std::map<Hex, int>> reach_;
};

}  // namespace

int command_capacity(const Ruleset& rules, const UnitState& commander) {
  const LeaderDefinition* definition = rules.oob.find_leader(commander.army, commander.id);
  if (!definition) return 0;
  const std::string& text = definition->command_capacity;
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 0) return 0;
  return value;
}

bool in_organization(const UnitState& unit, const UnitState& officer) {
  if (unit.army != officer.army || officer.command.empty()) return false;
  return unit.command == officer.command || unit.command.ends_with("/" + officer.command);
}

std::map<Hex, int> command_reach(const GameState& state, Hex from, Side side, int range,
                                 bool paths_count_half) {
  // Steps cost 1 or 2 half hexes: a bucket per distance settles each hex at its least distance.
  const int limit = 2 * range;
  std::map<Hex, int> reach{{from, 0}};
  std::vector<std::vector<Hex>> buckets(static_cast<std::size_t>(limit) + 1);
  buckets[0].push_back(from);
  for (int distance = 0; distance <= limit; ++distance) {
    for (std::size_t i = 0; i < buckets[static_cast<std::size_t>(distance)].size(); ++i) {
      const Hex at = buckets[static_cast<std::size_t>(distance)][i];
      if (reach.at(at) != distance) continue;  // settled nearer already
      for (Hex next : neighbours(at)) {
        const bool half =
            paths_count_half && state.rules->map.path(*Hexside::between(at, next)) != PathKind::None;
        const int to = distance + (half ? 1 : 2);
        if (to > limit) continue;
        if (const auto known = reach.find(next); known != reach.end() && known->second <= to) continue;
        if (!command_may_enter(state, at, next, side)) continue;
        reach[next] = to;
        buckets[static_cast<std::size_t>(to)].push_back(next);
      }
    }
  }
  return reach;
}

namespace {

// 11.0-11.1: the command structure among `pieces` (units and leaders of one side), where
// `within(leader, range, paths_count_half, receiver)` says whether the leader's command reaches the
// receiver (`paths_count_half`: the leader's terms, 24.1A). Each leader's terms are asked once.
template <typename Within>
CommandStructure structure_among(const GameState& state, const std::vector<UnitIndex>& pieces,
                                 Within within) {
  CommandStructure out;
  out.in_command.assign(state.units.size(), false);
  out.gives_command.assign(state.units.size(), false);
  std::vector<UnitIndex> commanders, officers, units;
  for (UnitIndex index : pieces) {
    const UnitState& unit = state.units[index];
    if (!unit.is_leader())
      units.push_back(index);
    else if (is_commander(*state.rules, unit))
      commanders.push_back(index);
    else if (is_officer(*state.rules, unit))
      officers.push_back(index);
    // 16.14: an army HQ neither gives nor receives command.
  }
  std::vector<int> capacity;               // in halves (CapacityMatching)
  std::vector<bool> cavalry_corps_half;    // 24.1C, 27.1C: by position in `commanders`
  std::vector<bool> commander_paths_half;  // 24.1A: by position in `commanders`
  std::vector<int> commander_part;         // 27.1A: by position in `commanders`
  for (UnitIndex c : commanders) {
    const UnitTerms terms = rules_unit_terms(state, state.units[c]);
    commander_paths_half.push_back(terms.command_paths_count_half);
    commander_part.push_back(terms.command_part);
    // A rule may keep a commander from giving command (24.5B): he commands no one this turn.
    capacity.push_back(terms.withholds_command ? 0 : 2 * command_capacity(*state.rules, state.units[c]));
    cavalry_corps_half.push_back(terms.cavalry_corps_count_half);
    out.in_command[c] = true;  // 11.0: command originates with commanders
  }
  // The commanders (positions in `commanders`) who can reach `receiver` of command part `part`: same
  // army (11.1, 11.1C), the same part of it where a rule splits it (27.1A), within five hexes traced
  // (11.1A, 11.2).
  const auto reaching_commanders = [&](UnitIndex receiver, int part) {
    std::vector<std::size_t> eligible;
    const UnitState& r = state.units[receiver];
    for (std::size_t c = 0; c < commanders.size(); ++c) {
      const UnitState& commander = state.units[commanders[c]];
      const bool same_part = part == 0 || commander_part[c] == 0 || part == commander_part[c];
      if (commander.army == r.army && same_part &&
          within(commander, kCommanderRange, commander_paths_half[c], r))
        eligible.push_back(c);
    }
    return eligible;
  };
  // 11.1B: each officer's units within three hexes traced.
  std::vector<std::vector<UnitIndex>> organization(officers.size());
  std::vector<std::vector<std::size_t>> officer_eligible(officers.size());
  std::vector<bool> self_commanded(officers.size(), false);
  for (std::size_t o = 0; o < officers.size(); ++o) {
    const UnitState& officer = state.units[officers[o]];
    const UnitTerms terms = rules_unit_terms(state, officer);
    // A rule may keep the officer from giving command (12.1D): he then transmits none and takes
    // none of a commander's capacity; his units may receive it from a commander directly.
    if (terms.withholds_command) continue;
    for (UnitIndex u : units)
      if (in_organization(state.units[u], officer) &&
          within(officer, kOfficerRange, terms.command_paths_count_half, state.units[u]))
        organization[o].push_back(u);
    // A rule may put him in command by himself (27.1E): no commander's capacity is spent on him.
    self_commanded[o] = terms.always_in_command;
    if (!self_commanded[o]) officer_eligible[o] = reaching_commanders(officers[o], terms.command_part);
  }
  // First the officers, those passing command to more units first (docs/rules-notes.md, 11.1A).
  std::vector<std::size_t> officer_order(officers.size());
  for (std::size_t o = 0; o < officers.size(); ++o)
    officer_order[o] = o;
  std::stable_sort(officer_order.begin(), officer_order.end(), [&](std::size_t a, std::size_t b) {
    return organization[a].size() > organization[b].size();
  });
  // 24.1C, 27.1C: a French cavalry corps' officer ([1c]-[4c]) takes one half of such a commander's
  // capacity, one whole once his corps is demoralized (13.0).
  std::vector<std::vector<int>> officer_weight(officers.size());
  for (std::size_t o = 0; o < officers.size(); ++o) {
    const UnitState& officer = state.units[officers[o]];
    const bool cavalry_corps =
        officer.army == Army::French && officer.command.ends_with("c]") && !corps_demoralized(state, officer);
    for (std::size_t c : officer_eligible[o])
      officer_weight[o].push_back(cavalry_corps && cavalry_corps_half[c] ? 1 : 2);
  }
  CapacityMatching officer_matching(capacity, officer_eligible, officer_weight);
  for (std::size_t o : officer_order)
    officer_matching.place(o);
  for (std::size_t o = 0; o < officers.size(); ++o) {
    const auto giver = officer_matching.giver_of(o);
    if (!giver && !self_commanded[o]) continue;
    if (giver) {
      out.links.push_back({commanders[*giver], officers[o]});
      out.gives_command[commanders[*giver]] = true;
    }
    out.in_command[officers[o]] = true;
    for (UnitIndex u : organization[o]) {
      if (!out.in_command[u]) out.links.push_back({officers[o], u});
      out.in_command[u] = true;
      out.gives_command[officers[o]] = true;
    }
  }
  // Then the units still out of command: those a rule puts in command by themselves (16.1B), and
  // the others directly from the commanders (11.1A).
  // Each unit's terms are asked once, for both (27.1A: a unit's part, where some commander has one).
  const bool parts = std::any_of(commander_part.begin(), commander_part.end(), [](int p) { return p != 0; });
  std::vector<UnitIndex> remaining;
  std::vector<std::vector<std::size_t>> unit_eligible;
  for (UnitIndex u : units) {
    if (out.in_command[u]) continue;
    const UnitTerms terms = rules_unit_terms(state, state.units[u]);
    if (terms.always_in_command) {
      out.in_command[u] = true;
      continue;
    }
    remaining.push_back(u);
    unit_eligible.push_back(reaching_commanders(u, parts ? terms.command_part : 0));
  }
  CapacityMatching unit_matching(capacity, unit_eligible);
  for (std::size_t r = 0; r < remaining.size(); ++r)
    unit_matching.place(r);
  for (std::size_t r = 0; r < remaining.size(); ++r) {
    const auto giver = unit_matching.giver_of(r);
    if (!giver) continue;
    out.links.push_back({commanders[*giver], remaining[r]});
    out.in_command[remaining[r]] = true;
    out.gives_command[commanders[*giver]] = true;
  }
  return out;
}

}  // namespace

CommandStructure trace_command(const GameState& state, Side side) {
  std::vector<UnitIndex> pieces;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].on_map() && side_of(state.units[i].army) == side)
      pieces.push_back(static_cast<UnitIndex>(i));
  ReachCache reach(state, side);
  return structure_among(
      state, pieces,
      [&](const UnitState& leader, int range, bool paths_count_half, const UnitState& receiver) {
        return reach.within(leader.hex, range, paths_count_half, receiver.hex);
      });
}

CommandStructure command_within_reach(const GameState& state, const std::vector<UnitIndex>& pieces) {
  return structure_among(state, pieces, [](const UnitState&, int, bool, const UnitState&) { return true; });
}

LeaderCommandRange leader_command_range(const GameState& state, UnitIndex leader) {
  LeaderCommandRange out;
  const UnitState& piece = state.units[leader];
  if (!piece.is_leader() || !piece.on_map() || is_headquarters(*state.rules, piece)) return out;
  const Side side = side_of(piece.army);
  out.range = is_commander(*state.rules, piece) ? kCommanderRange : kOfficerRange;
  const bool paths_half = rules_unit_terms(state, piece).command_paths_count_half;
  out.hexes.push_back(piece.hex);
  for (const auto& [hex, half_hexes] : command_reach(state, piece.hex, side, out.range, paths_half))
    if (hex != piece.hex) out.hexes.push_back(hex);
  for (const CommandLink& link : trace_command(state, side).links)
    if (link.leader == leader) out.commanded.push_back(link.receiver);
  return out;
}

}  // namespace hd::engine
