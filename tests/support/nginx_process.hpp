// Debian's nginx (installed by deploy/install-deps.sh) started for one test in front of a real
// hd_server on loopback. Its site is deploy/nginx/hundred-days.conf with only names, ports and paths
// substituted (nginx_test_site); a minimal wrapper nginx.conf in a fresh directory holds the pid
// file, the logs and the temporary paths, runs in the foreground (`daemon off;`) and makes nginx
// connect to the upstream from `upstream_source` (proxy_bind), so the server's TCP peer differs
// from the client's address that nginx sends in X-Real-IP.
#pragma once

#include "server_process.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace hd::test {

struct NginxSite {
  std::string server_name = "localhost";
  int http_port = 0;                  // the site's `listen 80` (ACME challenges, the redirect)
  int https_port = 0;                 // the site's `listen 443 ssl`
  bool ipv6 = true;                   // also listen on [::1] (else the [::] listens are left out)
  std::filesystem::path certificate;  // ssl_certificate
  std::filesystem::path private_key;  // ssl_certificate_key
  int upstream_port = 0;              // the upstream's 127.0.0.1:8765
  std::filesystem::path acme_root;    // the ACME challenges' root
};

// `site` (the text of deploy/nginx/hundred-days.conf) with its names, ports and paths replaced by
// `values`. Throws std::runtime_error if one of them is not found as often as expected, or if the
// deployment's name, port or paths are left outside comments: the site file changed and this
// substitution must follow it.
std::string nginx_test_site(const std::string& site, const NginxSite& values);

struct NginxOptions {
  std::filesystem::path site_file;    // deploy/nginx/hundred-days.conf
  std::filesystem::path certificate;  // PEM chain for `localhost`
  std::filesystem::path private_key;
  int upstream_port = 0;                      // the hd_server's plain port on 127.0.0.1
  std::string upstream_source = "127.0.0.2";  // proxy_bind: the address nginx connects from
};

class NginxProcess {
 public:
  // Writes the configuration, starts nginx and waits until its HTTPS port accepts a connection.
  // Throws std::runtime_error (with nginx's error log) if nginx is not installed, exits, or does not
  // listen within 20 s.
  explicit NginxProcess(const NginxOptions& options);
  // Stops nginx (SIGTERM, then SIGKILL after 10 s).
  ~NginxProcess();
  NginxProcess(const NginxProcess&) = delete;
  NginxProcess& operator=(const NginxProcess&) = delete;

  int https_port() const { return site_.https_port; }
  int http_port() const { return site_.http_port; }
  std::string url(const std::string& host = "localhost") const {
    return "wss://" + host + ":" + std::to_string(site_.https_port) + "/";
  }
  const std::filesystem::path& directory() const { return directory_; }
  std::string error_log() const;
  std::string access_log() const;

 private:
  std::filesystem::path directory_;
  NginxSite site_;
  int pid_ = -1;
};

// A test authority "ca" and a certificate "nginx" it signed for localhost only (not for 127.0.0.1:
// connecting by address is a name the certificate does not cover), in a fresh directory; hd_server
// on it trusting X-Real-IP from 127.0.0.2 (`--trusted-proxies`), and nginx with the deployed site in
// front of it connecting from there. Throws std::runtime_error if anything fails to start.
struct ProxiedServer {
  // `source_dir`: the project's sources (the site file, the scenarios); `server_args` are added.
  explicit ProxiedServer(const std::filesystem::path& source_dir, std::vector<std::string> server_args = {});

  // nginx with the deployed site in front of this server, serving certificate `name`.pem / .key.
  NginxOptions nginx_options(const std::string& name) const;
  // --ca-file for the test authority.
  std::vector<std::string> trust() const { return {"--ca-file", (dir / "ca.pem").string()}; }

  std::filesystem::path source_dir;
  std::filesystem::path dir;
  std::unique_ptr<ServerProcess> server;
  std::unique_ptr<NginxProcess> nginx;
};

// The server log's lines for event `event` (logfmt: "event=NAME ...").
std::vector<std::string> log_lines(const std::string& log, const std::string& event);

// The nginx binary: on PATH or in /usr/sbin (not on a normal user's PATH); empty if not installed.
std::string find_nginx();

}  // namespace hd::test
