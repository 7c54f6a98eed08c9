#include "model/saved_session.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <variant>

namespace hd::client {
namespace {

constexpr const char* kHeader = "hundred-days client state 1";

std::optional<std::uint64_t> parse_number(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// A word without spaces or control characters (an address, a name), non-empty.
bool plain_word(const std::string& text) {
  return !text.empty() && std::none_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == '\x7f';
  });
}

bool hex_token(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
         });
}

// The sessions in `text`, or why a line is not understood.
std::variant<SavedSessions, std::string> parse(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kHeader)
    return std::string("its first line is not \"") + kHeader + "\"";
  std::vector<std::pair<std::string, SavedSession>> read;
  // The account the `seen` lines belong to: the `user`, or another one named by `account`.
  std::string account;
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    const auto bad = [&] { return "line " + std::to_string(number) + " is not understood"; };
    const auto space = line.find(' ');
    if (space == std::string::npos) return bad();
    const std::string key = line.substr(0, space);
    const std::string value = line.substr(space + 1);
    if (key == "server") {
      if (!plain_word(value)) return bad();
      read.emplace_back(value, SavedSession{});
      account.clear();
      continue;
    }
    if (read.empty()) return bad();
    SavedSession& session = read.back().second;
    if (key == "user" && plain_word(value)) {
      if (!session.username.empty() || !session.other_accounts.empty()) return bad();
      session.username = value;
      account = value;
    } else if (key == "account" && plain_word(value)) {
      if (value == session.username) return bad();
      for (const AccountSeen& other : session.other_accounts)
        if (other.username == value) return bad();
      if (session.other_accounts.size() >= SavedSession::kMaxOtherAccounts) return bad();
      session.other_accounts.push_back(AccountSeen{value, {}});
      account = value;
    } else if (key == "token" && hex_token(value)) {
      session.token = value;
    } else if (key == "open" || key == "seen") {
      const auto gap = value.find(' ');
      if (gap == std::string::npos) return bad();
      const auto game = parse_number(value.substr(0, gap));
      const auto second = parse_number(value.substr(gap + 1));
      if (!game || *game == 0 || !second) return bad();
      if (key == "open") {
        if (*second > 1) return bad();
        session.open_game = *game;
        session.spectating = *second == 1;
      } else if (!session.other_accounts.empty() && account == session.other_accounts.back().username) {
        session.other_accounts.back().seen.append(*game, *second);
      } else {
        session.seen.append(*game, *second);
      }
    } else {
      return bad();
    }
  }
  SavedSessions sessions;
  for (auto it = read.rbegin(); it != read.rend(); ++it)  // put() makes each the most recent
    sessions.put(it->first, std::move(it->second));
  return sessions;
}

}  // namespace

SeenGames SavedSession::seen_by(const std::string& name) const {
  if (name == username) return seen;
  for (const AccountSeen& other : other_accounts)
    if (other.username == name) return other.seen;
  return {};
}

void SavedSession::put_other(const std::string& name, SeenGames games) {
  if (name.empty() || name == username) return;
  std::erase_if(other_accounts, [&](const AccountSeen& other) { return other.username == name; });
  other_accounts.insert(other_accounts.begin(), AccountSeen{name, std::move(games)});
  if (other_accounts.size() > kMaxOtherAccounts) other_accounts.resize(kMaxOtherAccounts);
}

const SavedSession* SavedSessions::find(const std::string& server) const {
  for (const auto& [address, session] : servers_)
    if (address == server) return &session;
  return nullptr;
}

void SavedSessions::put(const std::string& server, SavedSession session) {
  std::erase_if(servers_, [&](const auto& entry) { return entry.first == server; });
  servers_.insert(servers_.begin(), {server, std::move(session)});
  if (servers_.size() > kMaxServers) servers_.resize(kMaxServers);
}

std::filesystem::path default_state_dir() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state == '/')
    return std::filesystem::path(state) / "hundred-days";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".local" / "state" / "hundred-days";
  return {};
}

LoadedSessions load_saved_sessions(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::exists(file, error) && !error) return {};
  const std::string ignored = "The saved client state " + file.string() + " is ignored: ";
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (error || !in || in.bad()) return {{}, ignored + "it cannot be read"};
  auto parsed = parse(text.str());
  if (const auto* why = std::get_if<std::string>(&parsed)) return {{}, ignored + *why};
  return {std::get<SavedSessions>(std::move(parsed)), ""};
}

std::string saved_sessions_text(const SavedSessions& sessions) {
  std::string text = std::string(kHeader) + "\n";
  for (const auto& [server, session] : sessions.servers()) {
    text += "server " + server + "\n";
    if (!session.username.empty()) text += "user " + session.username + "\n";
    if (!session.token.empty()) text += "token " + session.token + "\n";
    if (session.open_game != 0)
      text += "open " + std::to_string(session.open_game) + (session.spectating ? " 1\n" : " 0\n");
    for (const SeenGame& seen : session.seen.games())
      text += "seen " + std::to_string(seen.game_id) + " " + std::to_string(seen.sequence) + "\n";
    for (const AccountSeen& other : session.other_accounts) {
      if (other.username.empty() || other.username == session.username) continue;
      text += "account " + other.username + "\n";
      for (const SeenGame& seen : other.seen.games())
        text += "seen " + std::to_string(seen.game_id) + " " + std::to_string(seen.sequence) + "\n";
    }
  }
  return text;
}

std::string save_saved_sessions(const SavedSessions& sessions, const std::filesystem::path& file) {
  const std::string cannot = "Cannot save the client state to " + file.string() + ": ";
  std::error_code error;
  const std::filesystem::path dir = file.parent_path();
  if (!dir.empty() && !std::filesystem::is_directory(dir, error)) {
    std::filesystem::create_directories(dir, error);
    if (error) return cannot + error.message();
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all, error);
  }
  const std::filesystem::path temporary = file.string() + ".tmp" + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return cannot + std::strerror(errno);
  ::fchmod(fd, 0600);  // an earlier temporary of another mode is truncated, not recreated
  const std::string text = saved_sessions_text(sessions);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  const bool whole = written == text.size() && ::fsync(fd) == 0;
  const int saved_errno = errno;
  if (::close(fd) != 0 || !whole) {
    ::unlink(temporary.c_str());
    return cannot + std::strerror(whole ? errno : saved_errno);
  }
  if (::rename(temporary.c_str(), file.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temporary.c_str());
    return cannot + why;
  }
  return {};
}

}  // namespace hd::client
