#include "games/dice.hpp"

#include "accounts/password_hashing.hpp"

#include <sodium.h>

namespace hd::server {
namespace {

void append_u64(std::string& out, std::uint64_t value) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((value >> shift) & 0xff));
}

}  // namespace

std::string new_dice_seed() {
  return random_bytes(kDiceSeedBytes);
}

std::string dice_commitment(std::string_view seed) {
  return sha256_hex(seed);
}

int derive_die(std::string_view seed, const std::vector<std::string>& seat_entropy, std::uint64_t roll) {
  std::string message = "hd-die-v1";
  message.append(seed);
  for (const std::string& entropy : seat_entropy) {
    append_u64(message, entropy.size());
    message.append(entropy);
  }
  append_u64(message, roll);
  for (std::uint64_t attempt = 0;; ++attempt) {
    std::string input = message;
    append_u64(input, attempt);
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(input.data()), input.size());
    for (unsigned char byte : digest) {
      if (byte < 252) return byte % 6 + 1;
    }
  }
}

std::string to_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    hex.push_back(kDigits[byte >> 4]);
    hex.push_back(kDigits[byte & 0x0f]);
  }
  return hex;
}

std::optional<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string bytes;
  bytes.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = digit(hex[i]);
    const int low = digit(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes.push_back(static_cast<char>(high * 16 + low));
  }
  return bytes;
}

}  // namespace hd::server
