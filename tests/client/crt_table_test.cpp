// Issue 16: the CRT overlay's text from the shipped table, and the column of an odds in it (the one
// the overlay marks for the combat being built).
#include "view/crt_table.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("CRT (issue 16): the table text and an odds column's place in it", "[crt_table]") {
  const std::string table = hd::client::crt_table_text(hd::loader::default_data_root());
  const auto lines = lines_of(table);
  REQUIRE(lines.size() == 7);  // the header and dice 1-6, no comments
  CHECK(lines[0].rfind("die", 0) == 0);
  // 3-1 is the seventh odds column: after "die" and six others, each 7 characters wide.
  const auto three = hd::client::crt_column(table, "3-1");
  REQUIRE(three);
  CHECK(three->first == 7 * 7);
  CHECK(three->width == 7);
  CHECK(lines[0].substr(three->first, 3) == "3-1");
  // The cells under it are the table's 3-1 results (scenarios/tables/crt.tsv): Dr on 1, Ar on 6.
  CHECK(lines[1].substr(three->first, 2) == "Dr");
  CHECK(lines[6].substr(three->first, 2) == "Ar");
  const auto six = hd::client::crt_column(table, "6-1");
  REQUIRE(six);
  CHECK(lines[5].substr(six->first, 2) == "Ex");
  CHECK(hd::client::crt_column(table, "1-5")->first == 7);
  // No column: an odds the table lacks, nothing asked, the die column, no table.
  CHECK_FALSE(hd::client::crt_column(table, "7-1"));
  CHECK_FALSE(hd::client::crt_column(table, ""));
  CHECK_FALSE(hd::client::crt_column(table, "die"));
  CHECK_FALSE(hd::client::crt_column("", "3-1"));
  CHECK_FALSE(hd::client::crt_column(table, "3-"));
}
