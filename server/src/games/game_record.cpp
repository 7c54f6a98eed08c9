#include "games/game_record.hpp"

#include "games/seat_policy.hpp"

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
  std::string record = "# hd_script record: --scenario " + room.row.scenario;
  for (const std::string& option : room.row.force_options)
    record += " --option " + option;
  for (const std::string& rule : room.row.optional_rules)
    record += " --rule " + rule;
  if (!room.row.missing_rules.empty()) record += " --allow-missing-rules";  // not by the book
  record += "\n";
  for (const LoggedAction& logged : room.log) {
    record += line_with_dice(logged) + "\n";
  }
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(engine::state_hash(room.state)));
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
  return proof;
}

}  // namespace hd::server
