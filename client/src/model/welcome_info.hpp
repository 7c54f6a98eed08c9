// What the server said about itself when it accepted this client.
#pragma once

#include <hd/engine/board/hex.hpp>

#include <cstdint>
#include <string>

namespace hd::client {

struct WelcomeInfo {
  std::string server_name;             // human-readable, as the server sent it
  std::string server_id;               // 32 hex digits naming the server's database
  std::uint32_t protocol_version = 0;  // the version the server speaks
  std::uint64_t connection_id = 0;     // this connection's number on the server
  engine::GridBounds map_grid;         // the campaign map, in hexes
};

}  // namespace hd::client
