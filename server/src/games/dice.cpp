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

}  // namespace hd::server
