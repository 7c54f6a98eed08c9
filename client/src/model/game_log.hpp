// The game's event log as the panel shows it: entries (an action, an event, a notice) wrapped into
// lines of the panel's width, and where the reader has scrolled to. No SFML: the view only tells it
// its size and draws the window it returns.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace hd::client {

class GameLog {
 public:
  // The log keeps this many entries, the newest; older ones are dropped.
  static constexpr std::size_t kMaxEntries = 400;

  // Appends an entry and returns its number (0 for the first ever added, counted across clear()).
  // A reader at the newest line keeps following; one scrolled back keeps seeing the same lines
  // (the window does not jump).
  std::size_t add(std::string entry);
  // Replaces the text of the entry numbered `number` (add's answer); false if it is no longer kept.
  bool replace(std::size_t number, std::string entry);
  // Forgets every entry and returns to the newest line.
  void clear();

  // The panel's size: `columns` characters a line (entries are re-wrapped when it changes, at
  // least 8), `rows` lines shown at once (at least 1).
  void set_viewport(std::size_t columns, std::size_t rows);

  // Scrolls `lines` back (older, positive) or forward (newer, negative), kept within the log.
  void scroll(long lines);
  // One window's height back or forward, less a line kept for context.
  void page_back();
  void page_forward();
  // Back to the newest line, following new entries again.
  void scroll_to_end();

  struct Window {
    std::vector<std::string> lines;  // the wrapped lines to draw, oldest first
    std::size_t first = 0;           // 1-based number of the first line shown (0: empty log)
    std::size_t last = 0;            // 1-based number of the last line shown
    std::size_t total = 0;           // wrapped lines in the log
    bool at_end = true;              // the newest line is shown (new entries are followed)
  };
  // The lines the panel shows now.
  Window window() const;
  // "lines 40-60 of 200" (" (End: newest)" added when scrolled back); empty when every
  // line fits in the window.
  std::string position_label() const;

  const std::deque<std::string>& entries() const { return entries_; }
  std::size_t line_count() const { return lines_.size(); }
  // Wrapped lines hidden below the window (0: at the newest).
  std::size_t lines_below() const { return below_; }

 private:
  void rewrap();
  std::size_t max_below() const;

  std::deque<std::string> entries_;
  std::size_t added_ = 0;                // entries ever added: the next entry's number
  std::deque<std::size_t> entry_lines_;  // wrapped lines of each entry
  std::deque<std::string> lines_;
  std::size_t columns_ = 56;
  std::size_t rows_ = 12;
  std::size_t below_ = 0;
};

// `entry` wrapped at spaces into lines of at most `columns` characters (a longer word is cut);
// its leading spaces are kept on the first line and continuation lines are indented two more,
// so an event under an action still reads as one. An empty entry gives one empty line.
std::vector<std::string> wrap_log_entry(const std::string& entry, std::size_t columns);

}  // namespace hd::client
