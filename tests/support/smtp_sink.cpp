#include "smtp_sink.hpp"

#include "process.hpp"
#include "server_process.hpp"

#include <boost/asio/ip/tcp.hpp>

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace hd::test {

namespace net = boost::asio;

namespace {

int free_port() {
  net::io_context io;
  net::ip::tcp::acceptor acceptor(io, {net::ip::make_address("127.0.0.1"), 0});
  return acceptor.local_endpoint().port();
}

bool accepts(int port) {
  net::io_context io;
  net::ip::tcp::socket socket(io);
  boost::system::error_code error;
  socket.connect({net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)}, error);
  return !error;
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Mail parse_mail(const std::string& text) {
  Mail mail;
  std::istringstream in(text);
  std::string line;
  std::string name;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    if ((line.front() == ' ' || line.front() == '\t') && !name.empty()) {
      mail.headers[name] += line;  // unfolding: the line break goes, the blank stays
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    name = line.substr(0, colon);
    mail.headers[name] = line.substr(colon + 1 + (line.size() > colon + 1 && line[colon + 1] == ' ' ? 1 : 0));
  }
  std::stringstream rest;
  rest << in.rdbuf();
  mail.body = rest.str();
  return mail;
}

}  // namespace

SmtpSink::SmtpSink() : directory_(make_temp_directory("hd-smtp-sink")) {
  if (run_process({"/usr/bin/python3", "-c", "import aiosmtpd"}, std::chrono::seconds(20)) != 0) {
    throw std::runtime_error(
        "Debian's python3-aiosmtpd is missing (/usr/bin/python3 cannot import aiosmtpd): run "
        "deploy/install-deps.sh, which installs it for the e-mail tests");
  }
  for (int attempt = 0; attempt < 5; ++attempt) {
    port_ = free_port();
    const auto log = directory_ / ("sink-" + std::to_string(attempt) + ".log");
    pid_ =
        spawn_process({"/usr/bin/python3", "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:" + std::to_string(port_),
                       "-c", "aiosmtpd.handlers.Mailbox", (directory_ / "Maildir").string()},
                      log.string());
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
      if (accepts(port_)) return;
      if (wait_process(pid_, std::chrono::milliseconds(50)) != -1) break;  // it ended (port taken?)
    }
    if (wait_process(pid_, std::chrono::milliseconds(0)) == -1) {
      ::kill(pid_, SIGKILL);
      wait_process(pid_, std::chrono::seconds(5));
    }
    pid_ = 0;
    if (attempt == 4) throw std::runtime_error("the SMTP sink did not start: " + read_all(log));
  }
}

SmtpSink::~SmtpSink() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  if (wait_process(pid_, std::chrono::seconds(5)) == -1) {
    ::kill(pid_, SIGKILL);
    wait_process(pid_, std::chrono::seconds(5));
  }
}

std::vector<Mail> SmtpSink::mails() const {
  std::vector<Mail> mails;
  for (const char* folder : {"new", "cur"}) {
    const auto path = directory_ / "Maildir" / folder;
    if (!std::filesystem::exists(path)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(path))
      mails.push_back(parse_mail(read_all(entry.path())));
  }
  return mails;
}

bool SmtpSink::wait(const std::function<bool(const std::vector<Mail>&)>& done,
                    std::chrono::milliseconds timeout) const {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    if (done(mails())) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  return done(mails());
}

}  // namespace hd::test
