// libFuzzer target: the game service behind the hub (docs/fuzzing.md), the part of the server the
// frames target stops short of. Each input is a short session of four connections of three
// logged-in accounts (connections 0 and 3 share an account, as a seat holder with a second window
// does) sending requests in any order: create, join, open, actions, queries, chat, undo, draws,
// resign, export, close, and connections closing. It runs on a fresh SQLite file of the real schema
// and the real scenarios, exactly as the hub calls it, with the built-in players' posted steps run
// between requests. Input format: records of an op byte (bits 0-1: the connection; bit 7: the
// connection closes instead), a 16-bit little-endian length, then that many bytes of a
// ClientEnvelope (records that do not parse are skipped). Seeds: tests/fuzz/corpus/service/.
// Checked besides "no crash, no sanitizer report": no exception escapes the service (the hub would
// turn it into INTERNAL), every request is answered on its own connection, with its request id, and
// every log line is one line with no control bytes, whatever the requests carried.
#include "accounts/account_store.hpp"
#include "app/outbound.hpp"
#include "build_paths.hpp"
#include "database.hpp"
#include "games/game_service.hpp"
#include "log.hpp"
#include "migrations.hpp"
#include "ops/metrics.hpp"
#include "server_config.hpp"

#include <google/protobuf/stubs/logging.h>

#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace v1 = hundred_days::v1;
using hd::server::AccountId;
using hd::server::ConnectionId;

constexpr int kMaxRequests = 48;     // bounded work per input
constexpr int kMaxPostedSteps = 64;  // built-in players' steps run per request at most
constexpr int kConnections = 4;

void check(bool condition) {
  if (!condition) std::abort();
}

// Records what the service sends; a closed connection gets nothing more (as the registry does).
class RecordingOutbound : public hd::server::Outbound {
 public:
  void send(ConnectionId connection, const v1::ServerEnvelope& envelope) override {
    sent.emplace_back(connection, envelope.request_id());
    check(envelope.ByteSizeLong() > 0 || envelope.request_id() == 0);
  }
  void close(ConnectionId, hd::server::CloseRequest) override {}
  std::vector<std::pair<ConnectionId, std::uint64_t>> sent;
};

// A database file on tmpfs where there is one (the schema's migrations run on it per input).
fs::path database_path() {
  const fs::path folder = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  return folder / ("hd-fuzz-service-" + std::to_string(::getpid()) + ".sqlite");
}

void remove_database(const fs::path& path) {
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm"})
    fs::remove(path.string() + suffix, ignored);
}

bool for_the_games(const v1::ClientEnvelope& envelope) {
  switch (envelope.body_case()) {
    case v1::ClientEnvelope::kHello:
    case v1::ClientEnvelope::kPing:
    case v1::ClientEnvelope::kRegisterAccount:
    case v1::ClientEnvelope::kLogin:
    case v1::ClientEnvelope::kResumeSession:
    case v1::ClientEnvelope::kLogout:
    case v1::ClientEnvelope::BODY_NOT_SET:
      return false;  // the connection protocol or the hub answers these (fuzz_frames covers them)
    default:
      return true;
  }
}

// A log line: one line with no control byte but its end (user text is escaped and cut, log.hpp).
void check_log_line(std::string_view line) {
  check(!line.empty() && line.back() == '\n');
  line.remove_suffix(1);
  for (const char c : line)
    check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f);
  check(line.size() < 4096);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  hd::server::set_log_sink(check_log_line);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fs::path path = database_path();
  remove_database(path);
  hd::server::Database db = hd::server::Database::open(path);
  db.execute("PRAGMA synchronous=OFF");  // durability is not what is fuzzed here
  hd::server::apply_migrations(db, hd::server::embedded_migrations());
  hd::server::AccountStore store(db);
  std::vector<AccountId> accounts;
  for (const char* name : {"ann", "bob", "cyd"})
    accounts.push_back(store.create(name, "not a hash: nobody logs in here", 0)->id);

  hd::server::ServerConfig config;
  config.data_root = hd::test::data_root();
  config.snapshot_every = 8;  // snapshots and their reloads happen within a short input
  config.finished_games_in_memory = 1;
  RecordingOutbound outbound;
  hd::server::Metrics metrics;
  std::deque<std::function<void()>> posted;
  {
    hd::server::GameService games(db, config, outbound, metrics,
                                  [&](std::function<void()> step) { posted.push_back(std::move(step)); });
    std::vector<hd::server::Caller> callers(kConnections);
    for (int i = 0; i < kConnections; ++i) {
      callers[i].connection = static_cast<ConnectionId>(i + 1);
      callers[i].peer_address = "127.0.0.1";
      callers[i].account = accounts[static_cast<std::size_t>(i % 3)];
      callers[i].username = std::string(i % 3 == 0 ? "ann" : i % 3 == 1 ? "bob" : "cyd");
    }
    std::size_t at = 0;
    for (int request = 0; at + 3 <= size && request < kMaxRequests; ++request) {
      const std::uint8_t op = data[at];
      const std::size_t length = std::min<std::size_t>(data[at + 1] | (data[at + 2] << 8), size - at - 3);
      const auto* bytes = data + at + 3;
      at += 3 + length;
      hd::server::Caller& caller = callers[op & 3];
      if (op & 0x80) {
        games.forget(caller);
        caller.connection += kConnections;  // a new connection of the same account
        continue;
      }
      v1::ClientEnvelope envelope;
      if (!envelope.ParseFromArray(bytes, static_cast<int>(length)) || !for_the_games(envelope)) continue;
      const std::size_t before = outbound.sent.size();
      try {
        games.handle(caller, envelope);
        for (int step = 0; step < kMaxPostedSteps && !posted.empty(); ++step) {
          auto next = std::move(posted.front());
          posted.pop_front();
          next();
        }
      } catch (...) {
        std::abort();  // the hub would answer INTERNAL: a request the service did not handle
      }
      bool answered = false;
      for (std::size_t i = before; i < outbound.sent.size(); ++i)
        answered |= outbound.sent[i] == std::make_pair(caller.connection, envelope.request_id());
      check(answered);
    }
  }
  return 0;
}
