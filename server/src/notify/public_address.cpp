#include "notify/public_address.hpp"

#include <cstdint>

namespace hd::server {
namespace {

bool public_v4(const boost::asio::ip::address_v4& address) {
  const std::uint32_t a = address.to_uint();
  const auto within = [a](std::uint32_t network, int prefix) {
    const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - prefix);
    return (a & mask) == network;
  };
  return !(within(0x00000000, 8) ||   // 0/8: "this network"
           within(0x0A000000, 8) ||   // 10/8: private
           within(0x64400000, 10) ||  // 100.64/10: shared (carrier-grade NAT)
           within(0x7F000000, 8) ||   // 127/8: loopback
           within(0xA9FE0000, 16) ||  // 169.254/16: link-local
           within(0xAC100000, 12) ||  // 172.16/12: private
           within(0xC0000000, 24) ||  // 192.0.0/24: IETF protocol assignments
           within(0xC0A80000, 16) ||  // 192.168/16: private
           within(0xC6120000, 15) ||  // 198.18/15: benchmarking
           within(0xE0000000, 4) ||   // 224/4: multicast
           within(0xF0000000, 4));    // 240/4: reserved, and the broadcast address
}

}  // namespace

bool public_address(const boost::asio::ip::address& address) {
  if (address.is_v4()) return public_v4(address.to_v4());
  const boost::asio::ip::address_v6 v6 = address.to_v6();
  if (v6.is_v4_mapped()) return public_v4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6));
  const auto bytes = v6.to_bytes();
  const bool unique_local = (bytes[0] & 0xFE) == 0xFC;  // fc00::/7
  return !(v6.is_loopback() || v6.is_unspecified() || v6.is_multicast() || v6.is_link_local() ||
           v6.is_site_local() || unique_local);
}

}  // namespace hd::server
