// Tab-separated data tables (scenarios/armies/*.tsv): a header row naming the columns, then one row
// per record. Lines starting with '#' and blank lines are skipped.
#pragma once

#include <hd/engine/data/data_text.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

struct TsvRow {
  std::vector<std::string> cells;
  int line = 0;
};

class TsvTable {
 public:
  // Parses the table; rows with a different number of cells than the header are reported.
  static TsvTable parse(std::string_view text, const std::string& file, std::vector<DataError>& errors);

  const std::string& file() const { return file_; }
  const std::vector<TsvRow>& rows() const { return rows_; }
  // Index of a named column, or nullopt.
  std::optional<std::size_t> column(std::string_view name) const;
  // The cell of `row` in the named column; empty if the column does not exist.
  std::string cell(const TsvRow& row, std::string_view name) const;

 private:
  std::string file_;
  std::vector<std::string> header_;
  std::vector<TsvRow> rows_;
};

// Parses a whole non-negative number; nullopt for anything else (including empty).
std::optional<int> parse_count(std::string_view text);

}  // namespace hd::engine
