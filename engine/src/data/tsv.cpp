#include <hd/engine/data/tsv.hpp>

namespace hd::engine {
namespace {

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> cells;
  std::size_t start = 0;
  while (true) {
    const auto tab = line.find('\t', start);
    cells.emplace_back(
        line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  return cells;
}

}  // namespace

TsvTable TsvTable::parse(std::string_view text, const std::string& file, std::vector<DataError>& errors) {
  TsvTable table;
  table.file_ = file;
  int number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    auto cells = split_tabs(line);
    if (table.header_.empty()) {
      table.header_ = std::move(cells);
      continue;
    }
    if (cells.size() != table.header_.size()) {
      errors.push_back({file, number,
                        "expected " + std::to_string(table.header_.size()) + " tab-separated cells, found " +
                            std::to_string(cells.size())});
      continue;
    }
    table.rows_.push_back(TsvRow{std::move(cells), number});
  }
  if (table.header_.empty()) errors.push_back({file, 1, "no header row"});
  return table;
}

std::optional<std::size_t> TsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  return std::nullopt;
}

std::string TsvTable::cell(const TsvRow& row, std::string_view name) const {
  const auto index = column(name);
  return index ? row.cells[*index] : std::string();
}

std::optional<int> parse_count(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace hd::engine
