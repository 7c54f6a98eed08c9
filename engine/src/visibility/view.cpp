#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/engine/scenarios/secret_options.hpp>
#include <hd/engine/visibility/view.hpp>

#include <algorithm>
#include <map>
#include <sstream>

namespace hd::engine {
namespace {

// The ids of the chosen options hidden from `viewer` now (18.5C).
std::vector<std::string> hidden_from(const GameState& state, const Viewer& viewer) {
  std::vector<std::string> hidden;
  for (const ScenarioOption& option : state.rules->scenario.options)
    if (option_hidden(state, option) && !may_see_secret(viewer, option)) hidden.push_back(option.id);
  return hidden;
}

bool contains(const std::vector<std::string>& ids, std::string_view id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// A side's view: a seat of one of its armies, or a spectator shown it or everything.
bool sees_side(const Viewer& viewer, Side side) {
  if (viewer.kind == Viewer::Kind::Seat) return viewer.army && side_of(*viewer.army) == side;
  return !viewer.side || *viewer.side == side;
}

// 28.0D: the turn a viewer is shown for a unit entering by an entry choice it may not know (not made,
// or made and not revealed to this viewer): the choice's earliest, as the set-up box prints it.
std::optional<int> shown_entry_turn(const GameState& state, const UnitState& unit, const Viewer& viewer,
                                    const std::vector<EntryChoice>& choices) {
  if (unit.entry_choice.empty() || unit.status != UnitStatus::Waiting) return std::nullopt;
  if (may_see_entry_choice(state, viewer, unit.entry_choice) && entry_choice_made(state, unit.entry_choice))
    return std::nullopt;
  int earliest = -1;
  for (const EntryChoice& choice : choices)
    if (choice.id == unit.entry_choice)
      for (const EntryAlternative& alternative : choice.alternatives)
        if (!alternative.declines() && (earliest < 0 || alternative.turn < earliest))
          earliest = alternative.turn;
  return earliest;
}

// The side whose view `viewer` is shown: a seat's, or a spectator's shown one side; none for a
// spectator shown everything.
std::optional<Side> viewing_side(const Viewer& viewer) {
  if (viewer.kind == Viewer::Kind::Seat)
    return viewer.army ? std::optional(side_of(*viewer.army)) : std::nullopt;
  return viewer.side;
}

// 16.3: an enemy piece on the map that `side` does not observe now, shown as its knowledge has it:
// where last seen (with that turn, and the side then showing), else with no hex; no marks.
void show_as_known(const GameState& state, Side side, UnitView& u) {
  const Sighting* seen = sighting(state, side, u.unit);
  u.unobserved = true;
  u.hex.reset();
  u.moved = u.out_of_command = u.corps_demoralized = u.inactive = false;
  const UnitState& unit = state.units[u.unit];
  u.reduced = seen && seen->reduced;
  u.strength = u.reduced ? unit.reduced_strength : unit.full_strength;
  if (seen) {
    u.hex = Hex{seen->column, seen->row};
    u.last_seen_turn = seen->turn;
  }
}

// 16.6: the markers on the map, as every viewer sees them on the table; which of a pair is real only
// for a viewer of its owner's side.
std::vector<MarkerView> marker_views(const GameState& state, const Viewer& viewer) {
  std::vector<MarkerView> markers;
  for (const HiddenPair& pair : hidden_pairs(state)) {
    const bool owner = sees_side(viewer, side_of(pair.army));
    for (const bool b : {false, true}) {
      MarkerView m{
          pair.army,      pair.number, b, b ? pair.marker_b : pair.marker_a, b ? pair.moved_b : pair.moved_a,
          pair.revealing, std::nullopt};
      if (owner) m.real = pair.real_is_b == b;
      markers.push_back(m);
    }
  }
  return markers;
}

// 16.6C: a reveal's event (`revealed`: the pieces and the hexes they are deployed to) as `side` may see
// it: an enemy piece deployed where the side does not observe it is left out (the view shows it where
// last seen). The pair's number and which marker was real stay: both markers are flipped face up.
RuleEvent seen_reveal(const GameState& state, const RuleEvent& revealed, Side side) {
  RuleEvent seen{revealed.rule, revealed.kind, {}, {}, revealed.numbers};
  for (std::size_t i = 0; i < revealed.units.size() && i < revealed.hexes.size(); ++i) {
    if (side_of(state.units[revealed.units[i]].army) != side &&
        !side_observes_hex(state, side, revealed.hexes[i]))
      continue;
    seen.units.push_back(revealed.units[i]);
    seen.hexes.push_back(revealed.hexes[i]);
  }
  return seen;
}

}  // namespace

bool may_see_entry_choice(const GameState& state, const Viewer& viewer, std::string_view id) {
  if (entry_choice_revealed(state, id)) return true;
  for (const EntryChoice& choice : entry_choices(*state.rules))
    if (choice.id == id) return sees_side(viewer, side_of(choice.army));
  return true;
}

bool may_see_secret(const Viewer& viewer, const ScenarioOption& option) {
  if (!option.secret) return true;
  if (viewer.kind == Viewer::Kind::Seat) return viewer.army && side_of(*viewer.army) == option.secret->side;
  return !viewer.side || *viewer.side == option.secret->side;
}

std::set<Side> sides_keeping_secrets(const Ruleset& rules) {
  std::set<Side> sides;
  for (const ScenarioOption& option : rules.scenario.options)
    if (option.secret) sides.insert(option.secret->side);
  for (const EntryChoice& choice : entry_choices(rules))
    sides.insert(side_of(choice.army));  // 28.0D
  return sides;
}

std::size_t units_shown(const GameState& state, const Viewer& viewer) {
  const auto hidden = hidden_from(state, viewer);
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const std::string& option = state.units[i].secret_option;
    if (!option.empty() && contains(hidden, option)) return i;
  }
  return state.units.size();
}

std::vector<std::string> visible_options(const GameState& state, const Viewer& viewer) {
  const auto hidden = hidden_from(state, viewer);
  std::vector<std::string> visible;
  for (const ScenarioOption& option : state.rules->scenario.options)
    if (state.rules->option_chosen(option.id) && !contains(hidden, option.id)) visible.push_back(option.id);
  return visible;
}

// 18.5C: the units of a hidden option are left out (not shown as blanks: a blank counter would tell
// the option is in force). They are numbered after every other unit (game_setup.cpp), so no other
// unit's number changes. Before the reveal nothing else depends on the option: the scenario parser
// lets a secret option add only reinforcements arriving from the reveal on, special rules and
// victory conditions, and 18.5C's own specials act only at its roll or at the end.
GameView view(const GameState& state, const Viewer& viewer) {
  const std::size_t shown = units_shown(state, viewer);
  const std::vector<EntryChoice> choices = entry_choices(*state.rules);
  // 16.3: the side whose knowledge of the enemy the viewer is shown, where it is kept.
  const std::optional<Side> fog = knowledge_kept(state) ? viewing_side(viewer) : std::nullopt;
  GameView v;
  v.turn = state.turn;
  v.phasing = state.phasing;
  v.phase = state.phase;
  for (std::size_t i = 0; i < shown; ++i) {
    const UnitState& unit = state.units[i];
    UnitView u;
    u.unit = static_cast<UnitIndex>(i);
    u.id = unit.id;
    u.command = unit.command;
    u.army = unit.army;
    u.type = unit.type;
    u.strength = unit.strength();
    u.movement = unit.movement;
    u.reduced = unit.reduced;
    u.status = unit.status;
    if (unit.on_map()) u.hex = unit.hex;
    u.arrival_turn = shown_entry_turn(state, unit, viewer, choices).value_or(unit.arrival_turn);
    u.moved = unit.moved;
    u.out_of_command = out_of_command(state, u.unit);
    u.corps_demoralized = corps_demoralized(state, unit);
    u.inactive = shows_inactive_side(state, u.unit);
    if (unit.status == UnitStatus::Hidden)
      if (const HiddenPair* pair = holding_pair(state, u.unit)) u.holding_pair = pair->number;
    if (fog && unit.on_map() && side_of(unit.army) != *fog && !observes_now(state, *fog, u.unit))
      show_as_known(state, *fog, u);
    v.units.push_back(std::move(u));
  }
  v.markers = marker_views(state, viewer);
  v.eliminated_strength = state.eliminated_strength;
  v.demoralized = state.demoralized;
  v.disintegrated = state.disintegrated;
  for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
    const auto [demoralization, disintegration] = morale_levels(state, army);
    v.demoralization_level[static_cast<std::size_t>(army)] = demoralization;
    v.disintegration_level[static_cast<std::size_t>(army)] = disintegration;
  }
  if (!fog) {
    v.control.assign(state.control.begin(), state.control.end());
    v.victory_points = victory_points(state);
  } else {
    // 16.3: a side is shown who holds the hexes it observes now, and nothing of the others (an
    // unseen move would otherwise show on the hexes it took), but for the victory-point hexes: who
    // held them when it last observed them. Its VP are counted from the same control.
    const std::map<Hex, Side> believed = believed_control(state, *fog);
    v.victory_points = victory_points(state, believed);
    const std::vector<Hex> eyes = observing_hexes(state, *fog);
    const int distance = observation_distance(state);
    const std::vector<Hex> scoring = scoring_hexes(*state.rules);
    for (const auto& held : believed) {
      const Hex hex = held.first;  // clang 14 captures no structured binding in a lambda
      if (std::binary_search(scoring.begin(), scoring.end(), hex) ||
          std::any_of(eyes.begin(), eyes.end(),
                      [&](Hex eye) { return observes(*state.rules, eye, hex, distance); }))
        v.control.emplace_back(held);
    }
  }
  v.rain = raining(state);
  v.pending = pending_decision(state);
  // The choices decision_choices() describes (a rule's decision; 16.6A's hides at set-up, which name
  // units and hexes) go only to a seat of the deciding side, and of those only the ones its army
  // may take; never to the enemy's seats nor to any spectator.
  if (viewer.kind == Viewer::Kind::Seat && viewer.army && side_of(*viewer.army) == v.pending.side &&
      v.pending.kind != DecisionKind::None) {
    for (DecisionChoice& choice : decision_choices(state, v.pending.side)) {
      const ActionClaim claim = claim_of(state, choice.action);
      if (claim.armies.empty() || claim.armies.contains(*viewer.army)) v.choices.push_back(std::move(choice));
    }
  }
  v.result = state.result;
  return v;
}

