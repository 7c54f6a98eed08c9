// Client-side TLS for wss:// addresses, shared by the window client, hd_term and the tools built on
// hd_term's connection; and the rule for the clear-text warning of ws:// addresses (issue 28).
//
// Verification is never off: the server's certificate chain must lead to a trusted authority (the
// system's CA store, or the one in --ca-file) and the certificate must name the host connected to.
#pragma once

#include <boost/asio/ssl/context.hpp>
#include <boost/system/error_code.hpp>

#include <memory>
#include <string>
#include <string_view>

// OpenSSL's connection handle (ssl_st), as Boost.Asio's native_handle() returns it.
struct ssl_st;

namespace hd::wire {

// A client TLS context: TLS 1.2 or later, the peer's certificate verified, trusting the PEM
// authorities in `ca_file` if it is not empty, else the system's CA store. Throws
// std::runtime_error naming the file if it cannot be read or holds no certificate.
std::shared_ptr<boost::asio::ssl::context> make_client_tls_context(const std::string& ca_file);

// Prepares one connection's handle before its handshake: SNI for a host name (none for an IP
// literal, as RFC 6066 asks), and the certificate must name `host` (a DNS name, or an IP address in
// its subjectAltName). Returns an error text, or an empty string when done.
std::string prepare_client_tls(ssl_st* ssl, const std::string& host);

// A readable reason for a failed TLS handshake: what was wrong with the server's certificate when
// verification refused it (another host's name, an unknown authority, expired ...), otherwise the
// error's own message.
std::string describe_tls_failure(ssl_st* ssl, const boost::system::error_code& error);

// True for "localhost" and the loopback addresses 127.0.0.0/8 and ::1 (IPv6 with or without its
// brackets). Anything else, including names that may resolve to loopback, is not.
bool is_loopback_host(std::string_view host);

// True when connecting to `host` should first warn that the password and the session token would
// travel unencrypted: a clear-text (not `tls`) connection to a host that is not loopback.
bool cleartext_needs_warning(bool tls, std::string_view host);

// The warning both clients show, naming `host`.
std::string cleartext_warning(std::string_view host);

}  // namespace hd::wire
