#include <hd/term/replay_mode.hpp>
#include <hd/term/state_text.hpp>

#include <ostream>
#include <sstream>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

// How often fetch asks again for a frame the server is still replaying towards (BUSY). Derived: 100
// requests of the server's 128 actions reach any frame of a 12,800-action game, several times a
// human campaign (Client::request keeps them under the connection's rate limit).
constexpr int kBusyRetries = 100;

}  // namespace

std::string format_replay_frame(const v1::ScenarioInfo& scenario, const v1::ReplayFrame& frame) {
  std::ostringstream out;
  out << "replay of game " << frame.game_id() << ": action " << frame.action_index() << " of "
      << frame.action_count() << " ("
      << (frame.seat() == v1::SEAT_UNSPECIFIED ? std::string("spectators'") : seat_name(frame.seat()) + "'s")
      << " view)\n";
  if (frame.action_index() == 0) {
    out << "the start\n";
  } else {
    const v1::GameUpdate& update = frame.update();
    out << "[" << update.sequence() << "] " << seat_name(update.seat()) << ": " << update.action_text()
        << (update.by_standing_order() ? " (by standing order)" : "") << "\n";
    for (const v1::GameEvent& event : update.events())
      out << "    " << event.text() << "\n";
  }
  for (const v1::SecretOpening& opening : frame.secret_openings())
    out << "secret choice " << opening.choice_id() << " revealed: " << opening.choice() << "\n";
  out << format_state(scenario, frame.view());
  return out.str();
}

ReplayMode::ReplayMode(Client& client, std::uint64_t game_id, v1::ScenarioInfo scenario, std::ostream& out)
    : client_(client), game_id_(game_id), scenario_(std::move(scenario)), out_(out) {}

bool ReplayMode::fail(const std::string& why) {
  out_ << "error: " << why << "\n";
  return false;
}

std::optional<v1::ReplayFrame> ReplayMode::fetch(std::uint64_t index) {
  v1::ClientEnvelope envelope;
  envelope.mutable_query_replay()->set_game_id(game_id_);
  envelope.mutable_query_replay()->set_action_index(index);
  auto answer = client_.request(envelope);
  // A frame far into a long game is reached over a few requests: each replays at most the server's
  // budget and keeps what it replayed (BUSY; docs/games.md, "Replays"), so ask again while the
  // server goes on.
  for (int again = 0; again < kBusyRetries && answer && answer->has_refusal() &&
                      answer->refusal().code() == v1::REFUSAL_CODE_BUSY;
       ++again)
    answer = client_.request(envelope);
  if (!answer) {
    fail(client_.last_error());
    return std::nullopt;
  }
  if (answer->has_refusal()) {
    out_ << format_refusal(answer->refusal(), nullptr) << "\n";
    return std::nullopt;
  }
  if (!answer->has_replay_frame()) {
    fail("unexpected answer to QueryReplay");
    return std::nullopt;
  }
  return answer->replay_frame();
}

bool ReplayMode::show(std::uint64_t index) {
  auto frame = fetch(index);
  if (!frame) return false;
  frame_ = std::move(frame);
  out_ << format_replay_frame(scenario_, *frame_);
  return true;
}

bool ReplayMode::run(const std::vector<std::string>& words, bool& leave) {
  const std::string& command = words.front();
  const std::uint64_t at = frame_ ? frame_->action_index() : 0;
  const std::uint64_t count = frame_ ? frame_->action_count() : 0;
  if (command == "quit" || command == "exit") {
    leave = true;
    out_ << "left the replay of game " << game_id_ << "\n";
    return true;
  }
  if (command == "help") {
    out_ << "replay mode: first | prev | next | last | goto N | turn T (a turn's label, 16/1700, or its\n"
            "  number from 1) | state (this frame again) | quit (leave the replay)\n";
    return true;
  }
  if (command == "first") return show(0);
  if (command == "prev") return at == 0 ? fail("at the start already") : show(at - 1);
  if (command == "next") return frame_ && at >= count ? fail("at the last action already") : show(at + 1);
  if (command == "state") return show(at);
  if (command == "last") {
    // The game may have gone on since the last frame: ask for the count first.
    const auto now = fetch(at);
    return now && show(now->action_count());
  }
  if (command == "goto") {
    if (words.size() != 2 || words[1].find_first_not_of("0123456789") != std::string::npos || words[1].empty())
      return fail("usage: goto N (an action number, 0: the start)");
    return show(std::stoull(words[1]));
  }
  if (command == "turn") {
    if (words.size() != 2) return fail("usage: turn T (16/1700, or a turn's number from 1)");
    std::optional<std::uint32_t> turn;
    for (int i = 0; i < scenario_.turns_size(); ++i)
      if (scenario_.turns(i).label() == words[1]) turn = static_cast<std::uint32_t>(i);
    if (!turn && !words[1].empty() && words[1].find_first_not_of("0123456789") == std::string::npos &&
        std::stoul(words[1]) >= 1 && std::stoul(words[1]) <= static_cast<unsigned long>(scenario_.turns_size()))
      turn = static_cast<std::uint32_t>(std::stoul(words[1]) - 1);
    if (!turn) return fail("no turn " + words[1] + " in this scenario");
    // The turn only grows with the actions: the first frame at or past it, by halving.
    const auto now = fetch(at);
    const auto last = now ? fetch(now->action_count()) : std::nullopt;
    if (!last) return false;
    if (last->view().turn() < *turn) return fail("the game has not reached turn " + words[1]);
    std::uint64_t low = 0;
    std::uint64_t high = last->action_index();
    while (low < high) {
      const std::uint64_t middle = low + (high - low) / 2;
      const auto frame = fetch(middle);
      if (!frame) return false;
      if (frame->view().turn() >= *turn)
        high = middle;
      else
        low = middle + 1;
    }
    return show(low);
  }
  return fail("in replay mode: first, prev, next, last, goto N, turn T, state, help or quit");
}

}  // namespace hd::term
