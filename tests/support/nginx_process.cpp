// nginx started for one test in front of hd_server (nginx_process.hpp).
#include "nginx_process.hpp"

#include "process.hpp"
#include "test_certificates.hpp"

#include <arpa/inet.h>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace hd::test {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Replaces every `from` in `text` by `to`; throws unless there were exactly `expected`.
void replace(std::string& text, const std::string& from, const std::string& to, int expected) {
  int found = 0;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
    ++found;
  }
  if (found != expected) {
    throw std::runtime_error("the nginx site has " + std::to_string(found) + " of '" + from + "', expected " +
                             std::to_string(expected) + ": update tests/support/nginx_process.cpp");
  }
}

std::string without_comments(const std::string& text) {
  std::istringstream lines(text);
  std::string out, line;
  while (std::getline(lines, line))
    out += line.substr(0, line.find('#')) + "\n";
  return out;
}

// A socket bound to `address`:`port` (0: any free port) of `family`, or -1.
int bound_socket(int family, int port) {
  const int fd = ::socket(family, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int ok = -1;
  if (family == AF_INET) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ok = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  } else {
    sockaddr_in6 address{};
    address.sin6_family = AF_INET6;
    address.sin6_port = htons(static_cast<std::uint16_t>(port));
    address.sin6_addr = in6addr_loopback;
    ok = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  }
  if (ok != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

int port_of(int fd) {
  sockaddr_in address{};
  socklen_t size = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  return ntohs(address.sin_port);
}

// A port free on 127.0.0.1 (and on ::1 too when `ipv6`), for nginx to listen on.
int free_loopback_port(bool ipv6) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    const int v4 = bound_socket(AF_INET, 0);
    if (v4 < 0) break;
    const int port = port_of(v4);
    const int v6 = ipv6 ? bound_socket(AF_INET6, port) : -1;
    ::close(v4);
    if (v6 >= 0) ::close(v6);
    if (!ipv6 || v6 >= 0) return port;
  }
  throw std::runtime_error("no free loopback port for nginx");
}

bool accepts_connection(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

// `site` with its names, ports and paths replaced by `values` (each found as often as expected).
std::string substituted(const std::string& site, const NginxSite& values) {
  std::string text = site;
  const std::string http = std::to_string(values.http_port);
  const std::string https = std::to_string(values.https_port);
  // The paths first: the certificate paths hold the deployment's name.
  replace(text, "/etc/letsencrypt/live/play.example.org/fullchain.pem", values.certificate.string(), 1);
  replace(text, "/etc/letsencrypt/live/play.example.org/privkey.pem", values.private_key.string(), 1);
  replace(text, "root /var/www/letsencrypt;", "root " + values.acme_root.string() + ";", 1);
  replace(text, "server_name play.example.org;", "server_name " + values.server_name + ";", 2);
  replace(text, "listen 80;", "listen 127.0.0.1:" + http + ";", 1);
  replace(text, "listen 443 ssl;", "listen 127.0.0.1:" + https + " ssl;", 1);
  replace(text, "listen [::]:80;", values.ipv6 ? "listen [::1]:" + http + ";" : "# no IPv6 loopback here", 1);
  replace(text, "listen [::]:443 ssl;",
          values.ipv6 ? "listen [::1]:" + https + " ssl;" : "# no IPv6 loopback here", 1);
  replace(text, "server 127.0.0.1:8765;", "server 127.0.0.1:" + std::to_string(values.upstream_port) + ";",
          1);
  return text;
}

}  // namespace

std::string nginx_test_site(const std::string& site, const NginxSite& values) {
  // What the file's own names, ports and paths left behind is looked for with neutral values put
  // in, so that a real value holding "8765" or " 80;" (a random port, a temporary folder) is not
  // taken for one (it failed client_nginx_test once, 6 December 2026).
  NginxSite neutral;
  neutral.server_name = "site.test";
  neutral.http_port = 1;
  neutral.https_port = 2;
  neutral.ipv6 = values.ipv6;
  neutral.certificate = "/neutral/certificate";
  neutral.private_key = "/neutral/key";
  neutral.upstream_port = 3;
  neutral.acme_root = "/neutral/acme";
  const std::string code = without_comments(substituted(site, neutral));
  for (const char* left : {"play.example.org", "8765", "/etc/letsencrypt", "/var/www", " 80;", " 443 "}) {
    if (code.find(left) != std::string::npos) {
      throw std::runtime_error(std::string("the nginx site still has '") + left +
                               "' after substitution: update tests/support/nginx_process.cpp");
    }
  }
  return substituted(site, values);
}

