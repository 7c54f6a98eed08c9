// Test certificates made with the openssl command: a self-signed authority and server certificates
// it signs, for end-to-end tests of wss:// (the server's own TLS listener, nginx in front of it).
// Each function throws std::runtime_error if openssl fails or takes more than 60 s.
#pragma once

#include <filesystem>
#include <string>

namespace hd::test {

// A self-signed authority `name`.pem / `name`.key in `dir`.
void make_authority(const std::filesystem::path& dir, const std::string& name);

// A server certificate `name`.pem / `name`.key in `dir` signed by `authority` (made by
// make_authority in the same directory), for the subjectAltName `san` (e.g.
// "DNS:localhost,IP:127.0.0.1").
void make_certificate(const std::filesystem::path& dir, const std::string& authority, const std::string& name,
                      const std::string& san);

}  // namespace hd::test
