// Issue 16, the window client's saved session on disk (model/saved_session.hpp, model/seen_games.hpp):
// a round trip through the file, the bounds (50 games an account, three other accounts a server, 20
// servers), the games seen per account, a corrupt or unreadable file ignored with a notice, the file's mode
// 0600 and its atomic replacement, the state folder.
#include "model/saved_session.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;
using hd::client::SavedSession;
using hd::client::SavedSessions;
using hd::client::SeenGames;

namespace {

// A fresh folder under the system's temporary folder, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "hd-saved-session-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::permissions(path, fs::perms::owner_all, ignored);
    fs::remove_all(path, ignored);
  }
};

void write(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

SavedSession alice() {
  SavedSession session;
  session.username = "alice";
  session.token = std::string(32, 'a') + std::string(32, '7');
  session.open_game = 7;
  session.seen.note(3, 12);
  session.seen.note(7, 40);
  return session;
}

}  // namespace

TEST_CASE("seen games: the most recent first, at most 50, a game noted again moves to the front") {
  SeenGames seen;
  for (std::uint64_t game = 1; game <= 60; ++game)
    seen.note(game, game * 10);
  REQUIRE(seen.games().size() == SeenGames::kMaxGames);
  CHECK(seen.games().front().game_id == 60);
  CHECK(seen.games().back().game_id == 11);
  CHECK_FALSE(seen.last_seen(10));
  seen.note(11, 115);
  CHECK(seen.games().front() == hd::client::SeenGame{11, 115});
  CHECK(seen.last_seen(11) == 115u);
  seen.note(0, 5);  // no game
  CHECK(seen.games().front().game_id == 11);
  seen.append(12, 1);  // already known: kept as it was
  CHECK(seen.last_seen(12) == 120u);
}

TEST_CASE("saved sessions: a round trip through the file keeps every server's session") {
  TempDir dir;
  const fs::path file = dir.path / "state" / hd::client::kSavedSessionsFile;
  SavedSessions sessions;
  SavedSession bob;
  bob.username = "bob";
  bob.token = std::string(64, 'b');
  bob.open_game = 2;
  bob.spectating = true;
  sessions.put("ws://other:8080/", bob);
  sessions.put("ws://127.0.0.1:9000/", alice());
  REQUIRE(hd::client::save_saved_sessions(sessions, file).empty());  // the folder is made

  const auto loaded = hd::client::load_saved_sessions(file);
  CHECK(loaded.notice.empty());
  REQUIRE(loaded.sessions.servers().size() == 2);
  CHECK(loaded.sessions.servers().front().first == "ws://127.0.0.1:9000/");  // the most recent first
  REQUIRE(loaded.sessions.find("ws://127.0.0.1:9000/"));
  CHECK(*loaded.sessions.find("ws://127.0.0.1:9000/") == alice());
  REQUIRE(loaded.sessions.find("ws://other:8080/"));
  CHECK(*loaded.sessions.find("ws://other:8080/") == bob);
  CHECK(loaded.sessions.find("ws://elsewhere/") == nullptr);
  CHECK(hd::client::saved_sessions_text(loaded.sessions) == hd::client::saved_sessions_text(sessions));
}

TEST_CASE("saved sessions: at most 20 servers and 50 games a server are kept") {
  TempDir dir;
  const fs::path file = dir.path / hd::client::kSavedSessionsFile;
  SavedSessions sessions;
  SavedSession many;
  for (std::uint64_t game = 1; game <= 70; ++game)
    many.seen.note(game, game);
  for (int server = 0; server < 25; ++server)
    sessions.put("ws://host" + std::to_string(server) + ":1/", many);
  CHECK(sessions.servers().size() == SavedSessions::kMaxServers);
  CHECK(sessions.find("ws://host0:1/") == nullptr);  // the least recently used went
  REQUIRE(hd::client::save_saved_sessions(sessions, file).empty());
  const auto loaded = hd::client::load_saved_sessions(file);
  REQUIRE(loaded.notice.empty());
  REQUIRE(loaded.sessions.find("ws://host24:1/"));
  CHECK(loaded.sessions.find("ws://host24:1/")->seen.games().size() == SeenGames::kMaxGames);
  CHECK(loaded.sessions.find("ws://host24:1/")->seen.games().front().game_id == 70);
}