std::string find_nginx() {
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  path += ":/usr/sbin:/sbin";
  std::istringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const fs::path candidate = fs::path(dir) / "nginx";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

NginxProcess::NginxProcess(const NginxOptions& options) : directory_(make_temp_directory("hd-nginx")) {
  const std::string nginx = find_nginx();
  if (nginx.empty()) {
    throw std::runtime_error(
        "nginx is not installed: run deploy/install-deps.sh (it installs Debian's nginx package)");
  }
  // Whether ::1 exists here decides the site's IPv6 listens.
  const int probe = bound_socket(AF_INET6, 0);
  site_.ipv6 = probe >= 0;
  if (probe >= 0) ::close(probe);
  site_.http_port = free_loopback_port(site_.ipv6);
  do {
    site_.https_port = free_loopback_port(site_.ipv6);
  } while (site_.https_port == site_.http_port);
  site_.certificate = options.certificate;
  site_.private_key = options.private_key;
  site_.upstream_port = options.upstream_port;
  site_.acme_root = directory_ / "acme";
  fs::create_directories(site_.acme_root);
  std::ofstream(directory_ / "hundred-days.conf") << nginx_test_site(read_text(options.site_file), site_);

  const std::string dir = directory_.string();
  std::ofstream conf(directory_ / "nginx.conf");
  conf << "# Written by tests/support/nginx_process.cpp: nginx in front of hd_server for one test.\n"
       << "daemon off;\n"
       << "worker_processes 1;\n"
       << "pid " << dir << "/nginx.pid;\n"
       << "error_log " << dir << "/error.log info;\n";
  // As root, the workers would otherwise run as nobody, who cannot enter the test's directory.
  if (::geteuid() == 0) conf << "user root root;\n";
  conf << "events { worker_connections 64; }\n"
       << "http {\n"
       << "  access_log " << dir << "/access.log;\n"
       << "  client_body_temp_path " << dir << "/client_body;\n"
       << "  proxy_temp_path " << dir << "/proxy;\n"
       << "  fastcgi_temp_path " << dir << "/fastcgi;\n"
       << "  uwsgi_temp_path " << dir << "/uwsgi;\n"
       << "  scgi_temp_path " << dir << "/scgi;\n"
       << "  proxy_bind " << options.upstream_source << ";\n"
       << "  include " << dir << "/hundred-days.conf;\n"
       << "}\n";
  conf.close();

  pid_ = spawn_process({nginx, "-p", dir + "/", "-c", dir + "/nginx.conf", "-e", dir + "/error.log"},
                       (directory_ / "nginx.out").string());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!accepts_connection(site_.https_port)) {
    const int status = wait_process(pid_, std::chrono::milliseconds(0));
    if (status != -1 || std::chrono::steady_clock::now() >= deadline) {
      if (status == -1) {
        ::kill(pid_, SIGKILL);
        wait_process(pid_, std::chrono::seconds(5));
      }
      pid_ = -1;
      throw std::runtime_error("nginx did not start (status " + std::to_string(status) + "):\n" +
                               read_text(directory_ / "nginx.out") + error_log());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

NginxProcess::~NginxProcess() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  if (wait_process(pid_, std::chrono::seconds(10)) == -1) {
    ::kill(pid_, SIGKILL);
    wait_process(pid_, std::chrono::seconds(5));
  }
}

ProxiedServer::ProxiedServer(const fs::path& source, std::vector<std::string> server_args)
    : source_dir(source), dir(make_temp_directory("hd-nginx-e2e")) {
  make_authority(dir, "ca");
  make_certificate(dir, "ca", "nginx", "DNS:localhost");
  ServerOptions options;
  options.directory = dir;
  options.extra_args = cheap_hashing_args(source_dir / "scenarios");
  options.extra_args.insert(options.extra_args.end(), {"--trusted-proxies", "127.0.0.2"});
  options.extra_args.insert(options.extra_args.end(), server_args.begin(), server_args.end());
  server = std::make_unique<ServerProcess>(options);
  nginx = std::make_unique<NginxProcess>(nginx_options("nginx"));
}

NginxOptions ProxiedServer::nginx_options(const std::string& name) const {
  NginxOptions proxy;
  proxy.site_file = source_dir / "deploy/nginx/hundred-days.conf";
  proxy.certificate = dir / (name + ".pem");
  proxy.private_key = dir / (name + ".key");
  proxy.upstream_port = server->port();
  return proxy;
}

std::vector<std::string> log_lines(const std::string& log, const std::string& event) {
  std::vector<std::string> lines;
  std::istringstream in(log);
  std::string line;
  const std::string field = "event=" + event;
  while (std::getline(in, line)) {
    const auto at = line.find(field);
    if (at != std::string::npos && (at + field.size() == line.size() || line[at + field.size()] == ' '))
      lines.push_back(line);
  }
  return lines;
}

std::string NginxProcess::error_log() const {
  return read_text(directory_ / "error.log");
}

std::string NginxProcess::access_log() const {
  return read_text(directory_ / "access.log");
}

}  // namespace hd::test
