// Issue 16: the briefing overlay's lines (F3) from a ScenarioInfo as the server sends it: the turns
// with the current one, victory conditions, special rules with their titles and words, options.
#include "view/briefing_lines.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace pb = hundred_days::v1;
using hd::client::BriefingLine;

namespace {

pb::ScenarioInfo quatre_bras() {
  pb::ScenarioInfo info;
  info.set_title("Quatre Bras");
  info.set_rule("19.0");
  for (const char* label : {"16/1400", "16/1500", "16/1600"})
    info.add_turns()->set_label(label);
  pb::BriefingVictory& instant = *info.add_victory();
  instant.set_side(pb::SIDE_FRENCH);
  instant.set_level("instant");
  instant.set_instant(true);
  instant.set_text("19.4A the Allies disintegrate");
  pb::BriefingVictory& win = *info.add_victory();
  win.set_side(pb::SIDE_COALITION);
  win.set_level("win");
  win.set_text("19.4C most VP at the end");
  pb::BriefingRule& rule = *info.add_special_rules();
  rule.set_rule("19.4C");
  rule.set_title("1 VP for holding Quatre Bras at the end of a player turn");
  rule.add_lines(
      "1 VP to the player controlling Quatre Bras (1641) at the end of each of his own player "
      "turns (not game turns)");
  info.add_force_options("19.5A");
  info.add_force_option_titles("Buttlar left two battalions with the wagon train");
  info.add_optional_rules("15.1");
  return info;
}

std::vector<std::string> texts(const std::vector<BriefingLine>& lines) {
  std::vector<std::string> out;
  for (const BriefingLine& line : lines)
    out.push_back(line.text);
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  return std::find(lines.begin(), lines.end(), text) != lines.end();
}

}  // namespace

TEST_CASE("briefing lines: turns, victory, special rules with titles, options", "[client][briefing]") {
  const auto lines = hd::client::briefing_lines(quatre_bras(), 1, 200);
  const auto words = texts(lines);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines[0].text == "Quatre Bras (19.0)");
  CHECK(lines[0].heading);
  CHECK(has(words, "Turns: 16/1400 to 16/1600 (3 turns); now turn 2: 16/1500"));
  CHECK(has(words, "French instant win: 19.4A the Allies disintegrate"));
  CHECK(has(words, "Coalition win: 19.4C most VP at the end"));
  CHECK(has(words, "19.4C: 1 VP for holding Quatre Bras at the end of a player turn"));
  CHECK(has(words, "19.5A: Buttlar left two battalions with the wagon train"));
  CHECK(has(words, "15.1"));
  std::vector<std::string> headings;
  for (const BriefingLine& line : lines)
    if (line.heading) headings.push_back(line.text);
  CHECK(headings == std::vector<std::string>{"Quatre Bras (19.0)", "Victory conditions",
                                             "Special rules in force", "Force options chosen",
                                             "Optional rules chosen"});
}

TEST_CASE("briefing lines: long words wrapped and indented, empty sections say none", "[client][briefing]") {
  pb::ScenarioInfo info = quatre_bras();
  const auto lines = hd::client::briefing_lines(info, 0, 40);
  for (const BriefingLine& line : lines)
    CHECK(line.text.size() <= 40);
  // The rule's words: first line indented once, its continuations twice.
  const auto words = texts(lines);
  const auto first = std::find_if(words.begin(), words.end(), [](const std::string& w) {
    return w.starts_with("    1 VP to the player");
  });
  REQUIRE(first != words.end());
  REQUIRE(first + 1 != words.end());
  CHECK((first + 1)->starts_with("        "));

  info.clear_victory();
  info.clear_special_rules();
  info.clear_force_options();
  info.clear_force_option_titles();
  info.clear_optional_rules();
  info.add_missing_rules("16.3");
  const auto bare = texts(hd::client::briefing_lines(info, 0, 80));
  CHECK(std::count(bare.begin(), bare.end(), "none") == 3);
  CHECK(has(bare, "none stated"));
  CHECK(has(bare, "NOT BY THE BOOK"));
  CHECK(has(bare, "played without the rules 16.3"));
}
