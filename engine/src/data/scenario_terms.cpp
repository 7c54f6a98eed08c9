#include "scenario_builder.hpp"

namespace hd::engine::parser_detail {

std::optional<Side> side_from_string(std::string_view text) {
  if (text == "french") return Side::French;
  if (text == "coalition") return Side::Coalition;
  return std::nullopt;
}

// "01-29" -> (1, 29)
std::optional<std::pair<int, int>> parse_range(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto first = parse_count(text.substr(0, dash));
  const auto last = parse_count(text.substr(dash + 1));
  if (!first || !last || *first > *last) return std::nullopt;
  return std::make_pair(*first, *last);
}

// Why a secret option (18.5C) could not be hidden, or nullopt. It may add only what shows nothing
// before its reveal: reinforcements arriving no earlier than the reveal turn (whose units the view
// leaves out), special rules and victory conditions (decided at the end). Anything else would show
// on the board, the turn track or the levels from the start.
std::optional<std::string> secret_option_problem(const ScenarioOption& option) {
  if (!option.secret) return std::nullopt;
  const ScenarioForces& add = option.additions;
  if (!option.removals.empty() || option.turns || !option.rain.empty() || !add.placements.empty() ||
      !add.morale.empty() || !add.corps_morale.empty() || !add.nationality_morale.empty() ||
      !add.control.empty() || !add.vp.empty()) {
    return "secret option " + option.id +
           " may add only reinforcements, special rules and victory conditions (anything else would show)";
  }
  for (const Reinforcement& r : add.reinforcements) {
    if (r.turn < option.secret->reveal)
      return "secret option " + option.id + ": its reinforcements may not arrive before its reveal turn";
  }
  return std::nullopt;
}

std::optional<std::size_t> ScenarioBuilder::colon(const Statement& s, std::size_t from) {
  for (std::size_t i = from; i < s.tokens.size(); ++i)
    if (!s.tokens[i].quoted && s.tokens[i].text == ":") return i;
  error(s.line, "expected ':' in '" + s.tokens[0].text + "' statement");
  return std::nullopt;
}

std::optional<Army> ScenarioBuilder::army(const Statement& s, std::size_t at) {
  const auto value = at < s.tokens.size() ? army_from_string(s.tokens[at].text) : std::nullopt;
  if (!value) error(s.line, "expected an army (french, prussian, allied)");
  return value;
}

std::optional<Side> ScenarioBuilder::side(const Statement& s, std::size_t at) {
  const auto value = at < s.tokens.size() ? side_from_string(s.tokens[at].text) : std::nullopt;
  if (!value) error(s.line, "expected a side (french, coalition)");
  return value;
}

std::optional<Hex> ScenarioBuilder::hex(const Statement& s, std::size_t at) {
  const auto value = at < s.tokens.size() ? parse_hex(s.tokens[at].text) : std::nullopt;
  if (!value)
    error(s.line,
          "expected a hex CCRR" + (at < s.tokens.size() ? ", found '" + s.tokens[at].text + "'" : ""));
  return value;
}

std::optional<TurnName> ScenarioBuilder::turn(const Statement& s, std::size_t at) {
  const auto value = at < s.tokens.size() ? parse_turn_name(s.tokens[at].text) : std::nullopt;
  if (!value)
    error(s.line,
          "expected a turn DD/HHHH" + (at < s.tokens.size() ? ", found '" + s.tokens[at].text + "'" : ""));
  return value;
}

std::optional<int> ScenarioBuilder::number(const Statement& s, std::size_t at) {
  const auto value = at < s.tokens.size() ? parse_count(s.tokens[at].text) : std::nullopt;
  if (!value)
    error(s.line,
          "expected a whole number" + (at < s.tokens.size() ? ", found '" + s.tokens[at].text + "'" : ""));
  return value;
}

bool ScenarioBuilder::refs(const Statement& s, std::size_t from, std::vector<UnitRef>& out) {
  bool in_less = false;
  for (std::size_t i = from; i < s.tokens.size(); ++i) {
    const Token& token = s.tokens[i];
    if (!token.quoted && token.text == "all") {
      if (i + 1 >= s.tokens.size()) {
        error(s.line, "'all' needs a command designation");
        return false;
      }
      UnitRef group;
      group.command = s.tokens[++i].text;
      out.push_back(std::move(group));
      in_less = false;
    } else if (!token.quoted && token.text == "less") {
      if (out.empty() || out.back().command.empty()) {
        error(s.line, "'less' must follow 'all COMMAND'");
        return false;
      }
      in_less = true;
    } else if (!token.quoted && token.text == ":r") {
      // A quoted id followed by ":r" ("Lt [G]":r): the previous unit is set up reduced.
      if (out.empty() || !out.back().command.empty() || out.back().reduced) {
        error(s.line, "':r' must follow a unit id");
        return false;
      }
      out.back().reduced = true;
    } else if (in_less) {
      out.back().less.push_back(token.text);
    } else {
      UnitRef unit;
      unit.id = token.text;
      if (unit.id.size() > 2 && unit.id.ends_with(":r")) {  // ID:r, or "ID with spaces:r"
        unit.id.resize(unit.id.size() - 2);
        unit.reduced = true;
      }
      out.push_back(std::move(unit));
    }
  }
  if (out.empty()) error(s.line, "no units listed after ':'");
  return !out.empty();
}

bool ScenarioBuilder::condition(const Statement& s, std::size_t from, Condition& out) {
  std::size_t i = from;
  const auto at = [&](std::size_t k) -> std::string { return k < s.tokens.size() ? s.tokens[k].text : ""; };
  while (i < s.tokens.size()) {
    ConditionTerm term;
    const std::string word = at(i);
    if (word == "otherwise") {
      term.kind = ConditionTerm::Kind::Otherwise;
      i += 1;
    } else if (const auto a = army_from_string(word);
               a && (at(i + 1) == "demoralized" || at(i + 1) == "disintegrated")) {
      term.kind =
          at(i + 1) == "demoralized" ? ConditionTerm::Kind::Demoralized : ConditionTerm::Kind::Disintegrated;
      term.army = *a;
      i += 2;
    } else if (word == "controls") {
      const auto sd = side(s, i + 1);
      if (!sd) return false;
      term.kind = ConditionTerm::Kind::Controls;
      term.side = *sd;
      i += 2;
      while (i < s.tokens.size() && at(i) != "and" && at(i) != "or") {
        std::vector<Hex> hexes;
        if (const auto message = parse_hex_items({s.tokens[i]}, hexes)) {
          error(s.line, *message);
          return false;
        }
        term.hexes.insert(term.hexes.end(), hexes.begin(), hexes.end());
        ++i;
      }
      if (term.hexes.empty()) {
        error(s.line, "'controls' needs hexes");
        return false;
      }
    } else if (word == "vp-ratio" || word == "vp-net") {
      const auto sd = side(s, i + 1);
      // vp-net may be negative: a leading '-' before the whole number.
      const bool negative = word == "vp-net" && at(i + 2).size() > 1 && at(i + 2)[0] == '-';
      const auto magnitude = negative ? parse_count(at(i + 2).substr(1)) : std::nullopt;
      const auto n = negative ? magnitude : number(s, i + 2);
      if (negative && !magnitude) error(s.line, "expected a whole number, found '" + at(i + 2) + "'");
      if (!sd || !n) return false;
      term.kind = word == "vp-ratio" ? ConditionTerm::Kind::VpRatio : ConditionTerm::Kind::VpNet;
      term.side = *sd;
      term.number = negative ? -*n : *n;
      i += 3;
    } else {
      error(s.line, "unknown condition '" + word + "' (see docs/scenario-format.md)");
      return false;
    }
    out.terms.push_back(std::move(term));
    if (i < s.tokens.size()) {
      if (at(i) != "and" && at(i) != "or") {
        error(s.line, "expected 'and' or 'or', found '" + at(i) + "'");
        return false;
      }
      out.connectors.push_back(at(i));
      ++i;
      if (i >= s.tokens.size()) {
        error(s.line, "condition ends with '" + out.connectors.back() + "'");
        return false;
      }
    }
  }
  if (out.terms.empty()) error(s.line, "empty condition");
  return !out.terms.empty();
}

}  // namespace hd::engine::parser_detail
