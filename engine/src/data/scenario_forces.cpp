#include "scenario_builder.hpp"

namespace hd::engine::parser_detail {

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
  std::vector<Hex>* hexes = &entry.hexes;
  while (i < *c) {
    const auto h = hex(s, i);
    if (!h) return;
    hexes->push_back(*h);
    ++i;
    if (i < *c && s.tokens[i].text == "or") {
      ++i;
      // 28.0C: "16/1200 at 3167 or 16/1400 at 1167", an alternative on another turn.
      if (i < *c && s.tokens[i].text.find('/') != std::string::npos) {
        const auto later = turn(s, i);
        if (!later) return;
        if (i + 1 >= *c || s.tokens[i + 1].text != "at")
          return error(s.line, "expected 'at HEX' after the turn " + s.tokens[i].text);
        entry.later_times.push_back(EntryTime{*later, {}});
        hexes = &entry.later_times.back().hexes;
        i += 2;
      }
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
    } else if (word == "choice" && i + 1 < *c) {
      entry.choice = s.tokens[++i].text;
    } else if (word == "by" && i + 1 < *c) {
      const auto by = turn(s, ++i);
      if (!by) return;
      entry.choose_by = *by;
    } else if (word == "rule" && i + 1 < *c) {
      entry.choice_rule = s.tokens[++i].text;
    } else if (word == "or-none") {
      entry.may_decline = true;
    } else if (word == "secret") {
      return error(s.line, "'secret' entries are written 'choice NAME [by TURN]' (28.0D)");
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

}  // namespace hd::engine::parser_detail
