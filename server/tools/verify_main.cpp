// hd_verify: checks a finished game's exported record against its dice proof (docs/dice.md).
//
//   hd_verify [--data DIR] RECORD PROOF
//
// Exit status: 0 everything holds (a summary is printed), 1 the first mismatch (printed), 2 bad
// usage or an unreadable file.
#include "accounts/password_hashing.hpp"
#include "record_verifier.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path data = hd::loader::default_data_root();
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--data" && i + 1 < argc) {
      data = argv[++i];
    } else if (!arg.empty() && arg[0] != '-') {
      files.push_back(arg);
    } else {
      files.clear();
      break;
    }
  }
  if (files.size() != 2) {
    std::cerr << "usage: hd_verify [--data DIR] RECORD PROOF\n";
    return 2;
  }
  const auto record = read_file(files[0]);
  const auto proof = read_file(files[1]);
  if (!record || !proof) {
    std::cerr << "hd_verify: cannot read " << (record ? files[1] : files[0]) << "\n";
    return 2;
  }
  hd::server::init_crypto();
  const hd::server::Verification result = hd::server::verify_game(*record, *proof, data);
  if (!result.ok) {
    std::cout << "FAILED: " << result.message << "\n";
    return 1;
  }
  std::cout << result.message << "\n";
  return 0;
}
