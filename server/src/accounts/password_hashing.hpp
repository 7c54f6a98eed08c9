// Passwords and session tokens (libsodium). Password hashes are Argon2id strings from
// crypto_pwhash_str, which carry their own salt and parameters, so the cost can be raised later
// without invalidating stored hashes. Every function here is thread-safe and needs no database;
// hashing is slow on purpose and runs off the hub's strand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hd::server {

// Argon2id cost. The defaults are libsodium's "interactive" limits: 2 passes over 64 MiB.
struct PasswordCost {
  unsigned long long operations = 2;
  std::size_t memory_bytes = std::size_t{64} << 20;
};

// Must be called once before anything else here (initialises libsodium); throws if it cannot be.
void init_crypto();

// An Argon2id hash string for the password (a fresh random salt each call). Throws std::runtime_error
// if libsodium runs out of memory.
std::string hash_password(std::string_view password, const PasswordCost& cost);

// True if the password matches a hash made by hash_password (whatever cost it was made with).
bool verify_password(std::string_view stored_hash, std::string_view password);

// `count` random bytes from libsodium's CSPRNG as 2 * `count` lowercase hex digits.
std::string random_hex(std::size_t count);

// 32 random bytes as 64 lowercase hex digits.
std::string new_session_token();

// The SHA-256 of a token, in hex: what the database stores instead of the token.
std::string token_digest(std::string_view token);

// SHA-256 of arbitrary bytes, in hex.
std::string sha256_hex(std::string_view bytes);

// Random bytes from the operating system's generator.
std::string random_bytes(std::size_t count);

}  // namespace hd::server
