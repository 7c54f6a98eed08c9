// A script of synthetic input for tests and demos (hd_client --script FILE): one command a line,
// '#' starts a comment. The client turns each into the window events a person would cause, fed to
// the same handlers, or waits for the model to reach a state, or saves a screenshot.
//
//   wait-for welcome|logged-in|lobby|game|reachable|odds|combat-options|retreats
//   wait-for idle              every request sent has been answered (nothing in flight)
//   wait-for scenarios         the server's scenario list (the create form's) has come
//   wait-for my-decision       the open game waits for one of this client's seats
//   wait-for draw-offer        the other side's draw offer waits for this client's answer
//   wait-for over              the open game has ended (a result, a resignation, an agreed draw)
//   wait-for replay            the replay screen's frame has come and nothing more is asked (issue 16)
//   wait-for sequence N        the game has applied action N
//   wait-for reconnects N      the connection has been re-established N times after a loss
//   wait-for failed            no welcome will come: the Hello was refused or the connection failed
//                              before any welcome (e.g. the server's certificate was refused, 28)
//   report                     print one line on stdout: what the client knows (app/script_report.hpp)
//   frames N                   draw N frames
//   click X Y                  left press and release at a window pixel
//   click-hex CCRR             the same at a hex's centre as the camera shows it now
//   hover-hex CCRR             the mouse moved to a hex's centre
//   wheel X Y N                the mouse moved to a window pixel and the wheel turned N notches
//                              (positive: away from the user, up)
//   key NAME                   a key press and release (Enter, Escape, Equal, Hyphen, A..Z, LShift,
//                              Left, Right, Home, End, PageUp, Delete ...)
//   key-down NAME / key-up NAME
//   ctrl-key NAME              a key pressed with Control held
//   text WORDS                 each character typed (TextEntered), then nothing else
//   screenshot FILE.png        save the window as drawn
//   quit                       close the window (exit 0)
//
// With `--script -` the commands are read from the standard input line by line as they come, so a
// test harness can read each `report` and decide the next click.
#pragma once

#include <hd/engine/board/hex.hpp>

#include <string>
#include <variant>
#include <vector>

namespace hd::client {

struct ScriptCommand {
  enum class Kind {
    WaitFor,
    WaitSequence,
    WaitReconnects,
    Report,
    Frames,
    Click,
    ClickHex,
    HoverHex,
    Wheel,
    Key,
    KeyDown,
    KeyUp,
    CtrlKey,
    Text,
    Screenshot,
    Quit
  };
  Kind kind = Kind::Quit;
  std::string word;  // WaitFor: the state; Key*: the key name; Text: the words; Screenshot: the file
  int x = 0;         // Click, Wheel: pixel; Frames/WaitSequence/WaitReconnects: the number
  int y = 0;
  int notches = 0;    // Wheel: notches turned
  engine::Hex hex{};  // ClickHex / HoverHex
  int line = 0;       // line number in the script (for messages)
};

// The script's commands, or a message naming the first bad line. `first_line` numbers the first
// line of `text` (for scripts read a line at a time).
std::variant<std::vector<ScriptCommand>, std::string> parse_input_script(const std::string& text,
                                                                         int first_line = 1);

}  // namespace hd::client
