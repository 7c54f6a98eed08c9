// Commitments to secret written choices (18.5C's force option; later 22.6B and 28.0D), shared by the
// server (which makes them), hd_verify and the clients (which check the openings). The server
// publishes commitment = SHA-256 over the game id, the choice id, the choice text and a random
// 32-byte nonce when the choice is made, and the opening (choice text and nonce) when the rules
// reveal it (docs/commitments.md). Same style as the dice seed's commitment (docs/dice.md):
// SHA-256, 64 lowercase hex digits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hd::wire {

inline constexpr std::size_t kSecretNonceBytes = 32;

// The choice text of a secret option that was not chosen. Every secret option of a game has a
// commitment, chosen or not, so that its presence tells nothing.
inline constexpr std::string_view kNoChoice = "none";

// The commitment to one choice, 64 lowercase hex digits:
//   SHA-256("hd-secret-v1" | game_id as 8 bytes big-endian
//           | len(choice_id) as 8 bytes big-endian | choice_id
//           | len(choice) as 8 bytes big-endian | choice | nonce)
// Needs sodium_init() (the caller's init_crypto or init_secret_commitments) to have run.
std::string secret_commitment(std::uint64_t game_id, std::string_view choice_id, std::string_view choice,
                              std::string_view nonce);

// True if (choice, nonce) opens `commitment` (hex, either case) for this game and choice id: the
// nonce is exactly 32 bytes and the recomputed commitment equals it.
bool opening_matches(std::uint64_t game_id, std::string_view choice_id, std::string_view choice,
                     std::string_view nonce, std::string_view commitment);

// 32 fresh random bytes (libsodium's generator), for a new commitment's nonce.
std::string new_secret_nonce();

// Initializes libsodium once (safe to call again); false if it cannot be initialized.
bool init_secret_commitments();

// Bytes to lowercase hex and back (nullopt for odd length or a non-hex digit).
std::string to_hex(std::string_view bytes);
std::optional<std::string> from_hex(std::string_view hex);

}  // namespace hd::wire
