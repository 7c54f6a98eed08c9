// Test certificates made with the openssl command (test_certificates.hpp).
#include "test_certificates.hpp"

#include "process.hpp"

#include <fstream>
#include <stdexcept>
#include <vector>

namespace hd::test {
namespace {

namespace fs = std::filesystem;

void openssl(const std::vector<std::string>& args) {
  std::vector<std::string> argv{"openssl"};
  argv.insert(argv.end(), args.begin(), args.end());
  if (run_process(argv, std::chrono::seconds(60)) != 0) {
    throw std::runtime_error("openssl " + args.front() + " failed (see the test's stderr)");
  }
}

}  // namespace

void make_authority(const fs::path& dir, const std::string& name) {
  openssl({"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=" + name + " test CA",
           "-keyout", (dir / (name + ".key")).string(), "-out", (dir / (name + ".pem")).string()});
}

void make_certificate(const fs::path& dir, const std::string& authority, const std::string& name,
                      const std::string& san) {
  const fs::path request = dir / (name + ".csr");
  const fs::path extensions = dir / (name + ".ext");
  std::ofstream(extensions) << "subjectAltName=" << san << "\n";
  openssl({"req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=" + name, "-keyout",
           (dir / (name + ".key")).string(), "-out", request.string()});
  openssl({"x509", "-req", "-in", request.string(), "-CA", (dir / (authority + ".pem")).string(), "-CAkey",
           (dir / (authority + ".key")).string(), "-CAcreateserial", "-days", "2", "-extfile",
           extensions.string(), "-out", (dir / (name + ".pem")).string()});
}

}  // namespace hd::test
