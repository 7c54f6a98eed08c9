// 16.6 Hidden movement's secret, committed to like any secret written choice (docs/commitments.md):
// each time a pair goes hidden (16.6A, `hide`), its owner chooses which marker stands for the pieces.
// The server commits to that choice, the hex and the pieces when the action is accepted, opens it
// when the pair is revealed (16.6C) or the game ends, and hd_verify checks it against the record.
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace hd::engine {

// One placement's secret.
struct HiddenSecret {
  std::string id;    // "16.6/french-3@7": the pair (its army and number) and the turn index it went hidden
                     // in ("@setup" during set-up)
  std::string text;  // "B@0505@A,Halk_[3]": the real marker, the pair's hex, the pieces held, by
                     // name, one word (spaces as '_': a proof's line is split at spaces)
  Army army = Army::French;
};

// The secret `action` makes if applied in `state` (a 16.6 `hide`), or nullopt. A pair goes hidden at
// most once a turn (its reveal comes in a later command phase at the earliest), so the id is unique.
std::optional<HiddenSecret> hidden_secret_made_by(const GameState& state, const Action& action);

// The id of the secret an action line makes in `state` (its `hide`), or nullopt for any other line.
std::optional<std::string> hidden_secret_id_of_line(const GameState& state, std::string_view line);

// True if `id` names a 16.6 secret ("16.6/...").
bool is_hidden_secret_id(std::string_view id);

// True once the placement `id` names has been made in `state` (its turn is past, or its pair stands
// hidden from that turn).
bool hidden_secret_made(const GameState& state, std::string_view id);

// True once the placement `id` names has been made and its pair revealed in `state`.
bool hidden_secret_revealed(const GameState& state, std::string_view id);

}  // namespace hd::engine
