// What tells a replay of a request from another request under the same request id (docs/server.md,
// "Request ids"): the stored answers (app/request_answers.hpp) and the action log keep it.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string>

namespace hd::server {

// SHA-256 (64 hex digits) of the request serialized deterministically with its request id cleared:
// equal for the same request under any id, different for any other body or field.
std::string request_digest(const hundred_days::v1::ClientEnvelope& request);

}  // namespace hd::server
