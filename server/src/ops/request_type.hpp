// Short names of message types and refusal codes, used as metric labels and in logs.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string_view>

namespace hd::server {

// The envelope's body as its field name in protocol.proto ("login", "submit_action"), "empty" for
// none, "unknown" for a body this server does not name.
std::string_view request_type_name(const hundred_days::v1::ClientEnvelope& envelope);

// A refusal code without its REFUSAL_CODE_ prefix ("RATE_LIMITED").
std::string_view refusal_code_name(hundred_days::v1::RefusalCode code);

}  // namespace hd::server
