// The log panel's model (model/game_log.hpp): entries wrapped to the panel's width, a window that
// follows the newest line or stays where the reader scrolled, and its position in words.
#include "model/game_log.hpp"

#include <catch2/catch.hpp>

#include <string>

using hd::client::GameLog;
using hd::client::wrap_log_entry;

namespace {

// A log of `count` one-line entries "entry 1" .. "entry N", shown `rows` lines at a time.
GameLog numbered_log(int count, std::size_t rows) {
  GameLog log;
  log.set_viewport(40, rows);
  for (int i = 1; i <= count; ++i)
    log.add("entry " + std::to_string(i));
  return log;
}

}  // namespace

TEST_CASE("a long entry wraps at spaces and its continuation lines are indented under it") {
  const std::string event =
      "  Bachelu's division retreats two hexes to 1745 and loses one strength point (8.2)";
  const auto lines = wrap_log_entry(event, 30);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "  Bachelu's division");
  CHECK(lines[1] == "    retreats two hexes to 1745");
  CHECK(lines[3] == "    point (8.2)");
  for (const auto& line : lines)
    CHECK(line.size() <= 30);
  // Nothing is lost: the words read back in order.
  std::string words;
  for (const auto& line : lines)
    words += (words.empty() ? "" : " ") + line.substr(line.find_first_not_of(' '));
  CHECK(words == event.substr(2));
}

TEST_CASE("a word longer than the line (a file path) is cut, never overflowing") {
  const auto lines = wrap_log_entry("Saved /tmp/records/0123456789012345678901234567890123456789.rec", 20);
  for (const auto& line : lines)
    CHECK(line.size() <= 20);
  CHECK(lines.front() == "Saved");
  CHECK(wrap_log_entry("", 20) == std::vector<std::string>{""});
}

TEST_CASE("the window follows the newest lines and says where it is") {
  GameLog log = numbered_log(50, 10);
  GameLog::Window shown = log.window();
  CHECK(shown.total == 50);
  CHECK(shown.first == 41);
  CHECK(shown.last == 50);
  CHECK(shown.at_end);
  CHECK(shown.lines.front() == "entry 41");
  CHECK(shown.lines.back() == "entry 50");
  CHECK(log.position_label() == "lines 41-50 of 50");
  log.add("entry 51");
  CHECK(log.window().lines.back() == "entry 51");
  // A log that fits needs no position.
  CHECK(numbered_log(5, 10).position_label().empty());
}

TEST_CASE("scrolling back, by lines or pages, stays within the log and keeps its place as entries come") {
  GameLog log = numbered_log(50, 10);
  log.page_back();  // a page less one line of context
  GameLog::Window shown = log.window();
  CHECK(shown.first == 32);
  CHECK(shown.last == 41);
  CHECK_FALSE(shown.at_end);
  CHECK(log.position_label() == "lines 32-41 of 50 (End: newest)");
  // New entries do not move a reader who scrolled back.
  log.add("entry 51");
  log.add("entry 52");
  CHECK(log.window().lines.front() == "entry 32");
  CHECK(log.window().total == 52);
  // Past the oldest line: the window stops at line 1.
  log.scroll(1000);
  CHECK(log.window().first == 1);
  CHECK(log.window().lines.front() == "entry 1");
  log.scroll(-3);
  CHECK(log.window().first == 4);
  log.page_forward();
  CHECK(log.window().first == 13);
  log.scroll(-1000);
  CHECK(log.window().at_end);
  log.page_back();
  log.scroll_to_end();
  CHECK(log.window().last == 52);
  CHECK(log.window().at_end);
}

TEST_CASE("the log keeps its newest entries and re-wraps when the panel's width changes") {
  GameLog log;
  log.set_viewport(40, 5);
  for (std::size_t i = 1; i <= GameLog::kMaxEntries + 10; ++i)
    log.add("entry " + std::to_string(i));
  CHECK(log.entries().size() == GameLog::kMaxEntries);
  CHECK(log.entries().front() == "entry 11");
  CHECK(log.line_count() == GameLog::kMaxEntries);
  // A reader at the oldest line while old entries are dropped stays inside the log.
  log.scroll(100000);
  log.add("one more");
  CHECK(log.window().first == 1);
  CHECK(log.window().lines.front() == "entry 12");

  GameLog narrow;
  narrow.set_viewport(60, 5);
  narrow.add("> french attack Bach+Pire on Perp die 4 (2-1, Dr: the defender retreats)");
  CHECK(narrow.line_count() == 2);
  narrow.set_viewport(20, 5);
  CHECK(narrow.line_count() == 5);
  for (const auto& line : narrow.window().lines)
    CHECK(line.size() <= 20);
  narrow.clear();
  CHECK(narrow.line_count() == 0);
  CHECK(narrow.window().first == 0);
}