// `state` is the state after the event's action. A hidden option's die (18.5C) is the reveal itself,
// so it can only pass hidden when the state is not yet at the reveal; it is dropped then. Its units
// cannot act before the reveal (they arrive no earlier), so no other event names them.
std::optional<Event> redact(const GameState& state, const Event& event, const Viewer& viewer) {
  if (const auto* die = std::get_if<DieRolledEvent>(&event)) {
    if (contains(hidden_from(state, viewer), die->rule)) return std::nullopt;
  }
  // 16.3: of an enemy move, only the hexes the viewer's side observed; nothing if it saw none.
  if (const auto* moved = std::get_if<UnitMovedEvent>(&event); moved && knowledge_kept(state)) {
    const std::optional<Side> side = viewing_side(viewer);
    if (side && side_of(state.units[moved->unit].army) != *side) {
      UnitMovedEvent seen = *moved;
      std::erase_if(seen.path, [&](Hex hex) { return !side_observes_hex(state, *side, hex); });
      if (seen.path.empty()) return std::nullopt;
      if (seen.path.size() != moved->path.size()) seen.spent_half = 0;  // its cost would tell the rest
      return seen;
    }
  }
  // 16.3: an enemy piece retreating, advancing or placed where the viewer's side does not observe
  // its new hex: not shown (the view shows it where last seen).
  const auto unseen_arrival = [&](UnitIndex unit, Hex to) {
    if (!knowledge_kept(state)) return false;
    const std::optional<Side> side = viewing_side(viewer);
    return side && side_of(state.units[unit].army) != *side && !side_observes_hex(state, *side, to);
  };
  if (const auto* retreated = std::get_if<UnitRetreatedEvent>(&event);
      retreated && unseen_arrival(retreated->unit, retreated->to))
    return std::nullopt;
  if (const auto* advanced = std::get_if<UnitAdvancedEvent>(&event);
      advanced && unseen_arrival(advanced->unit, advanced->to))
    return std::nullopt;
  if (const auto* placed = std::get_if<UnitPlacedEvent>(&event);
      placed && unseen_arrival(placed->unit, placed->to))
    return std::nullopt;
  if (const auto* rule = std::get_if<RuleEvent>(&event);
      rule && rule->rule == kHiddenMovementRule && rule->kind == "revealed" && knowledge_kept(state))
    if (const std::optional<Side> side = viewing_side(viewer)) return seen_reveal(state, *rule, *side);
  // 28.0D: the other side learns that a choice was made, not what.
  if (const auto* rule = std::get_if<RuleEvent>(&event);
      rule && rule->kind.starts_with("chosen:") &&
      (rule->rule == kEntryChoiceRule || rule->rule == kHalForceRule)) {
    const std::string id = rule->kind.starts_with("chosen:") ? rule->kind.substr(7) : rule->kind;
    if (!may_see_entry_choice(state, viewer, id)) return RuleEvent{rule->rule, rule->kind, {}, {}, {}};
  }
  return event;
}

