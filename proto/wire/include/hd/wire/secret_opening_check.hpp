// What a client makes of a secret choice's opening (18.5C; docs/commitments.md): it checks the
// opening against the commitment it was given when it opened the game, and says so in words. Both
// clients (hd_term, the SFML client) use this.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>

namespace hd::wire {

struct OpeningCheck {
  bool ok = false;
  std::string message;  // "secret choice 18.5C opened: 18.5C (matches its commitment)" or why it fails
};

// Checks `opening` against the commitment of the same choice id among `commitments` (those of game
// `game_id`). Fails when there is none, or when the choice and nonce do not give the commitment.
OpeningCheck check_opening(
    std::uint64_t game_id,
    const google::protobuf::RepeatedPtrField<hundred_days::v1::SecretCommitment>& commitments,
    const hundred_days::v1::SecretOpening& opening);

}  // namespace hd::wire
