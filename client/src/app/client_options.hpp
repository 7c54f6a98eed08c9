// The hd_client command line.
#pragma once

#include "net/server_url.hpp"

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
};

// Usage text for --help and errors.
std::string usage(const std::string& program);

// Parses arguments (without the program name): the options, or a message naming what is wrong.
std::variant<ClientOptions, std::string> parse_options(const std::vector<std::string>& arguments);

}  // namespace hd::client
