#include "accounts/password_hashing.hpp"

#include <sodium.h>
#include <stdexcept>

namespace hd::server {
namespace {

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    hex.push_back(kDigits[bytes[i] >> 4]);
    hex.push_back(kDigits[bytes[i] & 0x0f]);
  }
  return hex;
}

}  // namespace

void init_crypto() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string hash_password(std::string_view password, const PasswordCost& cost) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.operations, cost.memory_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("password hashing ran out of memory");
  }
  return out;
}

bool verify_password(std::string_view stored_hash, std::string_view password) {
  const std::string hash(stored_hash);  // crypto_pwhash_str_verify wants a terminated string
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

std::string random_bytes(std::size_t count) {
  std::string bytes(count, '\0');
  randombytes_buf(bytes.data(), bytes.size());
  return bytes;
}

std::string random_hex(std::size_t count) {
  const std::string bytes = random_bytes(count);
  return to_hex(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

std::string new_session_token() {
  return random_hex(32);
}

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  return to_hex(digest, sizeof digest);
}

std::string token_digest(std::string_view token) {
  return sha256_hex(token);
}

}  // namespace hd::server
