#include "scenario_builder.hpp"

#include <hd/engine/data/scenario_parser.hpp>

#include <utility>

namespace hd::engine {
namespace parser_detail {

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

}  // namespace parser_detail

using parser_detail::ScenarioBuilder;

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
