// hd_term run to completion by a test: `-c` commands against a URL, its output collected in a file.
// Header-only: the including test target defines hd::test::built_program("hd_term").
#pragma once

#include "build_paths.hpp"
#include "process.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hd::test {

inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct TermRun {
  int status = 0;
  std::string output;
};

// Runs hd_term --strict with `commands` (-c each) against `url`, with `extra` flags; its output goes
// to `dir`/`name`.out. A run not done within 60 s has status -1 (it is left running).
inline TermRun run_term(const std::filesystem::path& dir, const std::string& name, const std::string& url,
                        const std::vector<std::string>& commands,
                        const std::vector<std::string>& extra = {}) {
  const auto output_path = dir / (name + ".out");
  std::vector<std::string> argv{
      hd::test::built_program("hd_term"), "--server", url, "--strict", "--wait-seconds", "30"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  for (const auto& command : commands) {
    argv.push_back("-c");
    argv.push_back(command);
  }
  const int pid = spawn_process(argv, output_path.string());
  TermRun run;
  run.status = wait_process(pid, std::chrono::seconds(60));
  run.output = read_text_file(output_path);
  return run;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The window client tests' game, made over `url` with hd_term (`extra`: its trust flags): alice,
// already registered, creates Quatre Bras as the French with a built-in Prussian seat, and bob
// registers and joins as the Allies. Returns the two runs' output when either did not get there,
// else an empty string.
inline std::string make_game_one(const std::filesystem::path& dir, const std::string& url,
                                 const std::vector<std::string>& extra) {
  const TermRun created =
      run_term(dir, "alice-create", url,
               {"login alice alice-password", "create quatre-bras take=french prussian=builtin"}, extra);
  if (!contains(created.output, "created game 1 ")) return "alice's create:\n" + created.output;
  const TermRun joined =
      run_term(dir, "bob-join", url, {"register bob bob-password", "join 1 allied"}, extra);
  if (!contains(joined.output, "joined allied of game 1")) return "bob's join:\n" + joined.output;
  return "";
}

}  // namespace hd::test
