// The address a connection really comes from. Behind a reverse proxy every TCP peer is the proxy,
// so when the peer is a configured trusted proxy its X-Real-IP header names the client instead.
// Addresses are normalised (an IPv4-mapped IPv6 address becomes plain IPv4).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

// The client's address: `peer_address` (the TCP peer), or `real_ip_header` when the peer is in
// `trusted_proxies` and the header holds a valid IP address.
std::string client_address(std::string_view peer_address, std::optional<std::string_view> real_ip_header,
                           const std::vector<std::string>& trusted_proxies);

// `address` in normal form, or nullopt if it is not an IPv4 or IPv6 address.
std::optional<std::string> normal_ip_address(std::string_view address);

// True if `address` (in any form) is one of `addresses`.
bool address_in(std::string_view address, const std::vector<std::string>& addresses);

}  // namespace hd::server
