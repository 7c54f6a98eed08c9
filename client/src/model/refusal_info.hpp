// Why the server refused this client.
#pragma once

#include <cstdint>
#include <string>

namespace hd::client {

struct RefusalInfo {
  std::uint32_t code = 0;                     // the protocol's RefusalCode number
  std::string code_name;                      // e.g. "REFUSAL_CODE_PROTOCOL_VERSION"
  std::string message;                        // the server's sentence for people
  std::uint32_t server_protocol_version = 0;  // set for version refusals, else 0
};

}  // namespace hd::client