TEST_CASE("saved sessions: the file is its owner's only (it holds a token) and is replaced whole") {
  TempDir dir;
  const fs::path file = dir.path / "hundred-days" / hd::client::kSavedSessionsFile;
  SavedSessions sessions;
  sessions.put("ws://127.0.0.1:9000/", alice());
  const mode_t old_mask = ::umask(0);  // even with a permissive umask
  const std::string error = hd::client::save_saved_sessions(sessions, file);
  ::umask(old_mask);
  REQUIRE(error.empty());
  struct stat info {};
  REQUIRE(::stat(file.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);
  REQUIRE(::stat(file.parent_path().c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0700);

  // Written again over a file of a looser mode: the new one is 0600 too, and nothing is left beside.
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
  sessions.put("ws://second:1/", SavedSession{});
  REQUIRE(hd::client::save_saved_sessions(sessions, file).empty());
  REQUIRE(::stat(file.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(file.parent_path()))
    ++files;
  CHECK(files == 1);
  CHECK(hd::client::load_saved_sessions(file).sessions.servers().size() == 2);
}

TEST_CASE("saved sessions: a missing file is an empty state, a corrupt or unreadable one a notice") {
  TempDir dir;
  const fs::path file = dir.path / hd::client::kSavedSessionsFile;
  const auto missing = hd::client::load_saved_sessions(file);
  CHECK(missing.notice.empty());
  CHECK(missing.sessions.servers().empty());

  const auto ignored = [&](const std::string& text, const std::string& why) {
    write(file, text);
    const auto loaded = hd::client::load_saved_sessions(file);
    CHECK(loaded.sessions.servers().empty());
    CHECK(loaded.notice == "The saved client state " + file.string() + " is ignored: " + why);
  };
  ignored("", "its first line is not \"hundred-days client state 1\"");
  ignored("\x01\x02garbage\n", "its first line is not \"hundred-days client state 1\"");
  ignored("hundred-days client state 1\ntoken " + std::string(64, 'a') + "\n", "line 2 is not understood");
  ignored("hundred-days client state 1\nserver ws://h/\ntoken short\n", "line 3 is not understood");
  ignored("hundred-days client state 1\nserver ws://h/\nseen 7\n", "line 3 is not understood");
  ignored("hundred-days client state 1\nserver ws://h/\nseen x 7\n", "line 3 is not understood");
  ignored("hundred-days client state 1\nserver ws://h/\nopen 7 2\n", "line 3 is not understood");
  ignored("hundred-days client state 1\nserver ws://h/\nwhat 7\n", "line 3 is not understood");

  // A file its reader may not read (unless the test runs as root, who reads anything).
  write(file, "hundred-days client state 1\n");
  fs::permissions(file, fs::perms::none);
  if (::geteuid() != 0) {
    const auto loaded = hd::client::load_saved_sessions(file);
    CHECK(loaded.sessions.servers().empty());
    CHECK(loaded.notice == "The saved client state " + file.string() + " is ignored: it cannot be read");
  }
  // A folder where the file should be.
  fs::remove(file);
  fs::create_directory(file);
  CHECK_FALSE(hd::client::load_saved_sessions(file).notice.empty());
  // And a state folder that cannot be made (a file is in the way): an error in words, no crash.
  write(dir.path / "blocker", "x");
  const std::string error =
      hd::client::save_saved_sessions(SavedSessions{}, dir.path / "blocker" / "sessions");
  CHECK(error.starts_with("Cannot save the client state to "));
}

TEST_CASE("the state folder: $XDG_STATE_HOME/hundred-days, else ~/.local/state/hundred-days") {
  const char* old_state = std::getenv("XDG_STATE_HOME");
  const char* old_home = std::getenv("HOME");
  const std::string saved_state = old_state ? old_state : "";
  const std::string saved_home = old_home ? old_home : "";
  ::setenv("XDG_STATE_HOME", "/x/state", 1);
  ::setenv("HOME", "/home/h", 1);
  CHECK(hd::client::default_state_dir() == fs::path("/x/state/hundred-days"));
  ::setenv("XDG_STATE_HOME", "relative", 1);  // the XDG rule: a relative path is ignored
  CHECK(hd::client::default_state_dir() == fs::path("/home/h/.local/state/hundred-days"));
  ::unsetenv("XDG_STATE_HOME");
  CHECK(hd::client::default_state_dir() == fs::path("/home/h/.local/state/hundred-days"));
  ::unsetenv("HOME");
  CHECK(hd::client::default_state_dir().empty());
  if (old_state) ::setenv("XDG_STATE_HOME", saved_state.c_str(), 1);
  if (old_home) ::setenv("HOME", saved_home.c_str(), 1);
}

TEST_CASE("saved sessions: the games seen are kept per account of a server, a few accounts at most") {
  TempDir dir;
  const fs::path file = dir.path / "sessions";
  SavedSession session = alice();
  SeenGames bobs;
  bobs.note(7, 5);  // the same game seen by another account (fogged: its side's own numbers)
  bobs.note(8, 2);
  session.put_other("bob", bobs);
  session.put_other("alice", bobs);  // the session's own account: ignored
  session.put_other("", bobs);       // no account: ignored
  REQUIRE(session.other_accounts.size() == 1);
  SavedSessions sessions;
  sessions.put("ws://host:1/", session);
  REQUIRE(hd::client::save_saved_sessions(sessions, file).empty());
  const auto loaded = hd::client::load_saved_sessions(file);
  REQUIRE(loaded.notice.empty());
  const SavedSession* back = loaded.sessions.find("ws://host:1/");
  REQUIRE(back);
  CHECK(*back == session);
  CHECK(back->seen_by("alice").last_seen(7) == 40u);
  CHECK(back->seen_by("bob").last_seen(7) == 5u);
  CHECK(back->seen_by("bob").games().front().game_id == 8);
  CHECK(back->seen_by("carol").games().empty());

  // The most recently used accounts are kept: with 50 games each, at most 200 games a server.
  for (const char* name : {"carol", "dave", "erin", "bob"})
    session.put_other(name, bobs);
  REQUIRE(session.other_accounts.size() == SavedSession::kMaxOtherAccounts);
  CHECK(session.other_accounts.front().username == "bob");
  CHECK(session.seen_by("carol").games().empty());  // the least recent, forgotten
  CHECK_FALSE(session.seen_by("erin").games().empty());

  // A file of the earlier format (no account lines) reads as before: its games are the user's.
  write(file, "hundred-days client state 1\nserver ws://h/\nuser alice\nseen 7 3\n");
  const auto legacy = hd::client::load_saved_sessions(file);
  REQUIRE(legacy.notice.empty());
  CHECK(legacy.sessions.find("ws://h/")->seen_by("alice").last_seen(7) == 3u);
  CHECK(legacy.sessions.find("ws://h/")->other_accounts.empty());

  // Account lines that make no sense: the whole file is ignored (no crash, no half-read state).
  const auto ignored = [&](const std::string& text, int line) {
    write(file, text);
    const auto bad = hd::client::load_saved_sessions(file);
    CHECK(bad.sessions.servers().empty());
    CHECK(bad.notice == "The saved client state " + file.string() + " is ignored: line " +
                            std::to_string(line) + " is not understood");
  };
  const std::string head = "hundred-days client state 1\nserver ws://h/\nuser alice\n";
  ignored(head + "account alice\nseen 7 3\n", 4);                     // the user again
  ignored(head + "account bob\nseen 7 3\naccount bob\n", 6);          // twice
  ignored(head + "account bob\nuser carol\n", 5);                     // user after account
  ignored(head + "account\n", 4);                                     // no name
  ignored(head + "account a\naccount b\naccount c\naccount d\n", 7);  // too many
  ignored("hundred-days client state 1\naccount bob\n", 2);           // no server
}
