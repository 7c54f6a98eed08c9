#include <hd/engine/data/data_text.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Tokenizes one physical line into `tokens`; returns false on an unterminated quote.
bool tokenize_line(std::string_view line, std::vector<Token>& tokens) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (is_space(line[i])) {
      ++i;
    } else if (line[i] == '#') {
      return true;
    } else if (line[i] == '"') {
      const auto end = line.find('"', i + 1);
      if (end == std::string_view::npos) return false;
      tokens.push_back(Token{std::string(line.substr(i + 1, end - i - 1)), true});
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < line.size() && !is_space(line[end]) && line[end] != '#' && line[end] != '"')
        ++end;
      tokens.push_back(Token{std::string(line.substr(i, end - i)), false});
      i = end;
    }
  }
  return true;
}

}  // namespace

std::string DataError::to_string() const {
  return file + ":" + std::to_string(line) + ": " + message;
}

std::vector<Statement> split_statements(std::string_view text, const std::string& file,
                                        std::vector<DataError>& errors,
                                        const std::vector<std::string_view>& keywords) {
  std::vector<Statement> statements;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++number;
    std::vector<Token> tokens;
    if (!tokenize_line(line, tokens)) errors.push_back({file, number, "unterminated quoted string"});
    if (!tokens.empty()) {
      const bool keyword = !tokens.front().quoted &&
                           std::find(keywords.begin(), keywords.end(), tokens.front().text) != keywords.end();
      const bool continuation = !line.empty() && is_space(line[0]) && !keyword;
      if (continuation && !statements.empty()) {
        auto& previous = statements.back().tokens;
        previous.insert(previous.end(), tokens.begin(), tokens.end());
      } else if (continuation) {
        errors.push_back({file, number, "continuation line with nothing to continue"});
      } else {
        statements.push_back(Statement{std::move(tokens), number});
      }
    }
    if (end == text.size()) break;
    start = end + 1;
  }
  return statements;
}

std::optional<std::string> parse_hex_items(const std::vector<Token>& items, std::vector<Hex>& out) {
  for (const Token& item : items) {
    const std::string& text = item.text;
    if (text.size() == 7 && text[4] == '-') {
      const auto first = parse_hex(text.substr(0, 4));
      const auto last_row = parse_hex("00" + text.substr(5, 2));
      if (!first || !last_row || last_row->row < first->row) return "bad hex range '" + text + "'";
      for (int row = first->row; row <= last_row->row; ++row)
        out.push_back(Hex{first->column, row});
      continue;
    }
    const auto hex = parse_hex(text);
    if (!hex) return "expected a hex CCRR or range CCRR-RR, found '" + text + "'";
    out.push_back(*hex);
  }
  return std::nullopt;
}

}  // namespace hd::engine
