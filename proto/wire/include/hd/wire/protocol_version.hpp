// The protocol version both ends put in Hello and Welcome (proto package hundred_days.v1).
#pragma once

#include <cstdint>

namespace hd::wire {

// Bumped on any change a peer of the previous version could not understand.
inline constexpr std::uint32_t kProtocolVersion = 1;

// Largest envelope either end sends or accepts, in bytes. Far above any foundation message, far
// below Beast's 16 MB default, so a hostile peer cannot make the server buffer much.
inline constexpr std::uint64_t kDefaultMaxMessageBytes = 64 * 1024;

}  // namespace hd::wire
