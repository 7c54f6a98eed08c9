#include "view/crt_table.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace hd::client {

std::string crt_table_text(const std::filesystem::path& root) {
  std::ifstream file(root / "tables" / "crt.tsv");
  std::ostringstream out;
  std::string line;
  while (std::getline(file, line)) {
    if (!line.empty() && line[0] == '#') continue;
    std::string row;
    std::istringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, '\t')) {
      cell.resize(std::max<std::size_t>(cell.size() + 1, kCrtCellWidth), ' ');
      row += cell;
    }
    out << row << "\n";
  }
  return out.str();
}

std::optional<CrtColumn> crt_column(const std::string& table, const std::string& odds) {
  if (odds.empty()) return std::nullopt;
  const std::string header = table.substr(0, table.find('\n'));
  std::size_t at = 0;
  while (at < header.size()) {
    const std::size_t start = header.find_first_not_of(' ', at);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(header.size(), header.find(' ', start));
    const std::size_t next = std::min(header.size(), header.find_first_not_of(' ', end));
    if (header.compare(start, end - start, odds) == 0 && start > 0) return CrtColumn{start, next - start};
    at = next;
  }
  return std::nullopt;
}

}  // namespace hd::client
