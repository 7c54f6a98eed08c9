#include "model/replay_model.hpp"

#include "net/requests.hpp"

namespace hd::client {

std::optional<std::uint64_t> game_number(const std::string& text) {
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const std::uint64_t id = std::stoull(text);
  if (id == 0) return std::nullopt;
  return id;
}

std::vector<Request> ReplayModel::ask(std::uint64_t index) {
  if (waiting_ && index == asked_) return {};
  asked_ = index;
  waiting_ = true;
  refusal_.clear();
  progress_.clear();
  busy_retries_ = 0;
  return {requests::query_replay(game_id_, index)};
}

std::vector<Request> ReplayModel::first() {
  chasing_last_ = false;
  seek_.reset();
  if (asked_ == 0 && frame_) return {};
  return ask(0);
}

std::vector<Request> ReplayModel::previous() {
  chasing_last_ = false;
  const std::uint64_t from = seek_ ? at() : asked_;  // a turn search's halving steps do not count
  seek_.reset();
  if (from == 0) return {};
  return ask(from - 1);
}

std::vector<Request> ReplayModel::next() {
  chasing_last_ = false;
  const std::uint64_t from = seek_ ? at() : asked_;  // a turn search's halving steps do not count
  seek_.reset();
  if (!frame_ || from >= count_) return {};
  return ask(from + 1);
}

std::vector<Request> ReplayModel::last() {
  chasing_last_ = true;
  seek_.reset();
  return ask(count_);
}

std::vector<Request> ReplayModel::go_to(std::uint64_t index) {
  chasing_last_ = false;
  seek_.reset();
  return ask(std::min(index, count_));
}

std::vector<Request> ReplayModel::go_to_turn(std::uint32_t turn) {
  if (!frame_) return {};
  chasing_last_ = false;
  seek_ = TurnSeek{turn, 0, count_, false};
  if (count_ == 0) {
    seek_->final = true;
    return ask(0);
  }
  return ask(count_ / 2);
}

std::vector<Request> ReplayModel::previous_turn() {
  if (!frame_) return {};
  return go_to_turn(turn() == 0 ? 0 : turn() - 1);
}

std::vector<Request> ReplayModel::next_turn() {
  if (!frame_ || turn() + 1 >= turns()) return {};
  return go_to_turn(turn() + 1);
}

std::vector<Request> ReplayModel::apply_frame(const pb::ReplayFrame& frame) {
  if (frame.game_id() != game_id_) return {};
  count_ = frame.action_count();
  if (frame.action_index() == asked_) {
    waiting_ = false;
    progress_.clear();
    busy_retries_ = 0;
  }
  // An older answer overtaken by a later press is not shown over the newer one's place.
  if (waiting_) return {};
  if (seek_ && !seek_->final) {
    // Halving: is the first action at or past the turn at or before this one?
    if (frame.view().turn() >= seek_->turn) {
      seek_->high = frame.action_index();
    } else {
      seek_->low = frame.action_index() + 1;
    }
    if (seek_->low < seek_->high) return ask(seek_->low + (seek_->high - seek_->low) / 2);
    seek_->final = true;
    if (seek_->low != frame.action_index()) return ask(seek_->low);
  }
  seek_.reset();
  frame_ = frame;
  rebuild_board();
  if (chasing_last_ && frame.action_index() < frame.action_count()) return ask(frame.action_count());
  chasing_last_ = false;
  return {};
}

void ReplayModel::set_scenario(const pb::ScenarioInfo& scenario) {
  scenario_ = scenario;
  rebuild_board();
}

std::vector<Request> ReplayModel::ask_again() const {
  if (!waiting_) return {};
  return {requests::query_replay(game_id_, asked_)};
}

void ReplayModel::refused(const std::string& words) {
  refusal_ = words;
  progress_.clear();
  busy_retries_ = 0;
  seek_.reset();
  waiting_ = false;
  chasing_last_ = false;
  asked_ = at();
}

std::vector<Request> ReplayModel::busy(std::uint64_t index, const std::string& words) {
  if (!waiting_ || index != asked_) return {};  // a step since overtaken: the newer one is awaited
  if (busy_retries_ >= kBusyRetries) {
    refused(words);
    return {};
  }
  ++busy_retries_;
  // The server's words name the action its replay reached (game_replays.cpp); shown if found.
  static const std::string kReached = "has reached action ";
  const std::size_t at_words = words.find(kReached);
  const std::size_t digits = at_words == std::string::npos ? at_words : at_words + kReached.size();
  const std::size_t end =
      digits == std::string::npos ? digits : words.find_first_not_of("0123456789", digits);
  const std::string reached = digits == std::string::npos ? "" : words.substr(digits, end - digits);
  progress_ = "Replaying up to action " + std::to_string(index) + ": " +
              (reached.empty() ? "asked again " + std::to_string(busy_retries_) + " times"
                               : "the server has reached action " + reached);
  return {requests::query_replay(game_id_, asked_)};
}

void ReplayModel::rebuild_board() {
  if (!frame_) return;
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(game_id_);
  snapshot.set_sequence(frame_->action_index());
  if (frame_->seat() == pb::SEAT_UNSPECIFIED) {
    snapshot.set_spectating(true);
  } else {
    snapshot.add_my_seats(frame_->seat());
  }
  *snapshot.mutable_scenario() = scenario_;
  *snapshot.mutable_view() = frame_->view();
  board_.apply_snapshot(snapshot);
}

std::string ReplayModel::turn_label() const {
  if (!frame_ || frame_->view().turn() >= static_cast<std::uint32_t>(scenario_.turns_size())) return "-";
  return scenario_.turns(static_cast<int>(frame_->view().turn())).label();
}

std::string ReplayModel::turn_label(std::uint32_t index) const {
  if (index >= turns()) return "-";
  return scenario_.turns(static_cast<int>(index)).label();
}

std::string ReplayModel::position_text() const {
  if (!frame_) return "Loading";
  const std::string whose =
      frame_->seat() == pb::SEAT_UNSPECIFIED ? "spectators'" : army_name(army_of(frame_->seat())) + "'s";
  return "Action " + std::to_string(frame_->action_index()) + " of " +
         std::to_string(frame_->action_count()) + " (" + whose + " view)";
}

std::string ReplayModel::action_text() const {
  if (!frame_) return "";
  if (frame_->action_index() == 0) return "The start";
  const pb::GameUpdate& update = frame_->update();
  return army_name(army_of(update.seat())) + ": " + update.action_text() +
         (update.by_standing_order() ? " (by standing order)" : "");
}

std::vector<std::string> ReplayModel::event_lines() const {
  std::vector<std::string> lines;
  if (!frame_) return lines;
  if (frame_->action_index() > 0)
    for (const pb::GameEvent& event : frame_->update().events())
      lines.push_back(event.text());
  for (const pb::SecretOpening& opening : frame_->secret_openings())
    lines.push_back("Secret choice " + opening.choice_id() + " revealed: " + opening.choice());
  return lines;
}

}  // namespace hd::client
