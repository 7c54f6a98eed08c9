// Issue 16 (docs/server.md, "Webhooks"): the addresses a webhook may be sent to. Unless the operator
// allows private receivers (webhook-allow-private), only public unicast addresses are: an account
// must not make the server POST into the server's own host or network (server-side request forgery).
#pragma once

#include <boost/asio/ip/address.hpp>

namespace hd::server {

// True for a public unicast address: not loopback, unspecified, multicast or broadcast; not private
// (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), shared (100.64/10),
// "this network" (0/8), IETF protocol assignments (192.0.0/24), benchmarking (198.18/15) or reserved
// (240/4); an IPv4-mapped IPv6 address is judged as its IPv4 address.
bool public_address(const boost::asio::ip::address& address);

}  // namespace hd::server
