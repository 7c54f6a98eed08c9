// hd_client: connects to a Hundred Days server and shows the map grid and the server's welcome.
#include "app/client_app.hpp"
#include "app/client_options.hpp"

#include <iostream>
#include <string>
#include <vector>

// Under AddressSanitizer (HD_SANITIZE builds) leak checking is off for this binary only: Mesa's GL
// driver, unloaded at exit, leaks a few bytes that LeakSanitizer reports from an "unknown module" no
// suppression can name. The client's own code is leak-checked by client_core_test and
// client_connection_test. Ignored by builds without the sanitizer.
extern "C" const char* __asan_default_options() {
  return "detect_leaks=0";
}

int main(int argc, char** argv) {
  const std::string program = argc > 0 ? argv[0] : "hd_client";
  const std::vector<std::string> arguments(argv + (argc > 0 ? 1 : 0), argv + argc);
  if (arguments.size() == 1 && (arguments[0] == "--help" || arguments[0] == "-h")) {
    std::cout << hd::client::usage(program) << "\n";
    return hd::client::kExitOk;
  }
  const auto parsed = hd::client::parse_options(arguments);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::cerr << "hd_client: " << *error << "\n" << hd::client::usage(program) << "\n";
    return hd::client::kExitUsage;
  }
  return hd::client::run_client(std::get<hd::client::ClientOptions>(parsed));
}
