// The hd_client command line.
#pragma once

#include "net/server_url.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hd::client {

inline constexpr const char* kDefaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct ClientOptions {
  std::string server_text;                     // the --server URL as given (shown in the status bar)
  ServerUrl server;                            // the same, parsed
  unsigned width = 1280;                       // window width, pixels
  unsigned height = 800;                       // window height, pixels
  std::string font_path = kDefaultFontPath;    // TrueType font for all text
  std::optional<std::string> screenshot_path;  // PNG to write once the Welcome is drawn, then exit
  int screenshot_timeout_seconds = 20;         // how long to wait for the Welcome with --screenshot
  std::string data_root;                       // the scenarios/ folder (map, scenarios, tables)
  std::string username;                        // --user: log in (or --register) at once
  std::string password;
  bool create_account = false;             // --register
  bool allow_cleartext = false;            // --allow-cleartext: no clear-text question (issue 28)
  std::uint64_t open_game = 0;             // --open-game ID: open it once logged in
  bool spectate = false;                   // --spectate: open it as a spectator
  std::optional<std::string> script_path;  // --script FILE (app/input_script.hpp)
  std::string record_dir = ".";            // --record-dir DIR: where Ctrl+S writes a finished game's record
  int benchmark_frames = 0;                // --benchmark-frames N: pan the campaign map, report
  // --state-dir DIR: where the saved session lives (model/saved_session.hpp); empty: the default
  // ($XDG_STATE_HOME/hundred-days or ~/.local/state/hundred-days). --no-state: nothing is kept.
  std::string state_dir;
  bool no_state = false;
};

// Usage text for --help and errors.
std::string usage(const std::string& program);

// Parses arguments (without the program name): the options, or a message naming what is wrong.
std::variant<ClientOptions, std::string> parse_options(const std::vector<std::string>& arguments);

}  // namespace hd::client
