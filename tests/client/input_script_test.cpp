// The input script format (app/input_script.hpp): commands parse into what the runner plays; a bad
// line is named.
#include "app/input_script.hpp"

#include <catch2/catch.hpp>

using hd::client::ScriptCommand;
using Kind = hd::client::ScriptCommand::Kind;

TEST_CASE("a script parses command by command, comments and blank lines skipped") {
  const auto parsed = hd::client::parse_input_script(
      "# log in\nwait-for game\n\nclick-hex 1745  # Bach\nwait-for reachable\nhover-hex 1846\nclick 10 20\n"
      "key Enter\nctrl-key E\ntext hello there\nwait-for sequence 4\nframes 3\nscreenshot "
      "/tmp/x.png\nquit\n");
  REQUIRE(std::holds_alternative<std::vector<ScriptCommand>>(parsed));
  const auto& commands = std::get<std::vector<ScriptCommand>>(parsed);
  REQUIRE(commands.size() == 12);
  CHECK(commands[0].kind == Kind::WaitFor);
  CHECK(commands[0].word == "game");
  CHECK(commands[1].kind == Kind::ClickHex);
  CHECK(commands[1].hex == hd::engine::Hex{17, 45});
  CHECK(commands[1].line == 4);
  CHECK(commands[3].kind == Kind::HoverHex);
  CHECK(commands[4].x == 10);
  CHECK(commands[4].y == 20);
  CHECK(commands[6].kind == Kind::CtrlKey);
  CHECK(commands[7].word == "hello there");
  CHECK(commands[8].kind == Kind::WaitSequence);
  CHECK(commands[8].x == 4);
  CHECK(commands[10].word == "/tmp/x.png");
  CHECK(commands[11].kind == Kind::Quit);
}

TEST_CASE("a script waits for a draw offer to answer and for the game's end") {
  const auto parsed = hd::client::parse_input_script("wait-for draw-offer\nkey Y\nwait-for over\n");
  REQUIRE(std::holds_alternative<std::vector<ScriptCommand>>(parsed));
  const auto& commands = std::get<std::vector<ScriptCommand>>(parsed);
  REQUIRE(commands.size() == 3);
  CHECK(commands[0].kind == Kind::WaitFor);
  CHECK(commands[0].word == "draw-offer");
  CHECK(commands[2].word == "over");
}

TEST_CASE("a script turns the mouse wheel at a pixel (the log panel scrolls under it)") {
  const auto parsed = hd::client::parse_input_script("wheel 1080 400 -2\nkey PageUp\n");
  REQUIRE(std::holds_alternative<std::vector<ScriptCommand>>(parsed));
  const auto& commands = std::get<std::vector<ScriptCommand>>(parsed);
  REQUIRE(commands.size() == 2);
  CHECK(commands[0].kind == Kind::Wheel);
  CHECK(commands[0].x == 1080);
  CHECK(commands[0].y == 400);
  CHECK(commands[0].notches == -2);
  CHECK(commands[1].word == "PageUp");
}

TEST_CASE("bad script lines are refused with their line number") {
  const auto error = [](const std::string& text) {
    const auto parsed = hd::client::parse_input_script(text);
    REQUIRE(std::holds_alternative<std::string>(parsed));
    return std::get<std::string>(parsed);
  };
  CHECK_THAT(error("quit\nwait-for nothing\n"), Catch::Contains("line 2") && Catch::Contains("nothing"));
  CHECK_THAT(error("click-hex 99\n"), Catch::Contains("CCRR"));
  CHECK_THAT(error("click 1\n"), Catch::Contains("X Y"));
  CHECK_THAT(error("wheel 1 2\n"), Catch::Contains("X Y N"));
  CHECK_THAT(error("dance\n"), Catch::Contains("unknown command"));
}
