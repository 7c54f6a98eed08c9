#include "view/word_wrap.hpp"

#include <sstream>

namespace hd::client {

std::vector<std::string> word_wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string word;
  std::string line;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> word_wrap_cut(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  if (width == 0) return lines;
  for (const std::string& line : word_wrap(text, width))
    for (std::size_t from = 0; from < line.size(); from += width)
      lines.push_back(line.substr(from, width));
  return lines;
}

}  // namespace hd::client
