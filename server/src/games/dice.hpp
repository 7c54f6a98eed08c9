// The dice of a game, committed and reproducible. When a game is created the server draws a secret
// 32-byte seed and publishes only its SHA-256 (the commitment). Each seat adds its own entropy when
// it is taken. The n-th die of the game (n = 1, 2, 3 ... over the whole game) is derived from the
// seed, every seat's entropy and n, so neither the server nor any player can choose a roll once
// the seats are filled. At the end the seed is revealed: anyone can recompute the commitment and
// every roll (docs/dice.md).
#pragma once

#include <hd/wire/secret_commitment.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

inline constexpr std::size_t kDiceSeedBytes = 32;

// 32 fresh random bytes from the operating system (libsodium's generator).
std::string new_dice_seed();

// The public commitment to a seed: SHA-256 of the seed bytes, 64 lowercase hex digits.
std::string dice_commitment(std::string_view seed);

// The die (1..6) numbered `roll` (counting from 1). `seat_entropy` is each seat's contribution in
// seat order (French, Prussian, Allied; absent seats left out). Unbiased: SHA-256 over
// "hd-die-v1" | seed | for each entropy: 8-byte big-endian length, bytes | roll as 8 bytes big-endian
// | attempt, taking the first byte below 252 (252 = 42 * 6) modulo 6, plus 1.
int derive_die(std::string_view seed, const std::vector<std::string>& seat_entropy, std::uint64_t roll);

// Bytes to lowercase hex and back (nullopt for odd length or a non-hex digit); shared with the
// secret choices' commitments (hd/wire/secret_commitment.hpp).
using wire::from_hex;
using wire::to_hex;

}  // namespace hd::server
