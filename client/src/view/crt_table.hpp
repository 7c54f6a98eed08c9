// The combat results table as the CRT overlay (C) shows it: the data file's rows with tabs widened
// to columns of monospace text, and where an odds column lies in it, so the overlay can mark the
// column of the combat being built (issue 16). No drawing library.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace hd::client {

// Each column's width in characters at least (a wider cell widens its column by one space more).
inline constexpr std::size_t kCrtCellWidth = 7;

// root/tables/crt.tsv without its comments, each tab-separated cell padded to kCrtCellWidth
// characters (or its length plus one); empty if the file cannot be read.
std::string crt_table_text(const std::filesystem::path& root);

// Where a column lies in the table text's first line (the header: "die", then the odds columns).
struct CrtColumn {
  std::size_t first = 0;  // its first character in the header line
  std::size_t width = 0;  // its width in characters
};

// The column headed `odds` ("3-1") in `table` (as crt_table_text makes it), or nullopt if there is
// none (no such odds, an empty `odds`, an empty table).
std::optional<CrtColumn> crt_column(const std::string& table, const std::string& odds);

}  // namespace hd::client
