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

}  // namespace

std::string format_scenario_list(const v1::ScenarioList& list) {
  std::ostringstream out;
  out << list.scenarios_size() << (list.scenarios_size() == 1 ? " scenario\n" : " scenarios\n");
  for (const v1::ListedScenario& scenario : list.scenarios()) {
    out << scenario.slug() << ": " << scenario.title() << " (rule " << scenario.rule() << ")\n";
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
