// Why the server refused this client or one of its requests.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>

namespace hd::client {

struct RefusalInfo {
  std::uint32_t code = 0;                     // the protocol's RefusalCode number
  std::string code_name;                      // e.g. "REFUSAL_CODE_PROTOCOL_VERSION"
  std::string message;                        // the server's sentence for people
  std::uint32_t server_protocol_version = 0;  // set for version refusals, else 0
  std::string rule;                           // RULE_VIOLATION: the rule number, e.g. "6.1"
  hundred_days::v1::Refusal wire;             // the refusal as received: a rule refusal's typed reason
};

// The refusal in plain words for the player, with the rule number when there is one ("Refused by
// rule 6.1: ..."): a rule refusal written here from its reason and arguments (units named as
// `view` shows them; `view` may be null), any other the server's message.
std::string plain_words(const RefusalInfo& refusal, const hundred_days::v1::GameView* view = nullptr);

}  // namespace hd::client
