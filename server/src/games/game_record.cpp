#include "games/game_record.hpp"

#include "games/seat_policy.hpp"

#include <hd/loader/record_header.hpp>

#include <cstdio>

namespace hd::server {

std::string line_with_dice(const LoggedAction& logged) {
  std::string line = logged.action;
  if (!logged.dice.empty()) line += logged.dice.size() == 1 ? " die" : " dice";
  for (int die : logged.dice) {
    line += ' ';  // appended in two steps: `" " + to_string` trips GCC 12's -Wrestrict at -O3
    line += std::to_string(die);
  }
  return line;
}

std::string format_game_record(const GameRoom& room) {
  // The rules version is the engine's: a room exists only for a game of that version (lobby.cpp).
  loader::GameChoice choice;
  choice.scenario = room.row.scenario;
  choice.options = room.row.force_options;
  choice.optional_rules = room.row.optional_rules;
  choice.allow_missing_rules = !room.row.missing_rules.empty();  // not by the book
  std::string record = loader::format_record_header(choice);
  for (const LoggedAction& logged : room.log) {
    record += line_with_dice(logged) + "\n";
  }
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(engine::state_hash(room.state())));
  record += "# final-hash: " + std::string(hash) + "\n";
  return record;
}

DiceProof dice_proof_of(const GameRoom& room) {
  DiceProof proof;
  proof.game_id = room.row.id;
  proof.scenario = room.row.scenario;
  proof.commitment = room.row.seed_commitment;
  proof.seed = room.row.dice_seed;
  for (hundred_days::v1::Seat seat : kSeatOrder)
    if (const SeatRow* row = room.seat(seat)) proof.seats.push_back({seat_name(seat), row->entropy});
  for (const LoggedAction& logged : room.log)
    for (int die : logged.dice)
      proof.rolls.push_back(die);
  for (const SecretChoiceRow& secret : room.row.secrets)
    proof.secrets.push_back(
        {secret.choice_id, seat_name(secret.seat), secret.commitment, secret.nonce, secret.choice});
  return proof;
}

}  // namespace hd::server
