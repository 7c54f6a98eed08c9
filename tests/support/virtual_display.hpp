// A program run in a virtual X display for the window client's end-to-end tests (xvfb-run).
#pragma once

#include <string>
#include <vector>

namespace hd::test {

// The argv that runs `command` in a virtual X display of `width` x `height` (xvfb-run -a), with
// xvfb-run's X authority in a file of its own under the system's temporary folder (named by the
// test's pid and a count; left there, a few bytes). With no file given, xvfb-run makes a temporary
// folder and now and then failed to remove it while other tests ran beside, exiting 5 instead of
// the program's status (client_nginx_test, 3 December).
std::vector<std::string> in_virtual_display(int width, int height, const std::vector<std::string>& command);

}  // namespace hd::test
