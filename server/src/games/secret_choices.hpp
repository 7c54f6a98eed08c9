// Secret written choices on the server (18.5C's force option; later 22.6B, 28.0D): made with the
// game, committed to in public at once, opened when the rules reveal them (docs/commitments.md).
// The choice and nonce leave the server only in an opening, and only once the choice is revealed.
#pragma once

#include "games/game_store.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

class GameRoom;

// One secret choice per secret option of the game's scenario, chosen or not ("none"), each with a
// fresh 32-byte nonce; the seat is the first of the option's side among `seats` (the French seat
// for 18.5C). The commitment is left empty: it needs the game id (GameStore::insert_game, then
// commit_secret_choices).
std::vector<SecretChoiceRow> make_secret_choices(const engine::GameState& initial,
                                                 const std::vector<SeatRow>& seats);

// Fills every choice's commitment for game `game_id` (hd::wire::secret_commitment).
void commit_secret_choices(std::int64_t game_id, std::vector<SecretChoiceRow>& secrets);

// The secret choice an action makes, committed for game `game_id` with a fresh nonce: a logged
// `choose-entry` (28.0D, 22.6B), named by engine::entry_choice_secret_id ("28.0D/french-4",
// "22.6B/hal-force"), its choice text engine::entry_choice_secret_text ("16/1400@1167", "none"); a
// 16.6 `hide` (`action` applied to `before`), named and written by engine::hidden_secret_made_by
// ("16.6/french-3@7", "B@0505@A,Reille"). Its seat is the seat of the choice's army (`seat`, the
// acting seat, for a choice the rules do not know); nullopt for any other action.
std::optional<SecretChoiceRow> secret_made_by(std::int64_t game_id, const engine::GameState& before,
                                              const engine::Action& action, const LoggedAction& logged,
                                              hundred_days::v1::Seat seat);

// The commitments `logged` made (a GameUpdate's secret_commitments; 28.0D, 16.6), from the room's
// rows; `after` is the state the action led to.
void add_commitments_made_by(const GameRoom& room, const engine::GameState& after, const LoggedAction& logged,
                             google::protobuf::RepeatedPtrField<hundred_days::v1::SecretCommitment>& out);

// True if the rules have revealed `secret` in `state`: its option's reveal has come (18.5C: the
// French movement phase of 16/1700 has begun; 28.0D: engine::entry_choice_revealed, its side's player
// turn of the chosen turn has begun; 16.6: its pair has been revealed) or the game is over (`finished`: ended
// by the engine, a resignation or a draw).
bool secret_revealed(const engine::GameState& state, const SecretChoiceRow& secret, bool finished);

// The public commitments, for everyone (a GameSnapshot's secret_commitments). `shown` is the state the
// viewer is shown: a choice made during play (28.0D) is listed once it is made there (a delayed
// spectator or a catch-up's past snapshot does not learn of it before its action).
void add_secret_commitments(const GameRoom& room, const engine::GameState& shown,
                            hundred_days::v1::GameSnapshot& snapshot);

// The openings of the choices revealed in `state` (a snapshot's secret_openings); `state` is the
// one the viewer is shown.
void add_secret_openings(const GameRoom& room, const engine::GameState& state,
                         google::protobuf::RepeatedPtrField<hundred_days::v1::SecretOpening>& out);

// The openings of the choices revealed by the action that led from `before` to `after` (a
// GameUpdate's secret_openings).
void add_openings_revealed_by(const GameRoom& room, const engine::GameState& before,
                              const engine::GameState& after,
                              google::protobuf::RepeatedPtrField<hundred_days::v1::SecretOpening>& out);

}  // namespace hd::server
