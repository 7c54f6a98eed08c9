// Why the server refused this client or one of its requests.
#pragma once

#include <cstdint>
#include <string>

namespace hd::client {

struct RefusalInfo {
  std::uint32_t code = 0;                     // the protocol's RefusalCode number
  std::string code_name;                      // e.g. "REFUSAL_CODE_PROTOCOL_VERSION"
  std::string message;                        // the server's sentence for people
  std::uint32_t server_protocol_version = 0;  // set for version refusals, else 0
  std::string rule;                           // RULE_VIOLATION: the rule number, e.g. "6.1"
};

// The refusal in plain words for the player: the message, with the rule number when there is one
// ("Refused by rule 6.1: ...").
std::string plain_words(const RefusalInfo& refusal);

}  // namespace hd::client
