#include "ops/client_address.hpp"

#include <boost/asio/ip/address.hpp>

#include <algorithm>

namespace hd::server {

namespace ip = boost::asio::ip;

std::optional<std::string> normal_ip_address(std::string_view address) {
  boost::system::error_code error;
  const ip::address parsed = ip::make_address(std::string(address), error);
  if (error) return std::nullopt;
  if (parsed.is_v6() && parsed.to_v6().is_v4_mapped()) {
    return ip::make_address_v4(ip::v4_mapped, parsed.to_v6()).to_string();
  }
  return parsed.to_string();
}

bool address_in(std::string_view address, const std::vector<std::string>& addresses) {
  const auto normal = normal_ip_address(address);
  if (!normal) return false;
  return std::any_of(addresses.begin(), addresses.end(),
                     [&](const std::string& entry) { return normal_ip_address(entry) == normal; });
}

std::string client_address(std::string_view peer_address, std::optional<std::string_view> real_ip_header,
                           const std::vector<std::string>& trusted_proxies) {
  const std::string peer = normal_ip_address(peer_address).value_or(std::string(peer_address));
  if (!real_ip_header || !address_in(peer, trusted_proxies)) return peer;
  return normal_ip_address(*real_ip_header).value_or(peer);
}

}  // namespace hd::server