std::string redact_action_line(const GameState& after, const std::string& line, const Viewer& viewer) {
  const auto choice = parse_choose_entry_line(line);
  if (choice && !may_see_entry_choice(after, viewer, choice->id))
    return choice->side + " " + std::string(kChooseEntryVerb) + " " + choice->id + " sealed";
  // 16.3: of the enemy's actions a side keeping knowledge is told only the side and the verb, unless
  // the line names nothing it may not see: the end of a phase, and attacks and exchanges (their
  // units stand next to the defenders, or bombard them from within sight).
  const std::optional<Side> side = viewing_side(viewer);
  if (!side || !knowledge_kept(after)) return line;
  std::istringstream words(line);
  std::string actor, verb;
  words >> actor >> verb;
  if (side_from_string(actor) == side || verb == "end" || verb == "attack" || verb == "exchange") return line;
  return actor + " " + verb;
}

Refusal redact(const GameState& state, const Refusal& refusal, const Viewer& viewer) {
  const std::size_t shown = units_shown(state, viewer);
  const std::optional<Side> side = viewing_side(viewer);
  // 16.3: an enemy piece the viewer's side does not observe now is not named either.
  const auto unseen = [&](UnitIndex unit) {
    return side && unit < state.units.size() && side_of(state.units[unit].army) != *side &&
           state.units[unit].on_map() && !observes_now(state, *side, unit);
  };
  Refusal redacted = refusal;
  for (RefusalArg& arg : redacted.args)
    if (arg.kind == RefusalArg::Kind::Unit && (arg.unit >= shown || unseen(arg.unit)))
      arg = RefusalArg::hidden_unit();
  return redacted;
}

