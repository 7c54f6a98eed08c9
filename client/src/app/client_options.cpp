#include "app/client_options.hpp"

#include <hd/wire/tls_client.hpp>

#include <charconv>

namespace hd::client {
namespace {

// A whole decimal number in [low, high], or nullopt.
std::optional<long> parse_number(const std::string& text, long low, long high) {
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

bool is_option(const std::string& name) {
  return name == "--server" || name == "--width" || name == "--height" || name == "--font" ||
         name == "--screenshot" || name == "--screenshot-timeout-seconds" || name == "--data" ||
         name == "--user" || name == "--password" || name == "--open-game" || name == "--script" ||
         name == "--benchmark-frames" || name == "--record-dir" || name == "--ca-file" ||
         name == "--state-dir";
}

}  // namespace

std::string usage(const std::string& program) {
  return "usage: " + program +
         " --server wss://HOST[:PORT]/|ws://HOST:PORT/ [--ca-file PEM] [--width 1280] [--height 800] [--font "
         "PATH]\n"
         "       [--screenshot FILE.png] [--screenshot-timeout-seconds 20] [--data SCENARIOS_DIR]\n"
         "       [--user NAME --password PW [--register]] [--allow-cleartext] [--open-game ID [--spectate]] "
         "[--script FILE|-]\n"
         "       [--record-dir DIR]   (where Ctrl+S writes <game>.rec and <game>.dice; default: here)\n"
         "       [--state-dir DIR|--no-state]   (the saved session: token, game open, last actions seen;\n"
         "       default: $XDG_STATE_HOME/hundred-days or ~/.local/state/hundred-days)\n"
         "       [--benchmark-frames N]   (pans the whole campaign map N frames, prints frame times; no "
         "server)\n"
         "A ws:// server that is not loopback is warned about on the login screen (a second press of Log in\n"
         "or Register confirms); --allow-cleartext agrees in advance (needed with --user).\n"
         "With --screenshot the client saves the window once the server's welcome is drawn and exits 0,\n"
         "or exits 3 (after saving the window as it is) if no welcome arrives in time.";
}

std::variant<ClientOptions, std::string> parse_options(const std::vector<std::string>& arguments) {
  ClientOptions options;
  bool have_server = false;
  std::string ca_file;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& name = arguments[i];
    if (name == "--register") {
      options.create_account = true;
      continue;
    }
    if (name == "--spectate") {
      options.spectate = true;
      continue;
    }
    if (name == "--allow-cleartext") {
      options.allow_cleartext = true;
      continue;
    }
    if (name == "--no-state") {
      options.no_state = true;
      continue;
    }
    if (!is_option(name)) return "unknown option '" + name + "'";
    if (i + 1 >= arguments.size()) return "missing value after " + name;
    const std::string& value = arguments[++i];
    if (name == "--server") {
      const auto url = parse_server_url(value);
      if (!url)
        return "--server must be wss://HOST[:PORT][/PATH] or ws://HOST[:PORT][/PATH], got '" + value + "'";
      options.server_text = value;
      options.server = *url;
      have_server = true;
    } else if (name == "--ca-file") {
      if (value.empty()) return "--ca-file needs a file name";
      ca_file = value;
    } else if (name == "--width" || name == "--height") {
      const auto number = parse_number(value, 200, 8192);
      if (!number) return name + " must be a whole number of pixels from 200 to 8192, got '" + value + "'";
      (name == "--width" ? options.width : options.height) = static_cast<unsigned>(*number);
    } else if (name == "--font") {
      options.font_path = value;
    } else if (name == "--screenshot") {
      if (value.empty()) return "--screenshot needs a file name";
      options.screenshot_path = value;
    } else if (name == "--data") {
      options.data_root = value;
    } else if (name == "--user") {
      options.username = value;
    } else if (name == "--password") {
      options.password = value;
    } else if (name == "--script") {
      options.script_path = value;
    } else if (name == "--record-dir") {
      options.record_dir = value;
    } else if (name == "--state-dir") {
      if (value.empty()) return "--state-dir needs a folder name";
      options.state_dir = value;
    } else if (name == "--open-game") {
      const auto number = parse_number(value, 1, 1L << 40);
      if (!number) return "--open-game must be a game number, got '" + value + "'";
      options.open_game = static_cast<std::uint64_t>(*number);
    } else if (name == "--benchmark-frames") {
      const auto number = parse_number(value, 1, 100000);
      if (!number)
        return "--benchmark-frames must be a number of frames from 1 to 100000, got '" + value + "'";
      options.benchmark_frames = static_cast<int>(*number);
    } else {  // --screenshot-timeout-seconds
      const auto number = parse_number(value, 1, 3600);
      if (!number) return name + " must be a whole number of seconds from 1 to 3600, got '" + value + "'";
      options.screenshot_timeout_seconds = static_cast<int>(*number);
    }
  }
  if (!have_server && options.benchmark_frames == 0) return "--server is required";
  if (options.username.empty() != options.password.empty()) return "--user and --password go together";
  if (!ca_file.empty() && !options.server.tls) return "--ca-file is for a wss:// server";
  if (options.no_state && !options.state_dir.empty()) return "--state-dir and --no-state exclude each other";
  // --user logs in without the login screen, where the clear-text warning is asked: say it here.
  if (!options.username.empty() && !options.allow_cleartext &&
      wire::cleartext_needs_warning(options.server.tls, options.server.host))
    return "--user would send the password to " + options.server.host +
           " in clear text (ws://): use wss://, or add --allow-cleartext to go on anyway";
  options.server.ca_file = ca_file;
  return options;
}

}  // namespace hd::client
