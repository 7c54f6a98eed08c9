#include <hd/engine/data/tsv.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

#include <algorithm>
#include <sstream>
#include <vector>

namespace hd::engine {
namespace {

// Splits a line into words; "double quotes" keep a name with spaces together ("Horse [2]").
std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::string current;
  bool quoted = false;
  bool has_word = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      has_word = true;
      continue;
    }
    if (!quoted && c == '#') break;
    if (!quoted && (c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
      if (has_word) out.push_back(std::move(current));
      current.clear();
      has_word = false;
    } else {
      current += c;
      has_word = true;
    }
  }
  if (has_word) out.push_back(std::move(current));
  return out;
}

std::string side_name(Side side) {
  return std::string(to_string(side));
}

}  // namespace

std::variant<UnitIndex, std::string> unit_from_name(const GameState& state, const std::string& name) {
  std::optional<Army> army;
  std::string id = name;
  if (const auto colon = name.find(':'); colon != std::string::npos) {
    army = army_from_string(name.substr(0, colon));
    if (!army) return "unknown army in '" + name + "'";
    id = name.substr(colon + 1);
  }
  std::optional<UnitIndex> found;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.id != id || (army && unit.army != *army)) continue;
    if (found) return "'" + name + "' is ambiguous: write ARMY:ID";
    found = static_cast<UnitIndex>(i);
  }
  if (!found) return "no unit '" + name + "'";
  return *found;
}

std::optional<Side> side_from_string(std::string_view text) {
  if (text == "french") return Side::French;
  if (text == "coalition") return Side::Coalition;
  return std::nullopt;
}

std::string unit_name(const GameState& state, UnitIndex unit) {
  const UnitState& u = state.units[unit];
  std::string name = u.id;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (i != unit && state.units[i].id == u.id) name = std::string(to_string(u.army)) + ":" + u.id;
  }
  if (name.find(' ') != std::string::npos) name = "\"" + name + "\"";
  return name;
}

std::variant<NotatedAction, std::string> parse_action_line(const GameState& state, std::string_view line) {
  auto w = words(line);
  if (w.size() < 2) return std::string("expected: SIDE ACTION ...");
  NotatedAction notated;
  // The dice the action consumed close the line: "die N" (one) or "dice N M ..." (any number).
  for (std::size_t k = 2; k < w.size(); ++k) {
    if (w[k] != "die" && w[k] != "dice") continue;
    if (k + 1 >= w.size()) return "'" + w[k] + "' needs a number";
    if (w[k] == "die" && k + 2 != w.size())
      return std::string("'die' takes one number; several are 'dice N M ...'");
    for (std::size_t d = k + 1; d < w.size(); ++d) {
      const auto n = parse_count(w[d]);
      if (!n) return "'" + w[k] + "' needs numbers, found '" + w[d] + "'";
      if (*n < 1 || *n > 6) return std::string("a die shows 1 to 6");
      notated.dice.push_back(*n);
    }
    w.resize(k);
    break;
  }
  const auto side = side_from_string(w[0]);
  if (!side) return "unknown side '" + w[0] + "' (french, coalition)";
  notated.side = *side;
  const ActionKind* kind = find_action_kind(w[1]);
  const RuleModule* rule_module = nullptr;
  if (!kind) {
    // A rule module's action, by its own verb (rules/modules/rule_segment.hpp).
    if (const RuleActionKind* rule_kind = find_rule_action_kind(w[1], &rule_module)) {
      auto action = rule_kind->parse(state, std::vector<std::string>(w.begin() + 2, w.end()));
      if (auto* error = std::get_if<std::string>(&action)) return *error;
      auto& rule_action = std::get<RuleAction>(action);
      if (rule_action.rule.empty()) rule_action.rule = std::string(rule_module->rule);  // 22.6B's own choose-entry
      rule_action.verb = std::string(rule_kind->verb);
      notated.action = std::move(rule_action);
      return notated;
    }
    std::string known;
    for (const ActionKind* listed : action_kinds())
      if (!listed->verb.empty()) known += (known.empty() ? "" : ", ") + std::string(listed->verb);
    std::vector<const RuleActionKind*> listed_kinds;  // a kind serving two segments (28.0D, 22.6B) once
    for (const RuleModule* module : registered_rule_modules())
      for (const RuleActionKind* listed : module_action_kinds(*module))
        if (std::find(listed_kinds.begin(), listed_kinds.end(), listed) == listed_kinds.end()) {
          listed_kinds.push_back(listed);
          known += ", " + std::string(listed->verb);
        }
    return "unknown action '" + w[1] + "' (" + known + ")";
  }
  auto action = kind->parse(state, std::vector<std::string>(w.begin() + 2, w.end()));
  if (auto* error = std::get_if<std::string>(&action)) return *error;
  notated.action = std::move(std::get<Action>(action));
  return notated;
}

