// The client's requests as envelopes (request ids are set by whoever sends them). Pure builders:
// each fills exactly the fields protocol.proto defines for its message.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hd::client::requests {

namespace pb = hundred_days::v1;

pb::ClientEnvelope login(const std::string& username, const std::string& password);
pb::ClientEnvelope register_account(const std::string& username, const std::string& password);
pb::ClientEnvelope resume_session(const std::string& token);
pb::ClientEnvelope list_games(pb::GameListFilter filter);
// Issue 16: starts or stops the server's pushes of changed games (LobbyChanged).
pb::ClientEnvelope watch_lobby(bool on);
// The scenarios the server makes games of (its answer fills the create-game form).
pb::ClientEnvelope list_scenarios();
// What a new game is made of (CreateGame without the entropy).
struct NewGame {
  std::string scenario;                     // folder name, e.g. "quatre-bras"
  std::vector<std::string> force_options;   // the scenario's option ids chosen
  std::vector<std::string> optional_rules;  // "15.1", "15.2"
  std::vector<pb::Seat> built_in;           // seats the server's built-in player takes; others human
  pb::Seat take_seat = pb::SEAT_FRENCH;     // the seat the creator takes
  bool public_listing = true;
  pb::SpectatorView spectators = pb::SPECTATOR_VIEW_UNSPECIFIED;
  std::uint32_t spectator_delay = 0;  // DELAYED_ALL: player turns behind (0: live)
  pb::TurnDeadline deadline;          // hours 0: no deadline (CreateGame.deadline left unset)
};
// A new game: every one of the three seats set up (human unless named built-in), the creator
// taking `game.take_seat` with `entropy` as its dice contribution.
pb::ClientEnvelope create_game(const NewGame& game, const std::string& entropy);
// Takes `seat` in a game by id (or by invite code when `invite_code` is not empty).
pb::ClientEnvelope join_game(std::uint64_t game_id, const std::string& invite_code, pb::Seat seat,
                             const std::string& entropy);
// Opens a game; `last_seen_sequence` > 0 asks for the updates after it instead of a snapshot.
pb::ClientEnvelope open_game(std::uint64_t game_id, bool spectate, std::uint64_t last_seen_sequence);
pb::ClientEnvelope query_reachable(std::uint64_t game_id, std::uint32_t unit);
// 11.2: a leader's command range and whom he commands.
pb::ClientEnvelope query_command_range(std::uint64_t game_id, std::uint32_t leader);
// 16.3: the hexes the caller's side observes now.
pb::ClientEnvelope query_observed_area(std::uint64_t game_id);
pb::ClientEnvelope query_combat_options(std::uint64_t game_id);
pb::ClientEnvelope query_odds(std::uint64_t game_id, const pb::Attack& attack);
pb::ClientEnvelope query_retreats(std::uint64_t game_id);
pb::ClientEnvelope submit(std::uint64_t game_id, const pb::GameAction& action);
pb::ClientEnvelope confirm_attack(std::uint64_t game_id, std::uint64_t proposal_id, bool accept);
pb::ClientEnvelope request_undo(std::uint64_t game_id);
// Issue 16: the game after its logged action `action_index` (0: the start), through the asker's
// own first seat or, for a finished game he holds none in, the spectator view (the server decides).
pb::ClientEnvelope query_replay(std::uint64_t game_id, std::uint64_t action_index);
pb::ClientEnvelope send_chat(std::uint64_t game_id, pb::ChatChannel channel, const std::string& text);

// Actions.
pb::GameAction move_action(std::uint32_t unit, const std::vector<engine::Hex>& path, bool exit_map);
pb::GameAction end_phase_action();
pb::GameAction retreat_action(std::uint32_t unit, engine::Hex to);
pb::GameAction advance_action(std::uint32_t unit, engine::Hex into);
pb::GameAction decline_advance_action();
// 16.6B: moves marker A (or B) of `army`'s hidden movement pair `pair` along `path` (its hex not
// included): RuleAction{rule "16.6", verb "move-marker", numbers [army, pair], choice "A"|"B", hexes
// path}, the army numbered as the engine numbers it (French 0, Prussian 1, Allied 2), as the engine's
// `move-marker ARMY PAIR A|B HEX...` parses (engine/src/rules/variant/hidden_movement_16_6.cpp).
pb::GameAction move_marker_action(pb::Army army, std::uint32_t pair, bool b,
                                  const std::vector<engine::Hex>& path);

}  // namespace hd::client::requests
