// hd_term: the headless terminal client (docs/terminal-client.md).
//
//   hd_term --server wss://HOST[:PORT]/ [--ca-file FILE] [--allow-cleartext] [--token-file FILE]
//           [--script FILE] [--strict] [--quiet] [--wait-seconds N] [--bot-seed N]
//           [-c COMMAND]...
//
// wss:// verifies the server's certificate against the system's CA store, or the authority in
// --ca-file. A ws:// address that is not loopback is refused unless --allow-cleartext or, at an
// interactive prompt, the user agrees once (the password and token would travel unencrypted).
//
// Runs the -c commands, then the script (a file, or standard input: interactive with a prompt on a
// terminal, a script otherwise). Exit status: 0 done; 1 a command failed under --strict; 2 bad usage.
#include <hd/term/terminal.hpp>

#include <fstream>
#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
  hd::term::TerminalOptions options;
  std::string script;
  std::vector<std::string> commands;
  const auto usage = [] {
    std::cerr
        << "usage: hd_term --server wss://HOST[:PORT]/|ws://HOST:PORT/ [--ca-file FILE] [--allow-cleartext]\n"
           "               [--token-file FILE] [--script FILE] [--strict] [--quiet]\n"
           "               [--wait-seconds N] [--bot-seed N] [-c COMMAND]...\n";
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--server" && has_value)
      options.server_url = argv[++i];
    else if (arg == "--ca-file" && has_value)
      options.ca_file = argv[++i];
    else if (arg == "--allow-cleartext")
      options.allow_cleartext = true;
    else if (arg == "--token-file" && has_value)
      options.token_file = argv[++i];
    else if (arg == "--script" && has_value)
      script = argv[++i];
    else if (arg == "--wait-seconds" && has_value)
      options.wait_timeout = std::chrono::seconds(std::atoi(argv[++i]));
    else if (arg == "--bot-seed" && has_value)
      options.bot_seed = std::strtoull(argv[++i], nullptr, 10);
    else if ((arg == "-c" || arg == "--command") && has_value)
      commands.push_back(argv[++i]);
    else if (arg == "--strict")
      options.strict = true;
    else if (arg == "--quiet")
      options.quiet = true;
    else if (arg == "--help" || arg == "-h")
      return usage(), 0;
    else
      return usage();
  }
  hd::term::Terminal terminal(options, std::cout);
  for (const std::string& command : commands) {
    if (!options.quiet) std::cout << "> " << command << "\n";
    if (!terminal.run_line(command) && options.strict) return 1;
    if (terminal.quit_requested()) return 0;
  }
  if (!script.empty()) {
    std::ifstream in(script);
    if (!in) {
      std::cerr << "hd_term: cannot read " << script << "\n";
      return 2;
    }
    return terminal.run(in, false);
  }
  if (!commands.empty() && isatty(STDIN_FILENO) == 0 && std::cin.peek() == EOF) return 0;
  return terminal.run(std::cin, isatty(STDIN_FILENO) != 0);
}
