// The server's stable identity, kept in its database (table server_metadata).
#pragma once

#include "database.hpp"

#include <string>

namespace hd::server {

// The server id recorded in the database; creates one (32 random hex digits) on first start.
std::string load_or_create_server_id(Database& db);

}  // namespace hd::server
