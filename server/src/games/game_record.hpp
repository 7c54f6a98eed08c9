// A finished game's record (ExportRecord): the plain-text record in hd_script's format, replayable
// with `hd_script --scenario <slug> <record>`, and the dice proof (dice_proof.hpp, docs/games.md).
#pragma once

#include "games/dice_proof.hpp"
#include "games/game_room.hpp"

#include <string>

namespace hd::server {

// A logged action's notation line with the dice it rolled: " die N" for one, " dice N M ..." for
// several (docs/notation.md). Updates carry it so that clients can replay the game exactly.
std::string line_with_dice(const LoggedAction& logged);

// "# hd_script record: --scenario <slug> [--option <id>]... [--rule <n>]... --rules-version <v>"
// (hd/loader/record_header.hpp), one line_with_dice per logged action, then "# final-hash: <16 hex>".
std::string format_game_record(const GameRoom& room);

// The proof of the game's dice: the revealed seed, each seat's entropy and every roll.
DiceProof dice_proof_of(const GameRoom& room);

}  // namespace hd::server
