// The replay of one game (issue 16, docs/client.md "The replay screen"): the frame the server sent
// last (ReplayFrame, the game after one logged action as this account may see it) and where the
// player asked to go. Pure: no drawing, no network. Steps return the QueryReplay to send; the
// server decides what a frame shows (a running game through the asker's own seat, a finished one
// through its spectator view).
#pragma once

#include "model/game_model.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hd::client {

// A game's number as typed in the lobby ("17"): digits only, not 0, at most 18 of them; nullopt for
// anything else.
std::optional<std::uint64_t> game_number(const std::string& text);

class ReplayModel {
 public:
  explicit ReplayModel(std::uint64_t game_id) : game_id_(game_id) {}

  std::uint64_t game_id() const { return game_id_; }

  // Where to go; each returns the QueryReplay to send (none when already there or past the ends).
  // first: the start (action 0); previous/next: one action back or on, from the one last asked so
  // that quick presses add up (from the frame shown during a turn search); last: the game's last action,
  // asked again if the game went on.
  std::vector<Request> first();
  std::vector<Request> previous();
  std::vector<Request> next();
  std::vector<Request> last();
  // Any action index, clamped to 0 .. count() (the action slider).
  std::vector<Request> go_to(std::uint64_t index);
  // The first action at or past turn `turn` (an index into the scenario's turns), found by halving
  // with QueryReplay as hd_term's `turn` does (the turn only grows with the actions); the frames
  // asked on the way are not shown. The last action when the game has not reached that turn.
  // Nothing before the first frame.
  std::vector<Request> go_to_turn(std::uint32_t turn);
  // The first action of the turn before / after the frame's (the turn slider's keys).
  std::vector<Request> previous_turn();
  std::vector<Request> next_turn();

  // A frame from the server: shown if it is of this game. Returns a further request when `last`
  // reached an index the game has since gone past.
  std::vector<Request> apply_frame(const pb::ReplayFrame& frame);
  // The game's scenario (from the opened game's snapshot): turn labels and the board need it.
  void set_scenario(const pb::ScenarioInfo& scenario);
  // After a reconnect (the request may have been lost with the connection): the frame awaited,
  // asked again; nothing when none is awaited.
  std::vector<Request> ask_again() const;
  // A refused QueryReplay, in plain words: kept for the screen, and nothing is awaited any more.
  void refused(const std::string& words);
  // How often one step's frame is asked again while the server answers BUSY. Derived as hd_term's:
  // 100 requests of the server's 128 actions reach any frame of a 12,800-action game.
  static constexpr int kBusyRetries = 100;
  // The QueryReplay for `index` refused BUSY (issue 16, docs/games.md "Replays"): the server replays
  // at most 128 actions a request and keeps what it replayed, so the same frame is asked again, at
  // most kBusyRetries times a step, and `words` ("... its replay has reached action K ...") become
  // the progress shown meanwhile, not a refusal. Nothing for an answer to a step since overtaken.
  // Past the retries it is kept as refused(words) keeps it.
  std::vector<Request> busy(std::uint64_t index, const std::string& words);

  const std::optional<pb::ReplayFrame>& frame() const { return frame_; }
  // The action index of the frame shown (0 before any) and the game's logged actions as last heard.
  std::uint64_t at() const { return frame_ ? frame_->action_index() : 0; }
  std::uint64_t count() const { return count_; }
  // The index last asked for, and whether its frame is still awaited.
  std::uint64_t asked() const { return asked_; }
  // The frame's turn (0 before any) and the scenario's number of turns (0 until it is known).
  std::uint32_t turn() const { return frame_ ? frame_->view().turn() : 0; }
  std::uint32_t turns() const { return static_cast<std::uint32_t>(scenario_.turns_size()); }
  // The label of turn `index` of the scenario, "-" when it has none.
  std::string turn_label(std::uint32_t index) const;
  bool waiting() const { return waiting_; }
  const std::string& refusal() const { return refusal_; }
  // While a frame deeper than the server's budget is asked again: "Replaying up to action 600: the
  // server has reached action 256" ("... asked again 3 times" when its words name no action); empty
  // otherwise.
  const std::string& progress() const { return progress_; }

  // The frame's turn as the scenario's track labels it ("16/1700"), "-" when unknown.
  std::string turn_label() const;
  // "Action 3 of 12 (French's view)" / "... (spectators' view)"; "Loading" before any frame.
  std::string position_text() const;
  // The step's action as the live update showed it ("French: move 2/1 1917 1916") or "The start".
  std::string action_text() const;
  // The step's events and the secret choices revealed by then, one line each.
  std::vector<std::string> event_lines() const;
  // The frame's view as a game model (snapshot-built), for the map and counter drawing.
  const GameModel& board() const { return board_; }

 private:
  std::vector<Request> ask(std::uint64_t index);
  void rebuild_board();

  std::uint64_t game_id_ = 0;
  std::optional<pb::ReplayFrame> frame_;
  pb::ScenarioInfo scenario_;
  GameModel board_;
  std::uint64_t count_ = 0;
  std::uint64_t asked_ = 0;
  bool waiting_ = false;
  bool chasing_last_ = false;
  // A go_to_turn under way: the first action at or past `turn` lies in low .. high; `final` once
  // the frame at it is asked to be shown.
  struct TurnSeek {
    std::uint32_t turn = 0;
    std::uint64_t low = 0;
    std::uint64_t high = 0;
    bool final = false;
  };
  std::optional<TurnSeek> seek_;
  std::string refusal_;
  std::string progress_;
  int busy_retries_ = 0;  // BUSY answers asked again for the step awaited
};

}  // namespace hd::client
