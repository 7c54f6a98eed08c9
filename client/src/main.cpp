// hd_client: connects to a Hundred Days server and shows the map grid and the server's welcome.
#include "app/client_app.hpp"
#include "app/client_options.hpp"

#include <iostream>
#include <string>
#include <vector>

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
