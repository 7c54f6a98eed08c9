#include <hd/wire/secret_commitment.hpp>

#include <cctype>
#include <sodium.h>

namespace hd::wire {
namespace {

void append_u64(std::string& out, std::uint64_t value) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((value >> shift) & 0xff));
}

}  // namespace

std::string secret_commitment(std::uint64_t game_id, std::string_view choice_id, std::string_view choice,
                              std::string_view nonce) {
  std::string message = "hd-secret-v1";
  append_u64(message, game_id);
  append_u64(message, choice_id.size());
  message.append(choice_id);
  append_u64(message, choice.size());
  message.append(choice);
  message.append(nonce);
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  return to_hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

bool opening_matches(std::uint64_t game_id, std::string_view choice_id, std::string_view choice,
                     std::string_view nonce, std::string_view commitment) {
  if (nonce.size() != kSecretNonceBytes || commitment.size() != 2 * crypto_hash_sha256_BYTES) return false;
  const std::string expected = secret_commitment(game_id, choice_id, choice, nonce);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (expected[i] != std::tolower(static_cast<unsigned char>(commitment[i]))) return false;
  return true;
}

std::string new_secret_nonce() {
  std::string nonce(kSecretNonceBytes, '\0');
  randombytes_buf(nonce.data(), nonce.size());
  return nonce;
}

bool init_secret_commitments() {
  return sodium_init() >= 0;
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

}  // namespace hd::wire
