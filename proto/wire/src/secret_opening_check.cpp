#include <hd/wire/secret_commitment.hpp>
#include <hd/wire/secret_opening_check.hpp>

namespace hd::wire {

OpeningCheck check_opening(
    std::uint64_t game_id,
    const google::protobuf::RepeatedPtrField<hundred_days::v1::SecretCommitment>& commitments,
    const hundred_days::v1::SecretOpening& opening) {
  const std::string what = "secret choice " + opening.choice_id();
  for (const hundred_days::v1::SecretCommitment& commitment : commitments) {
    if (commitment.choice_id() != opening.choice_id()) continue;
    if (!init_secret_commitments()) return {false, what + ": cannot check (libsodium failed to start)"};
    if (opening_matches(game_id, opening.choice_id(), opening.choice(), opening.nonce(),
                        commitment.commitment()))
      return {true, what + " opened: " + opening.choice() + " (matches its commitment)"};
    return {false, "WARNING: " + what + " opened as '" + opening.choice() +
                       "' does NOT match the commitment published at the start (" + commitment.commitment() +
                       "): the server changed it"};
  }
  return {false,
          "WARNING: " + what + " opened as '" + opening.choice() + "' but no commitment to it was published"};
}

}  // namespace hd::wire