std::string format_action(const GameState& state, Side side, const Action& action,
                          const std::vector<int>& dice) {
  std::ostringstream out;
  out << side_name(side) << ' ' << action_kind(action).format(state, action);
  if (dice.size() == 1) out << " die " << dice.front();
  if (dice.size() > 1) {
    out << " dice";
    for (int d : dice)
      out << ' ' << d;
  }
  return out.str();
}

std::string format_event(const GameState& state, const Event& event) {
  std::ostringstream out;
  std::visit(
      [&](const auto& e) {
        using E = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<E, UnitMovedEvent>) {
          out << unit_name(state, e.unit) << (e.entered ? " entered and moved" : " moved");
          for (Hex hex : e.path)
            out << ' ' << format_hex(hex);
          out << " (" << e.spent_half / 2 << (e.spent_half % 2 ? ".5" : "") << " MP)";
          if (e.exited) out << " and left the map";
        } else if constexpr (std::is_same_v<E, PhaseStartedEvent>) {
          out << "turn " << state.rules->turns[static_cast<std::size_t>(e.turn)].name.to_string() << ": "
              << to_string(e.side) << ' ' << to_string(e.phase) << " phase";
        } else if constexpr (std::is_same_v<E, GameEndedEvent>) {
          out << "game over: "
              << (e.result.winner ? std::string(to_string(*e.result.winner)) : std::string("nobody")) << ' '
              << e.result.level << " (" << e.result.text << ")";
        } else if constexpr (std::is_same_v<E, CombatResolvedEvent>) {
          out << "combat " << e.combat << ": " << e.odds.attack << " to " << e.odds.defence << ", "
              << e.odds.used.to_string() << ", die " << e.die;
          if (e.odds.die_modifier != 0)
            out << (e.odds.die_modifier > 0 ? " +" : " ") << e.odds.die_modifier << " = "
                << e.odds.modified_die(e.die);  // 24.5C
          out << ": " << to_string(e.result);
          for (const std::string& m : e.odds.modifiers)
            out << "; " << m;
        } else if constexpr (std::is_same_v<E, UnitRetreatedEvent>) {
          out << unit_name(state, e.unit) << " retreated " << format_hex(e.from) << " -> "
              << format_hex(e.to);
          if (e.displaced) out << ", displacing " << unit_name(state, *e.displaced);
        } else if constexpr (std::is_same_v<E, UnitStoodFastEvent>) {
          out << unit_name(state, e.unit) << " held its chateau (8.2C)";
        } else if constexpr (std::is_same_v<E, UnitAdvancedEvent>) {
          out << unit_name(state, e.unit) << " advanced " << format_hex(e.from) << " -> " << format_hex(e.to);
        } else if constexpr (std::is_same_v<E, UnitEliminatedEvent>) {
          out << unit_name(state, e.unit) << " eliminated (" << e.reason << ")";
        } else if constexpr (std::is_same_v<E, UnitPlacedEvent>) {
          if (state.phase != Phase::Setup && e.unit < state.units.size() && state.units[e.unit].is_leader()) {
            out << unit_name(state, e.unit) << " placed with the nearest friendly unit in "
                << format_hex(e.to) << " from " << format_hex(e.from) << " (10.1E)";
          } else {
            out << unit_name(state, e.unit) << " set up in " << format_hex(e.to) << " instead of "
                << format_hex(e.from) << " (3.2C)";
          }
        } else if constexpr (std::is_same_v<E, DieRolledEvent>) {
          out << e.rule << " die " << e.die << ": " << e.outcome;
        } else if constexpr (std::is_same_v<E, CorpsLossEvent>) {
          out << to_string(e.army) << (e.army == Army::Allied ? " nationality " : " corps ") << e.corps
              << (e.strength < 0 ? " recovers " : " loses ") << (e.strength < 0 ? -e.strength : e.strength)
              << " SP, losses now " << e.losses << (e.strength < 0 ? " (13.3)" : " (13.0)");
        } else if constexpr (std::is_same_v<E, CorpsMoraleEvent>) {
          out << to_string(e.army) << (e.army == Army::Allied ? " nationality " : " corps ") << e.corps
              << (e.demoralized ? " demoralized" : " recovers good morale") << ": losses " << e.losses
              << (e.demoralized ? " reach its level " : " below its level ") << e.level
              << (e.demoralized ? (e.army == Army::Allied ? " (13.1)" : " (13.0)") : " (13.3)");
        } else if constexpr (std::is_same_v<E, MoraleEvent>) {
          out << to_string(e.army) << " army "
              << (e.disintegrated ? "disintegrated (9.1)" : "demoralized (9.2)");
        } else if constexpr (std::is_same_v<E, RuleEvent>) {
          out << rules_event_words(state, e).value_or(e.rule + " " + e.kind);
        } else {
          static_assert(sizeof(E) == 0, "every event has words");
        }
      },
      event);
  return out.str();
}

}  // namespace hd::engine
