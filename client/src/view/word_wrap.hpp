// Breaks a paragraph into lines for the screens' fixed-width panels.
#pragma once

#include <string>
#include <vector>

namespace hd::client {

// `text` cut at spaces into lines of at most `width` characters (a longer word gets a line of its
// own, uncut). Runs of spaces collapse; an empty text gives no lines.
std::vector<std::string> word_wrap(const std::string& text, std::size_t width);

// As word_wrap, but a word longer than `width` (a file path) is cut into pieces of `width`
// characters, so no line is longer than `width`.
std::vector<std::string> word_wrap_cut(const std::string& text, std::size_t width);

}  // namespace hd::client
