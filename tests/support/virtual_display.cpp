#include "virtual_display.hpp"

#include <atomic>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace hd::test {

VirtualDisplayCommand in_virtual_display(int width, int height, const std::vector<std::string>& command) {
  static std::atomic<unsigned> calls{0};
  std::filesystem::path authority =
      std::filesystem::temp_directory_path() /
      ("hd-xvfb-" + std::to_string(::getpid()) + "-" + std::to_string(calls++) + ".xauth");
  std::error_code ignored;
  std::filesystem::remove(authority, ignored);
  std::vector<std::string> argv{
      "xvfb-run",         "-a", "-f",
      authority.string(), "-s", "-screen 0 " + std::to_string(width) + "x" + std::to_string(height) + "x24"};
  argv.insert(argv.end(), command.begin(), command.end());
  return VirtualDisplayCommand{std::move(argv), std::move(authority)};
}

VirtualDisplayCommand::VirtualDisplayCommand(std::vector<std::string> arguments,
                                             std::filesystem::path authority)
    : argv(std::move(arguments)), authority_(std::move(authority)) {}

VirtualDisplayCommand::~VirtualDisplayCommand() {
  std::error_code ignored;
  std::filesystem::remove(authority_, ignored);
}

}  // namespace hd::test
