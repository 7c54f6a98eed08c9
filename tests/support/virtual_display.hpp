// A program run in a virtual X display for the window client's end-to-end tests (xvfb-run).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hd::test {

class VirtualDisplayCommand;

// The argv that runs `command` in a virtual X display of `width` x `height` (xvfb-run -a), with
// xvfb-run's X authority in a file of its own under the system's temporary folder (named by the
// test's pid and a count). With no file given, xvfb-run makes a temporary folder and now and then
// failed to remove it while other tests ran beside, exiting 5 instead of the program's status
// (client_nginx_test, 3 December). Keep the result until the command has ended: it removes the file.
VirtualDisplayCommand in_virtual_display(int width, int height, const std::vector<std::string>& command);

// in_virtual_display's argv and the X authority file it names, which xvfb-run leaves behind.
class VirtualDisplayCommand {
 public:
  // Removes the authority file, whatever the command's status (missing: nothing to do).
  ~VirtualDisplayCommand();
  VirtualDisplayCommand(const VirtualDisplayCommand&) = delete;
  VirtualDisplayCommand& operator=(const VirtualDisplayCommand&) = delete;

  std::vector<std::string> argv;  // xvfb-run's options, then `command`; callers may append to it

 private:
  friend VirtualDisplayCommand in_virtual_display(int, int, const std::vector<std::string>&);
  VirtualDisplayCommand(std::vector<std::string> arguments, std::filesystem::path authority);

  std::filesystem::path authority_;
};

}  // namespace hd::test
