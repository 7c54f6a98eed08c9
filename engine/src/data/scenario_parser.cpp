#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/data/tsv.hpp>

#include <utility>

namespace hd::engine {
namespace {

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

// Reads statements one by one into a Scenario, collecting every error.
class ScenarioBuilder {
 public:
  ScenarioBuilder(const std::string& file, std::vector<DataError>& errors) : file_(file), errors_(errors) {}

  void statement(const Statement& s);
  std::optional<Scenario> finish();

 private:
  using Tokens = std::vector<Token>;

  void error(int line, std::string message) { errors_.push_back({file_, line, std::move(message)}); }
  ScenarioForces& forces() { return option_ ? option_->additions : scenario_.forces; }
  // Position of the ':' token at or after `from`, or nullopt (with an error).
  std::optional<std::size_t> colon(const Statement& s, std::size_t from);
  std::optional<Army> army(const Statement& s, std::size_t at);
  std::optional<Side> side(const Statement& s, std::size_t at);
  std::optional<Hex> hex(const Statement& s, std::size_t at);
  std::optional<TurnName> turn(const Statement& s, std::size_t at);
  std::optional<int> number(const Statement& s, std::size_t at);
  bool refs(const Statement& s, std::size_t from, std::vector<UnitRef>& out);
  bool condition(const Statement& s, std::size_t from, Condition& out);

  void setup(const Statement& s);
  void reinforce(const Statement& s);
  void morale(const Statement& s, bool with_turn);
  void group_morale(const Statement& s, std::vector<GroupMorale>& out);
  void vp(const Statement& s);
  void victory(const Statement& s, bool instant);

