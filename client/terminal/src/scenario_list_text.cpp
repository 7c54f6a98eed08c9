#include <hd/term/scenario_list_text.hpp>
#include <hd/term/state_text.hpp>

#include <sstream>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

// The words of a repeated string field separated by spaces, or "none" when it is empty.
std::string words_or_none(const google::protobuf::RepeatedPtrField<std::string>& words) {
  if (words.empty()) return "none";
  std::string text;
  for (const std::string& word : words)
    text += (text.empty() ? "" : " ") + word;
  return text;
}

// "turns: FIRST to LAST, N turns, rain: R R" (rain: none when no turn is rain).
std::string turns_line(const google::protobuf::RepeatedPtrField<v1::TurnInfo>& turns) {
  if (turns.empty()) return "turns: none";
  std::string rain;
  for (const v1::TurnInfo& turn : turns)
    if (turn.rain()) rain += (rain.empty() ? "" : " ") + turn.label();
  return "turns: " + turns.begin()->label() + " to " + turns.rbegin()->label() + ", " +
         std::to_string(turns.size()) + (turns.size() == 1 ? " turn" : " turns") +
         ", rain: " + (rain.empty() ? "none" : rain);
}

// The victory and special lines of one part of a briefing, each indented by `indent`.
void briefing_part(std::ostringstream& out, const std::string& indent,
                   const google::protobuf::RepeatedPtrField<v1::BriefingVictory>& victory,
                   const google::protobuf::RepeatedPtrField<v1::BriefingRule>& rules) {
  for (const v1::BriefingVictory& condition : victory)
    out << indent << "victory: " << side_name(condition.side()) << " "
        << (condition.instant() ? std::string("instant win") : condition.level()) << ": " << condition.text()
        << "\n";
  for (const v1::BriefingRule& rule : rules)
    for (const std::string& line : rule.lines())
      out << indent << "special " << rule.rule() << (rule.title().empty() ? "" : " (" + rule.title() + ")")
          << ": " << line << "\n";
}

// "slug: Title (rule R)".
std::string heading(const v1::ListedScenario& scenario) {
  return scenario.slug() + ": " + scenario.title() + " (rule " + scenario.rule() + ")";
}

}  // namespace

std::string format_scenario_briefing(const v1::ListedScenario& scenario) {
  std::ostringstream out;
  out << heading(scenario) << "\n";
  out << "  " << turns_line(scenario.turns()) << "\n";
  briefing_part(out, "  ", scenario.victory(), scenario.special_rules());
  for (const v1::ListedForceOption& option : scenario.force_options()) {
    out << "  option " << option.id() << ": " << option.title() << "\n";
    if (!option.turns().empty()) out << "    " << turns_line(option.turns()) << "\n";
    briefing_part(out, "    ", option.victory(), option.special_rules());
  }
  return out.str();
}

std::string format_scenario_list(const v1::ScenarioList& list) {
  std::ostringstream out;
  out << list.scenarios_size() << (list.scenarios_size() == 1 ? " scenario\n" : " scenarios\n");
  for (const v1::ListedScenario& scenario : list.scenarios()) {
    out << heading(scenario) << "\n";
    out << "  seats:";
    for (int seat : scenario.seats())
      out << " " << seat_name(static_cast<v1::Seat>(seat));
    out << "\n";
    if (scenario.force_options().empty()) out << "  options: none\n";
    for (const v1::ListedForceOption& option : scenario.force_options()) {
      out << "  option " << option.id() << ": " << option.title();
      if (option.secret_side() != v1::SIDE_UNSPECIFIED)
        out << " (secret choice of the " << side_name(option.secret_side()) << " side)";
      out << "\n";
    }
    out << "  optional rules: " << words_or_none(scenario.optional_rules()) << "\n";
    if (!scenario.missing_rules().empty())
      out << "  NOT BY THE BOOK: missing " << words_or_none(scenario.missing_rules()) << "\n";
  }
  return out.str();
}

}  // namespace hd::term
