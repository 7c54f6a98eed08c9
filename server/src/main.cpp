// hd_server: the authoritative Hundred Days server. See docs/server.md.
#include "database.hpp"
#include "log.hpp"
#include "migrations.hpp"
#include "server.hpp"
#include "server_config.hpp"
#include "server_identity.hpp"

#include <google/protobuf/stubs/logging.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

// libprotobuf's own complaints (an invalid UTF-8 string in a client's frame, one per refused frame)
// go through the server's log, escaped and cut like every other line, not raw to stderr.
void log_protobuf(google::protobuf::LogLevel level, const char* file, int line, const std::string& message) {
  using hd::server::LogLevel;
  const LogLevel ours = level >= google::protobuf::LOGLEVEL_ERROR ? LogLevel::Warning : LogLevel::Info;
  hd::server::log_event(
      ours, "protobuf",
      {{"where", std::string(file ? file : "?") + ":" + std::to_string(line)}, {"message", message}});
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hd::server;
  google::protobuf::SetLogHandler(&log_protobuf);
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::fputs(server_usage().c_str(), stdout);
      return 0;
    }
  }
  const ConfigResult parsed = parse_server_config(args);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::fprintf(stderr, "hd_server: %s\n%s", error->c_str(), server_usage().c_str());
    return 2;
  }
  const ServerConfig& config = std::get<ServerConfig>(parsed);
  try {
    Database db = Database::open(config.database_path);
    const MigrationReport report = apply_migrations(db, embedded_migrations());
    for (const auto& name : report.applied)
      log_event(LogLevel::Info, "migration_applied", {{"file", name}});
    const std::string server_id = load_or_create_server_id(db);
    log_event(LogLevel::Info, "database_ready",
              {{"path", config.database_path.string()},
               {"schema_version", std::to_string(report.schema_version)},
               {"server_id", server_id}});
    serve(config, ServerFacts{config.server_name, server_id}, db);
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "fatal", {{"error", error.what()}});
    return 1;
  }
  return 0;
}