  const std::string& file_;
  std::vector<DataError>& errors_;
  Scenario scenario_;
  bool have_header_ = false, have_area_ = false, have_turns_ = false;
  std::optional<ScenarioOption> option_;
};

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

void ScenarioBuilder::setup(const Statement& s) {
  Placement placement;
  placement.line = s.line;
  const auto a = army(s, 1);
  const auto h = hex(s, 2);
  const auto c = colon(s, 3);
  if (!a || !h || !c) return;
  placement.army = *a;
  placement.hex = *h;
  for (std::size_t i = 3; i < *c; ++i) {
    const std::string& word = s.tokens[i].text;
    if (word.starts_with("w/")) {
      const auto radius = parse_count(word.substr(2));
      if (!radius) return error(s.line, "bad placement radius '" + word + "'");
      placement.radius = *radius;
    } else if (word == "unstacked") {
      placement.unstacked = true;
    } else {
      return error(s.line, "unknown set-up flag '" + word + "'");
    }
  }
  if (refs(s, *c + 1, placement.units)) forces().placements.push_back(std::move(placement));
}

void ScenarioBuilder::reinforce(const Statement& s) {
  Reinforcement entry;
  entry.line = s.line;
  const auto a = army(s, 1);
  const auto t = turn(s, 2);
  const auto c = colon(s, 3);
  if (!a || !t || !c) return;
  entry.army = *a;
  entry.turn = *t;
  std::size_t i = 3;
  if (i >= *c || s.tokens[i].text != "at") return error(s.line, "expected 'at HEX' after the turn");
  ++i;
  while (i < *c) {
    const auto h = hex(s, i);
    if (!h) return;
    entry.hexes.push_back(*h);
    ++i;
    if (i < *c && s.tokens[i].text == "or") {
      ++i;
      continue;
    }
    break;
  }
  for (; i < *c; ++i) {
    const std::string& word = s.tokens[i].text;
    if (word == "half-ma") {
      entry.half_movement = true;
    } else if (word == "unstacked") {
      entry.unstacked = true;
    } else if (word == "secret") {
      entry.secret = true;
    } else {
      return error(s.line, "unknown reinforcement flag '" + word + "'");
    }
  }
  if (refs(s, *c + 1, entry.units)) forces().reinforcements.push_back(std::move(entry));
}

void ScenarioBuilder::morale(const Statement& s, bool with_turn) {
  MoraleLevel level;
  level.line = s.line;
  const auto a = army(s, 1);
  if (!a) return;
  level.army = *a;
  std::size_t i = 2;
  if (with_turn) {
    const auto t = turn(s, 2);
    if (!t) return;
    level.from_turn = *t;
    i = 3;
  }
  while (i < s.tokens.size()) {
    const std::string& word = s.tokens[i].text;
    const auto n = number(s, i + 1);
    if (!n) return;
    if (word == "demoralization") {
      level.demoralization = *n;
    } else if (word == "disintegration") {
      level.disintegration = *n;
    } else {
      return error(s.line, "expected 'demoralization N' or 'disintegration N', found '" + word + "'");
    }
    i += 2;
  }
  if (!level.demoralization && !level.disintegration) return error(s.line, "no morale level given");
  forces().morale.push_back(level);
}

void ScenarioBuilder::group_morale(const Statement& s, std::vector<GroupMorale>& out) {
  const auto a = army(s, 1);
  if (!a) return;
  if (s.tokens.size() != 4) return error(s.line, "expected: " + s.tokens[0].text + " ARMY GROUP N");
  const auto n = number(s, 3);
  if (!n) return;
  out.push_back(GroupMorale{*a, s.tokens[2].text, *n, s.line});
}

void ScenarioBuilder::vp(const Statement& s) {
  VpRule rule;
  rule.line = s.line;
  const auto sd = side(s, 1);
  if (!sd || s.tokens.size() < 4)
    return error(s.line, "expected: vp SIDE per-strength-point N | hex HEXES N | exit HEXES N");
  rule.side = *sd;
  const std::string& kind = s.tokens[2].text;
  std::size_t i = 0;
  if (kind == "per-strength-point") {
    rule.kind = VpKind::PerStrengthPoint;
    const auto n = number(s, 3);
    if (!n) return;
    rule.points = *n;
    i = 4;
  } else if (kind == "hex" || kind == "exit") {
    rule.kind = kind == "hex" ? VpKind::Hex : VpKind::Exit;
    // Hexes (CCRR or CCRR-RR) up to the number of points.
    i = 3;
    while (i < s.tokens.size() && s.tokens[i].text.size() >= 4) {
      if (const auto message = parse_hex_items({s.tokens[i]}, rule.hexes)) return error(s.line, *message);
      ++i;
    }
    if (rule.hexes.empty()) return error(s.line, "expected hexes after '" + kind + "'");
    const auto n = number(s, i);
    if (!n) return;
    rule.points = *n;
    ++i;
  } else {
    return error(s.line, "unknown vp kind '" + kind + "'");
  }
  for (; i < s.tokens.size(); ++i) {
    const std::string& word = s.tokens[i].text;
    if (word == "at-end") {
      rule.at_end = true;
    } else if (word == "per-strength-point" && rule.kind == VpKind::Exit) {
      rule.per_strength_point = true;
    } else {
      return error(s.line, "unknown vp flag '" + word + "'");
    }
  }
  forces().vp.push_back(rule);
}

void ScenarioBuilder::victory(const Statement& s, bool instant) {
  VictoryCondition v;
  v.line = s.line;
  v.instant = instant;
  const auto sd = side(s, 1);
  if (!sd) return;
  v.side = *sd;
  std::size_t text_at = 2;
  if (!instant) {
    if (s.tokens.size() < 3 || s.tokens[2].quoted)
      return error(s.line, "expected: victory SIDE LEVEL \"text\" : CONDITION");
    v.level = s.tokens[2].text;
    text_at = 3;
  } else {
    v.level = "instant";
  }
  if (text_at >= s.tokens.size() || !s.tokens[text_at].quoted)
    return error(s.line, "expected a quoted description");
  v.text = s.tokens[text_at].text;
  const auto c = colon(s, text_at + 1);
  if (!c) return;
  if (condition(s, *c + 1, v.condition)) forces().victory.push_back(std::move(v));
}

void ScenarioBuilder::statement(const Statement& s) {
  const std::string& keyword = s.tokens.front().text;
  const std::size_t n = s.tokens.size();
  if (keyword == "scenario") {
    if (have_header_) return error(s.line, "a second scenario statement");
    if (n != 4 || !s.tokens[1].quoted || s.tokens[2].text != "rule")
      return error(s.line, "expected: scenario \"Name\" rule N.0");
    scenario_.name = s.tokens[1].text;
    scenario_.rule = s.tokens[3].text;
    have_header_ = true;
    return;
  }
  if (!have_header_) return error(s.line, "the first statement must be: scenario \"Name\" rule N.0");
  if (keyword == "option") {
    if (option_) return error(s.line, "option blocks do not nest (missing 'end'?)");
    if (n != 3 || !s.tokens[2].quoted) return error(s.line, "expected: option ID \"title\"");
    option_ =
        ScenarioOption{s.tokens[1].text, s.tokens[2].text, std::nullopt, {}, {}, {}, s.line, std::nullopt};
    return;
  }
  if (keyword == "end") {
    if (!option_) return error(s.line, "'end' without 'option'");
    if (const auto message = secret_option_problem(*option_)) error(option_->line, *message);
    scenario_.options.push_back(std::move(*option_));
    option_.reset();
    return;
  }
  if (keyword == "secret") {
    if (!option_) return error(s.line, "'secret' belongs inside an option block");
    const auto sd = side(s, 1);
    const auto reveal = n == 4 && s.tokens[2].text == "until" ? turn(s, 3) : std::nullopt;
    if (!sd || !reveal) return error(s.line, "expected: secret SIDE until TURN");
    option_->secret = SecretOption{*sd, *reveal};
    return;
  }
  if (keyword == "remove") {
    if (!option_) return error(s.line, "'remove' belongs inside an option block");
    const auto a = army(s, 1);
    if (!a || n != 3) return error(s.line, "expected: remove ARMY ID");
    option_->removals.emplace_back(*a, s.tokens[2].text);
    return;
  }
  if (keyword == "setup") return setup(s);
  if (keyword == "reinforce") return reinforce(s);
  if (keyword == "morale") return morale(s, false);
  if (keyword == "morale-at") return morale(s, true);
  if (keyword == "corps-morale") return group_morale(s, forces().corps_morale);
  if (keyword == "nationality-morale") return group_morale(s, forces().nationality_morale);
  if (keyword == "vp") return vp(s);
  if (keyword == "victory") return victory(s, false);
  if (keyword == "instant") return victory(s, true);
  if (keyword == "special") {
    if (n != 3 || !s.tokens[2].quoted) return error(s.line, "expected: special RULE \"text\"");
    forces().specials.push_back(SpecialRule{s.tokens[1].text, s.tokens[2].text, s.line});
    return;
  }
  if (keyword == "control") {
    const auto sd = side(s, 1);
    const auto c = colon(s, 2);
    if (!sd || !c) return;
    ControlAtStart control{*sd, {}, s.line};
    if (const auto message =
            parse_hex_items({s.tokens.begin() + static_cast<long>(*c) + 1, s.tokens.end()}, control.hexes)) {
      return error(s.line, *message);
    }
    forces().control.push_back(std::move(control));
    return;
  }
  if (keyword == "note") {
    if (n >= 2) scenario_.notes.push_back(s.tokens[1].text);
    return;
  }
  if (option_ && keyword == "turns") {
    const auto first = turn(s, 1);
    const auto last = turn(s, 2);
    if (first && last && n == 3) option_->turns = std::make_pair(*first, *last);
    return;
  }
  if (option_ && keyword == "rain") {
    for (std::size_t i = 1; i < n; ++i)
      if (const auto t = turn(s, i)) option_->rain.push_back(*t);
    return;
  }
  if (option_) return error(s.line, "'" + keyword + "' cannot appear inside an option block");
  if (keyword == "map") {
    if (n != 2) return error(s.line, "expected: map NAME");
    scenario_.map = s.tokens[1].text;
  } else if (keyword == "area") {
    if (n != 5 || s.tokens[1].text != "columns" || s.tokens[3].text != "rows") {
      return error(s.line, "expected: area columns CC-CC rows RR-RR");
    }
    const auto columns = parse_range(s.tokens[2].text);
    const auto rows = parse_range(s.tokens[4].text);
    if (!columns || !rows) return error(s.line, "bad column or row range");
    scenario_.area = PlayingArea{columns->first, columns->second, rows->first, rows->second};
    have_area_ = true;
  } else if (keyword == "turns") {
    const auto first = turn(s, 1);
    const auto last = turn(s, 2);
    if (!first || !last || n != 3) return;
    scenario_.first_turn = *first;
    scenario_.last_turn = *last;
    have_turns_ = true;
  } else if (keyword == "rain") {
    for (std::size_t i = 1; i < n; ++i)
      if (const auto t = turn(s, i)) scenario_.rain.push_back(*t);
  } else if (keyword == "first") {
    if (const auto sd = side(s, 1)) scenario_.first_side = *sd;
  } else if (keyword == "rules" || keyword == "optional") {
    auto& list = keyword == "rules" ? scenario_.rules : scenario_.optional;
    for (std::size_t i = 1; i < n; ++i)
      list.push_back(s.tokens[i].text);
  } else {
    error(s.line, "unknown statement '" + keyword + "'");
  }
}

std::optional<Scenario> ScenarioBuilder::finish() {
  if (option_) error(option_->line, "option '" + option_->id + "' has no 'end'");
  if (!have_header_) return std::nullopt;
  if (scenario_.map.empty()) error(1, "no 'map' statement");
  if (!have_area_) error(1, "no 'area' statement");
  if (!have_turns_) error(1, "no 'turns' statement");
  return std::move(scenario_);
}

}  // namespace

std::string TurnName::to_string() const {
  std::string text = std::to_string(day) + "/";
  const std::string hours = std::to_string(hhmm);
  return text + std::string(4 - std::min<std::size_t>(4, hours.size()), '0') + hours;
}

std::optional<TurnName> parse_turn_name(std::string_view text) {
  if (text.size() != 7 || text[2] != '/') return std::nullopt;
  const auto day = parse_count(text.substr(0, 2));
  const auto hhmm = parse_count(text.substr(3));
  if (!day || !hhmm || *hhmm > 2400 || *hhmm % 100 >= 60) return std::nullopt;
  return TurnName{*day, *hhmm};
}

ScenarioParseResult parse_scenario(std::string_view text, const std::string& file_name) {
  ScenarioParseResult result;
  // Statements inside option blocks may be indented: these words always start a statement.
  static const std::vector<std::string_view> kKeywords{
      "scenario", "map",   "area",      "turns",   "rain",      "first",        "rules",
      "optional", "setup", "reinforce", "morale",  "morale-at", "corps-morale", "nationality-morale",
      "control",  "vp",    "victory",   "instant", "special",   "option",       "end",
      "remove",   "note"};
  const auto statements = split_statements(text, file_name, result.errors, kKeywords);
  ScenarioBuilder builder(file_name, result.errors);
  for (const Statement& s : statements)
    builder.statement(s);
  auto scenario = builder.finish();
  if (!scenario && result.errors.empty()) result.errors.push_back({file_name, 1, "no scenario statement"});
  if (result.errors.empty()) result.scenario = std::move(scenario);
  return result;
}

TurnTrackParseResult parse_turn_track(std::string_view text, const std::string& file_name) {
  TurnTrackParseResult result;
  std::vector<TrackTurn> turns;
  for (const Statement& s : split_statements(text, file_name, result.errors)) {
    if (s.tokens.size() != 3 || s.tokens[0].text != "turn" ||
        (s.tokens[2].text != "day" && s.tokens[2].text != "night")) {
      result.errors.push_back({file_name, s.line, "expected: turn DD/HHHH day|night"});
      continue;
    }
    const auto name = parse_turn_name(s.tokens[1].text);
    if (!name) {
      result.errors.push_back({file_name, s.line, "bad turn '" + s.tokens[1].text + "'"});
      continue;
    }
    if (!turns.empty() && !(turns.back().name < *name)) {
      result.errors.push_back(
          {file_name, s.line,
           "turn " + name->to_string() + " is not after " + turns.back().name.to_string()});
      continue;
    }
    turns.push_back(TrackTurn{*name, s.tokens[2].text == "night"});
  }
  if (turns.empty()) result.errors.push_back({file_name, 1, "no turns"});
  if (result.errors.empty()) result.turns = std::move(turns);
  return result;
}

}  // namespace hd::engine