bool action_shown(const GameState& before, const GameState& after, const std::vector<Event>& events,
                  const std::string& line, Side side) {
  if (!knowledge_kept(after)) return true;
  const Viewer viewer{Viewer::Kind::Spectator, std::nullopt, side};
  if (redact_action_line(after, line, viewer) == line) return true;
  for (const Event& event : events)
    if (redact(after, event, viewer)) return true;
  return serialize(view(before, viewer)) != serialize(view(after, viewer));
}

std::string serialize(const GameView& v) {
  std::ostringstream out;
  out << "turn " << v.turn << (v.rain ? " rain " : " ") << to_string(v.phasing) << " " << to_string(v.phase)
      << "\n";
  for (const UnitView& u : v.units) {
    out << "unit " << u.unit << " " << to_string(u.army) << " " << u.id << " " << to_string(u.type) << " "
        << u.strength << "-" << u.movement << " cmd " << (u.command.empty() ? "-" : u.command)
        << (u.reduced ? " r" : "") << " status " << static_cast<int>(u.status) << " "
        << (u.hex ? format_hex(*u.hex) : std::string("-")) << " arrives " << u.arrival_turn
        << (u.moved ? " moved" : "") << (u.out_of_command ? " ooc" : "")
        << (u.corps_demoralized ? " corps-demoralized" : "") << (u.inactive ? " inactive" : "")
        << (u.unobserved ? " unobserved" : "")
        << (u.last_seen_turn ? " last-seen " + std::to_string(*u.last_seen_turn) : std::string())
        << (u.holding_pair ? " held " + std::to_string(u.holding_pair) : std::string()) << "\n";
  }
  for (const MarkerView& m : v.markers)
    out << "marker " << to_string(m.army) << " " << m.pair << (m.b ? " B " : " A ") << format_hex(m.hex)
        << (m.moved ? " moved" : "") << (m.revealing ? " revealing" : "")
        << (m.real ? (*m.real ? " real" : " dummy") : "") << "\n";
  for (std::size_t a = 0; a < 3; ++a) {
    out << "army " << a << " losses " << v.eliminated_strength[a] << (v.demoralized[a] ? " demoralized" : "")
        << (v.disintegrated[a] ? " disintegrated" : "") << " levels "
        << (v.demoralization_level[a] ? std::to_string(*v.demoralization_level[a]) : "-") << " "
        << (v.disintegration_level[a] ? std::to_string(*v.disintegration_level[a]) : "-") << "\n";
  }
  out << "vp " << v.victory_points[0] << " " << v.victory_points[1] << "\n";
  out << "pending " << to_string(v.pending.side) << " " << to_string(v.pending.kind) << " " << v.pending.what
      << " unit " << (v.pending.unit ? std::to_string(*v.pending.unit) : std::string("-")) << " loss "
      << v.pending.exchange_loss << (v.pending.may_stay ? " may-stay" : "") << " armies";
  for (Army army : v.pending.armies)
    out << " " << to_string(army);
  out << "\n";
  for (const auto& [hex, side] : v.control)
    out << "control " << format_hex(hex) << " " << to_string(side) << "\n";
  if (v.result) {
    out << "result " << (v.result->winner ? std::string(to_string(*v.result->winner)) : std::string("none"))
        << " " << v.result->level << "\n";
  }
  return out.str();
}

}  // namespace hd::engine
