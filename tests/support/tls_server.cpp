#include "tls_server.hpp"

#include "test_certificates.hpp"

#include <chrono>
#include <csignal>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace hd::test {

std::vector<std::string> make_tls_listener(const std::filesystem::path& dir) {
  make_authority(dir, "ca");
  make_certificate(dir, "ca", "server", "DNS:localhost,IP:127.0.0.1");
  return {"--tls-certificate", (dir / "server.pem").string(),
          "--tls-private-key", (dir / "server.key").string(),
          "--tls-port",        "0",
          "--tls-port-file",   (dir / "tls-port").string()};
}

int wait_for_tls_port(const std::filesystem::path& dir, const ServerProcess& server) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(dir / "tls-port");
    int port = 0;
    if (in >> port && port > 0) return port;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("no TLS port within 10 s:\n" + server.log());
}

TlsServer::TlsServer(const std::filesystem::path& data_root, const std::vector<std::string>& extra_args)
    : dir(make_temp_directory("hd-tls")) {
  ServerOptions options;
  options.directory = dir;
  options.extra_args = cheap_hashing_args(data_root);
  const auto listener = make_tls_listener(dir);
  options.extra_args.insert(options.extra_args.end(), listener.begin(), listener.end());
  options.extra_args.insert(options.extra_args.end(), extra_args.begin(), extra_args.end());
  server = std::make_unique<ServerProcess>(options);
  tls_port = wait_for_tls_port(dir, *server);
}

std::string TlsServer::url(const std::string& host) const {
  return "wss://" + host + ":" + std::to_string(tls_port) + "/";
}

void TlsServer::reload_and_wait_for(const std::string& event) const {
  const auto before = server->log().size();
  if (::kill(server->pid(), SIGHUP) != 0) throw std::runtime_error("cannot send SIGHUP to the server");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (server->log().find("event=" + event, before) != std::string::npos) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("no " + event + " within 10 s:\n" + server->log());
}

}  // namespace hd::test
