#include "scripted_client.hpp"

#include "virtual_display.hpp"

#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace hd::test {

const std::string& ClientReport::operator[](const std::string& key) const {
  static const std::string kMissing = "?";
  const auto found = fields.find(key);
  return found == fields.end() ? kMissing : found->second;
}

std::vector<std::string> ClientReport::items(const std::string& key) const {
  std::vector<std::string> result;
  const std::string& value = (*this)[key];
  if (value == "-" || value == "?") return result;
  std::istringstream parts(value);
  std::string item;
  while (std::getline(parts, item, ','))
    result.push_back(item);
  return result;
}

sf::Image keep_screenshot(const std::filesystem::path& png, const std::filesystem::path& artifacts,
                          unsigned width, unsigned height) {
  if (!std::filesystem::exists(png)) throw std::runtime_error("no screenshot " + png.string());
  std::filesystem::create_directories(artifacts);
  std::filesystem::copy_file(png, artifacts / png.filename(),
                             std::filesystem::copy_options::overwrite_existing);
  sf::Image image;
  if (!image.loadFromFile(png.string())) throw std::runtime_error("cannot load " + png.string());
  if (image.getSize() != sf::Vector2u(width, height))
    throw std::runtime_error(png.string() + " is not " + std::to_string(width) + "x" +
                             std::to_string(height));
  return image;
}

long ClientReport::number(const std::string& key) const {
  return std::stol((*this)[key]);
}

std::optional<ClientReport> parse_client_report(const std::string& line) {
  if (line.rfind("report ", 0) != 0) return std::nullopt;
  ClientReport report;
  report.line = line;
  std::istringstream words(line.substr(7));
  std::string word;
  while (words >> word) {
    const auto equals = word.find('=');
    if (equals == std::string::npos) return std::nullopt;
    report.fields[word.substr(0, equals)] = word.substr(equals + 1);
  }
  return report;
}

ScriptedClient::ScriptedClient(const std::string& client_binary, std::vector<std::string> client_args,
                               const std::filesystem::path& log_path, unsigned width, unsigned height)
    : display_(
          hd::test::in_virtual_display(static_cast<int>(width), static_cast<int>(height), {client_binary})),
      log_path_(log_path) {
  int in[2];
  int out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv = display_.argv;
  argv.insert(argv.end(), client_args.begin(), client_args.end());
  argv.push_back("--script");
  argv.push_back("-");
  std::vector<char*> args;
  for (auto& arg : argv)
    args.push_back(arg.data());
  args.push_back(nullptr);
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group: xvfb-run, Xvfb and the client end together
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    const int log = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log >= 0) dup2(log, STDERR_FILENO);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_client_ = in[1];
  from_client_ = out[0];
  signal(SIGPIPE, SIG_IGN);  // a client that died shows as a failed write, not a dead test
  // Up before the next one starts: xvfb-run -a picks a free display by looking, so two started at
  // the same moment could pick the same one.
  if (!report(std::chrono::seconds(60))) {
    kill(-pid_, SIGKILL);
    int ignored = 0;
    waitpid(pid_, &ignored, 0);
    close(to_client_);
    close(from_client_);
    throw std::runtime_error("the client did not start:\n" + log());
  }
}

ScriptedClient::~ScriptedClient() {
  if (pid_ > 0 && finish(std::chrono::seconds(20)) == -1) {
    kill(-pid_, SIGKILL);
    int ignored = 0;
    waitpid(pid_, &ignored, 0);
  }
  if (from_client_ >= 0) close(from_client_);
}

void ScriptedClient::send(const std::string& line) {
  const std::string text = line + "\n";
  if (to_client_ < 0 || write(to_client_, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw std::runtime_error("the client's input is closed");
}

std::optional<std::string> ScriptedClient::read_line(std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return line;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd fd{from_client_, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[4096];
    const ssize_t got = read(from_client_, chunk, sizeof chunk);
    if (got <= 0) return std::nullopt;  // the client ended
    buffer_.append(chunk, static_cast<std::size_t>(got));
  }
}

std::optional<ClientReport> ScriptedClient::report(std::chrono::seconds timeout) {
  send("report");
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (const auto line = read_line(deadline))
    if (auto parsed = parse_client_report(*line)) return parsed;
  return std::nullopt;
}

int ScriptedClient::finish(std::chrono::seconds timeout) {
  if (to_client_ >= 0) {
    close(to_client_);
    to_client_ = -1;
  }
  if (pid_ <= 0) return -1;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    }
    if (done < 0 || std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string ScriptedClient::log() const {
  std::ifstream file(log_path_);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

ClientReport settled_report(ScriptedClient& client) {
  client.send("wait-for idle");
  auto report = client.report();
  if (!report) throw std::runtime_error("the client printed no report; client log:\n" + client.log());
  return *report;
}

FirstActionReports end_phase_by_ctrl_e(ScriptedClient& client,
                                       const std::optional<std::filesystem::path>& screenshot) {
  client.send("wait-for game");
  client.send("wait-for my-decision");
  ClientReport before = settled_report(client);
  client.send("ctrl-key E");
  client.send("wait-for sequence 1");
  if (screenshot) {
    client.send("frames 3");
    client.send("screenshot " + screenshot->string());
  }
  return {std::move(before), settled_report(client)};
}

}  // namespace hd::test
