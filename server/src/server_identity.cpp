#include "server_identity.hpp"

#include <cstdio>
#include <random>

namespace hd::server {
namespace {

std::string random_hex_id() {
  std::random_device device;
  std::string id;
  for (int i = 0; i < 4; ++i) {
    char part[9];
    std::snprintf(part, sizeof part, "%08x", static_cast<unsigned>(device()));
    id += part;
  }
  return id;
}

}  // namespace

std::string load_or_create_server_id(Database& db) {
  std::string id;
  in_transaction(db, [&] {
    Statement query = db.prepare("SELECT value FROM server_metadata WHERE key = 'server_id'");
    if (query.step()) {
      id = query.column_text(0);
      return;
    }
    id = random_hex_id();
    db.prepare("INSERT INTO server_metadata (key, value) VALUES ('server_id', ?1)").bind(1, id).run();
    db.execute(
        "INSERT INTO server_metadata (key, value) "
        "VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
  });
  return id;
}

}  // namespace hd::server
