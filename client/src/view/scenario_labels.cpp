#include "view/scenario_labels.hpp"

#include "model/game_model.hpp"
#include "view/status_text.hpp"

namespace hd::client {

namespace {

// `title` followed by `tail`, the title shortened by printable() so the whole stays within
// `max_bytes` when it can ("..." counts); the tail is kept whole even when it alone is longer.
std::string title_then(const std::string& title, const std::string& tail, std::size_t max_bytes) {
  const std::string clean_tail = printable(tail, tail.size());
  const std::string whole = printable(title, title.size()) + clean_tail;
  if (whole.size() <= max_bytes) return whole;
  const std::size_t dots = 3;
  const std::size_t room = max_bytes > clean_tail.size() + dots ? max_bytes - clean_tail.size() - dots : 0;
  return printable(title, room) + clean_tail;
}

}  // namespace

std::string scenario_list_label(const ScenarioEntry& entry, std::size_t max_bytes) {
  std::string tail = " (" + entry.rule + ")";
  if (!entry.missing_rules.empty()) tail += std::string(" ") + kNotByTheBook;
  return title_then(entry.title, tail, max_bytes);
}

std::string force_option_label(const ForceOption& option, std::size_t max_bytes) {
  const std::string id = printable(option.id, option.id.size()) + " ";
  const std::string tail = option.secret_side == pb::SIDE_UNSPECIFIED
                               ? ""
                               : " (" + side_name(option.secret_side) + " secret choice)";
  const std::size_t room = max_bytes > id.size() ? max_bytes - id.size() : 0;
  return id + title_then(option.title, tail, room);
}

std::string not_by_the_book_note(const ScenarioEntry& entry) {
  if (entry.missing_rules.empty()) return "";
  std::string rules;
  for (const std::string& rule : entry.missing_rules)
    rules += (rules.empty() ? "" : ", ") + rule;
  return std::string(kNotByTheBook) + ": missing " + printable(rules, rules.size()) +
         " (only a development server makes this game)";
}

}  // namespace hd::client
