// Which web pages may open a WebSocket to this server. Browsers send an Origin header with every
// upgrade and cannot forge it; native clients send none. So: no Origin is allowed, an Origin on the
// configured list is allowed, any other (including "null") is refused with HTTP 403.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

// True if an upgrade carrying `origin` (nullopt: no Origin header) may proceed. Entries compare
// without case ("https://play.example.org", scheme and host, with a port if not the default).
bool origin_allowed(std::optional<std::string_view> origin, const std::vector<std::string>& allowed_origins);

}  // namespace hd::server
