// The plain-text data files' shared syntax: statements of words and "quoted strings", '#' comments,
// and long statements continued on lines that start with white space. Errors name file and line.
#pragma once

#include <hd/engine/board/hex.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

struct DataError {
  std::string file;
  int line = 0;
  std::string message;

  // "file:line: message"
  std::string to_string() const;
};

struct Token {
  std::string text;
  bool quoted = false;
};

// One logical statement: its tokens and the line it starts on.
struct Statement {
  std::vector<Token> tokens;
  int line = 0;
};

// Splits a file into statements. A line starting with white space continues the previous
// statement unless its first word is one of `keywords` (so blocks may be indented). An
// unterminated quote is reported in `errors`.
std::vector<Statement> split_statements(std::string_view text, const std::string& file,
                                        std::vector<DataError>& errors,
                                        const std::vector<std::string_view>& keywords = {});

// Parses hex list items: "CCRR" or a column range "CCRR-RR" (column CC, rows RR1..RR2). Appends the
// hexes to `out`; nullopt on success, or the message for the first bad item.
std::optional<std::string> parse_hex_items(const std::vector<Token>& items, std::vector<Hex>& out);

}  // namespace hd::engine
