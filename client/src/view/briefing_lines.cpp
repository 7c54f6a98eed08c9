#include "view/briefing_lines.hpp"

#include "view/word_wrap.hpp"

namespace hd::client {
namespace pb = hundred_days::v1;
namespace {

constexpr const char* kIndent = "    ";

// Adds `text` wrapped to `width`, its lines after the first indented.
void paragraph(std::vector<BriefingLine>& lines, const std::string& text, std::size_t width,
               const std::string& first_indent = "") {
  const std::size_t indent = std::string(kIndent).size();
  const std::size_t room =
      width > indent + first_indent.size() + 8 ? width - indent - first_indent.size() : 8;
  const std::vector<std::string> wrapped = word_wrap(text, room);
  for (std::size_t i = 0; i < wrapped.size(); ++i)
    lines.push_back({(i == 0 ? first_indent : first_indent + kIndent) + wrapped[i], false});
}

std::string side_words(pb::Side side) {
  switch (side) {
    case pb::SIDE_FRENCH:
      return "French";
    case pb::SIDE_COALITION:
      return "Coalition";
    default:
      return "Nobody";
  }
}

}  // namespace

std::vector<BriefingLine> briefing_lines(const pb::ScenarioInfo& scenario, std::uint32_t current,
                                         std::size_t width) {
  std::vector<BriefingLine> lines;
  lines.push_back({scenario.title() + " (" + scenario.rule() + ")", true});
  if (scenario.turns_size() > 0) {
    std::string turns = "Turns: " + scenario.turns(0).label() + " to " +
                        scenario.turns(scenario.turns_size() - 1).label() + " (" +
                        std::to_string(scenario.turns_size()) + " turns)";
    if (current < static_cast<std::uint32_t>(scenario.turns_size()))
      turns += "; now turn " + std::to_string(current + 1) + ": " +
               scenario.turns(static_cast<int>(current)).label();
    paragraph(lines, turns, width);
  }

  lines.push_back({"Victory conditions", true});
  for (const pb::BriefingVictory& victory : scenario.victory()) {
    const std::string kind = victory.instant() ? "instant win" : victory.level();
    paragraph(lines, side_words(victory.side()) + " " + kind + ": " + victory.text(), width);
  }
  if (scenario.victory_size() == 0) lines.push_back({"none stated", false});

  lines.push_back({"Special rules in force", true});
  for (const pb::BriefingRule& rule : scenario.special_rules()) {
    paragraph(lines, rule.rule() + (rule.title().empty() ? std::string() : ": " + rule.title()), width);
    for (const std::string& words : rule.lines())
      paragraph(lines, words, width, kIndent);
  }
  if (scenario.special_rules_size() == 0) lines.push_back({"none", false});

  lines.push_back({"Force options chosen", true});
  for (int i = 0; i < scenario.force_options_size(); ++i) {
    const std::string title = i < scenario.force_option_titles_size() ? scenario.force_option_titles(i) : "";
    paragraph(lines, scenario.force_options(i) + (title.empty() ? std::string() : ": " + title), width);
  }
  if (scenario.force_options_size() == 0) lines.push_back({"none", false});

  lines.push_back({"Optional rules chosen", true});
  std::string optional;
  for (const std::string& rule : scenario.optional_rules())
    optional += (optional.empty() ? "" : ", ") + rule;
  paragraph(lines, optional.empty() ? "none" : optional, width);

  if (scenario.missing_rules_size() > 0) {
    std::string missing;
    for (const std::string& rule : scenario.missing_rules())
      missing += (missing.empty() ? "" : ", ") + rule;
    lines.push_back({"NOT BY THE BOOK", true});
    paragraph(lines, "played without the rules " + missing, width);
  }
  return lines;
}

}  // namespace hd::client
