#include "model/game_log.hpp"

#include "view/word_wrap.hpp"

#include <algorithm>

namespace hd::client {
namespace {

constexpr std::size_t kMinColumns = 8;
constexpr std::size_t kContinuationIndent = 2;

}  // namespace

std::vector<std::string> wrap_log_entry(const std::string& entry, std::size_t columns) {
  columns = std::max(columns, kMinColumns);
  const std::size_t text_at = std::min(entry.find_first_not_of(' '), entry.size());
  // At most half the width goes to indentation, so every line keeps room for words.
  const std::size_t lead = std::min(text_at, columns / 2);
  const std::size_t next_lead = std::min(lead + kContinuationIndent, columns / 2);
  // Every piece is cut at the continuation's width, so no line, indented, exceeds `columns`.
  const std::vector<std::string> pieces = word_wrap_cut(entry.substr(text_at), columns - next_lead);
  if (pieces.empty()) return {std::string(lead, ' ')};
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < pieces.size(); ++i)
    lines.push_back(std::string(i == 0 ? lead : next_lead, ' ') + pieces[i]);
  return lines;
}

std::size_t GameLog::add(std::string entry) {
  const std::vector<std::string> wrapped = wrap_log_entry(entry, columns_);
  lines_.insert(lines_.end(), wrapped.begin(), wrapped.end());
  entry_lines_.push_back(wrapped.size());
  entries_.push_back(std::move(entry));
  if (below_ > 0) below_ += wrapped.size();  // a reader scrolled back stays on the same lines
  while (entries_.size() > kMaxEntries) {
    lines_.erase(lines_.begin(), lines_.begin() + static_cast<std::ptrdiff_t>(entry_lines_.front()));
    entry_lines_.pop_front();
    entries_.pop_front();
  }
  below_ = std::min(below_, max_below());
  return added_++;
}

bool GameLog::replace(std::size_t number, std::string entry) {
  const std::size_t first_kept = added_ - entries_.size();
  if (number < first_kept || number >= added_) return false;
  entries_[number - first_kept] = std::move(entry);
  rewrap();
  below_ = std::min(below_, max_below());
  return true;
}

void GameLog::clear() {
  entries_.clear();
  entry_lines_.clear();
  lines_.clear();
  below_ = 0;
}

void GameLog::set_viewport(std::size_t columns, std::size_t rows) {
  rows_ = std::max<std::size_t>(rows, 1);
  columns = std::max(columns, kMinColumns);
  if (columns != columns_) {
    columns_ = columns;
    rewrap();
  }
  below_ = std::min(below_, max_below());
}

void GameLog::rewrap() {
  // Keep the reader near the same place: the share of lines below the window stays.
  const double share =
      lines_.empty() ? 0.0 : static_cast<double>(below_) / static_cast<double>(lines_.size());
  lines_.clear();
  entry_lines_.clear();
  for (const std::string& entry : entries_) {
    const std::vector<std::string> wrapped = wrap_log_entry(entry, columns_);
    lines_.insert(lines_.end(), wrapped.begin(), wrapped.end());
    entry_lines_.push_back(wrapped.size());
  }
  below_ = below_ == 0 ? 0 : static_cast<std::size_t>(share * static_cast<double>(lines_.size()));
}

std::size_t GameLog::max_below() const {
  return lines_.size() > rows_ ? lines_.size() - rows_ : 0;
}

void GameLog::scroll(long lines) {
  const long target = static_cast<long>(below_) + lines;
  below_ = std::min(static_cast<std::size_t>(std::max(target, 0L)), max_below());
}

void GameLog::page_back() {
  scroll(static_cast<long>(rows_ > 1 ? rows_ - 1 : 1));
}

void GameLog::page_forward() {
  scroll(-static_cast<long>(rows_ > 1 ? rows_ - 1 : 1));
}

void GameLog::scroll_to_end() {
  below_ = 0;
}

GameLog::Window GameLog::window() const {
  Window shown;
  shown.total = lines_.size();
  shown.at_end = below_ == 0;
  if (lines_.empty()) return shown;
  const std::size_t end = lines_.size() - below_;
  const std::size_t begin = end > rows_ ? end - rows_ : 0;
  shown.lines.assign(lines_.begin() + static_cast<std::ptrdiff_t>(begin),
                     lines_.begin() + static_cast<std::ptrdiff_t>(end));
  shown.first = begin + 1;
  shown.last = end;
  return shown;
}

std::string GameLog::position_label() const {
  const Window shown = window();
  if (shown.total <= rows_) return {};
  std::string label = "lines " + std::to_string(shown.first) + "-" + std::to_string(shown.last) + " of " +
                      std::to_string(shown.total);
  if (!shown.at_end) label += " (End: newest)";
  return label;
}

}  // namespace hd::client
