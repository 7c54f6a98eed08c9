#include "app/input_script.hpp"

#include <set>
#include <sstream>

namespace hd::client {

std::variant<std::vector<ScriptCommand>, std::string> parse_input_script(const std::string& text,
                                                                         int first_line) {
  static const std::set<std::string> kStates{
      "welcome", "logged-in",   "lobby",      "game", "reachable", "odds",      "combat-options", "retreats",
      "idle",    "my-decision", "draw-offer", "over", "failed",    "scenarios", "replay"};
  std::vector<ScriptCommand> commands;
  std::istringstream lines(text);
  std::string raw;
  int number = first_line - 1;
  while (std::getline(lines, raw)) {
    ++number;
    if (const auto hash = raw.find('#'); hash != std::string::npos) raw.erase(hash);
    std::istringstream words(raw);
    std::string verb;
    if (!(words >> verb)) continue;
    ScriptCommand command;
    command.line = number;
    const auto bad = [&](const std::string& why) {
      return "script line " + std::to_string(number) + ": " + why;
    };
    const auto read_hex = [&]() -> bool {
      std::string ccrr;
      if (!(words >> ccrr)) return false;
      const auto hex = engine::parse_hex(ccrr);
      if (!hex) return false;
      command.hex = *hex;
      return true;
    };
    if (verb == "wait-for") {
      std::string state;
      words >> state;
      if (state == "sequence") {
        command.kind = ScriptCommand::Kind::WaitSequence;
        if (!(words >> command.x) || command.x < 0) return bad("wait-for sequence needs a number");
      } else if (state == "reconnects") {
        command.kind = ScriptCommand::Kind::WaitReconnects;
        if (!(words >> command.x) || command.x < 0) return bad("wait-for reconnects needs a number");
      } else {
        if (!kStates.count(state)) return bad("unknown state '" + state + "'");
        command.kind = ScriptCommand::Kind::WaitFor;
        command.word = state;
      }
    } else if (verb == "frames") {
      command.kind = ScriptCommand::Kind::Frames;
      if (!(words >> command.x) || command.x < 0) return bad("frames needs a number");
    } else if (verb == "click") {
      command.kind = ScriptCommand::Kind::Click;
      if (!(words >> command.x >> command.y)) return bad("click needs X Y");
    } else if (verb == "wheel") {
      command.kind = ScriptCommand::Kind::Wheel;
      if (!(words >> command.x >> command.y >> command.notches)) return bad("wheel needs X Y N");
    } else if (verb == "click-hex" || verb == "hover-hex") {
      command.kind = verb == "click-hex" ? ScriptCommand::Kind::ClickHex : ScriptCommand::Kind::HoverHex;
      if (!read_hex()) return bad(verb + " needs a hex number CCRR");
    } else if (verb == "key" || verb == "key-down" || verb == "key-up" || verb == "ctrl-key") {
      command.kind = verb == "key"        ? ScriptCommand::Kind::Key
                     : verb == "key-down" ? ScriptCommand::Kind::KeyDown
                     : verb == "key-up"   ? ScriptCommand::Kind::KeyUp
                                          : ScriptCommand::Kind::CtrlKey;
      if (!(words >> command.word)) return bad(verb + " needs a key name");
    } else if (verb == "text") {
      command.kind = ScriptCommand::Kind::Text;
      std::getline(words >> std::ws, command.word);
    } else if (verb == "screenshot") {
      command.kind = ScriptCommand::Kind::Screenshot;
      if (!(words >> command.word)) return bad("screenshot needs a file name");
    } else if (verb == "report") {
      command.kind = ScriptCommand::Kind::Report;
    } else if (verb == "quit") {
      command.kind = ScriptCommand::Kind::Quit;
    } else {
      return bad("unknown command '" + verb + "'");
    }
    commands.push_back(command);
  }
  return commands;
}

}  // namespace hd::client
