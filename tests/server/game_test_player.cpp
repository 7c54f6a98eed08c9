#include "game_test_player.hpp"

#include "build_paths.hpp"
#include "server_process.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/protocol_version.hpp>

#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace hd::test {

namespace v1 = hundred_days::v1;

std::filesystem::path game_data_root() {
  return hd::test::data_root();
}

std::vector<std::string> game_server_args() {
  // The game tests are not about the request rate: with TCP_NODELAY a test client acts far faster
  // than the default 20 requests a second (docs/server.md, Limits), per connection or per address.
  // An older server (HD_TEST_SERVER_BINARY, to see a test fail before its fix) has no per-address limit.
  // The data root first: a test may put another in its place (args[1]).
  std::vector<std::string> args{"--data-root", game_data_root().string(), "--argon2-memory-kib",
                                "8192",        "--argon2-operations",     "1"};
  const std::vector<std::string> limits = rate_limits_off_args();  // flag, value, flag, value...
  for (std::size_t i = 0; i + 1 < limits.size(); i += 2) {
    if (testing_another_server() && limits[i].rfind("--rate-limit-per-address", 0) == 0) continue;
    args.insert(args.end(), {limits[i], limits[i + 1]});
  }
  // Issue 15: the game tests run the WAL's sync beside the hub's strand (off by default, no faster
  // on this project's machine, docs/performance.md), so that both ways are tested end to end: the
  // chaos, soak and load tests run the default.
  if (!testing_another_server()) args.insert(args.end(), {"--wal-sync-off-strand", "on"});
  return args;
}

std::string test_entropy(const std::string& label) {
  std::string entropy = "entropy-of-" + label;
  while (entropy.size() < 24)
    entropy += '.';
  return entropy.substr(0, 64);
}

GamePlayer::GamePlayer(const WsEndpoint& endpoint, const std::string& username)
    : GamePlayer(endpoint, username, HeaderFields{}) {}

GamePlayer::GamePlayer(const WsEndpoint& endpoint, const std::string& username, const HeaderFields& headers)
    : client_(endpoint, headers), username_(username) {
  hello();
  v1::ClientEnvelope reg;
  reg.mutable_register_account()->set_username(username);
  reg.mutable_register_account()->set_password("password-" + username);
  const auto answer = request(reg);
  if (!answer.has_logged_in()) throw std::runtime_error("register failed: " + answer.DebugString());
  token_ = answer.logged_in().session_token();
  account_ = answer.logged_in().account_id();
}

GamePlayer::GamePlayer(const WsEndpoint& endpoint, const std::string& username,
                       const std::string& session_token)
    : client_(endpoint), username_(username) {
  hello();
  v1::ClientEnvelope resume;
  resume.mutable_resume_session()->set_session_token(session_token);
  const auto answer = request(resume);
  if (!answer.has_logged_in()) throw std::runtime_error("resume failed: " + answer.DebugString());
  token_ = answer.logged_in().session_token();
  account_ = answer.logged_in().account_id();
}

void GamePlayer::hello() {
  const auto welcome = client_.hello(wire::kProtocolVersion, 1);
  if (!welcome || !welcome->has_welcome()) throw std::runtime_error("no Welcome");
}

v1::ServerEnvelope GamePlayer::request(v1::ClientEnvelope envelope) {
  return request_with_id(std::move(envelope), next_request_id());
}

v1::ServerEnvelope GamePlayer::request_with_id(v1::ClientEnvelope envelope, std::uint64_t request_id) {
  envelope.set_request_id(request_id);
  client_.send(envelope);
  for (;;) {
    auto answer = client_.receive(std::chrono::seconds(30));
    if (!answer) throw std::runtime_error(username_ + ": no answer to request " + std::to_string(request_id));
    if (answer->request_id() == request_id) return *answer;
    inbox_.push_back(std::move(*answer));
  }
}

std::optional<v1::ServerEnvelope> GamePlayer::next(std::chrono::milliseconds timeout) {
  if (!inbox_.empty()) {
    auto front = std::move(inbox_.front());
    inbox_.pop_front();
    return front;
  }
  return client_.receive(timeout);
}

v1::ServerEnvelope GamePlayer::next_of(v1::ServerEnvelope::BodyCase kind) {
  for (;;) {
    auto envelope = next();
    if (!envelope) throw std::runtime_error(username_ + ": expected envelope did not arrive");
    if (envelope->body_case() == kind) return *envelope;
  }
}

Replica::Replica(const std::string& scenario, engine::Viewer viewer, const std::filesystem::path& data_root,
                 bool allow_missing_rules)
    : viewer_(viewer) {
  loader::GameChoice choice;
  choice.scenario = scenario;
  choice.allow_missing_rules = allow_missing_rules;
  auto started = loader::start_scenario_game(data_root, choice);
  if (!started.value) throw std::runtime_error("scenario does not load");
  state_ = std::move(*started.value);
  initial_ = state_;
}

engine::GameState observed_quatre_bras_state() {
  auto started = loader::start_scenario_game(game_data_root(),
                                             loader::GameChoice{"quatre-bras", {}, {"16.3"}, std::nullopt});
  if (!started.value) throw std::runtime_error("Quatre Bras with 16.3 does not load");
  return std::move(*started.value);
}

Resumed resume_game(GamePlayer& player, std::uint64_t game, bool spectate, std::uint64_t last_seen,
                    std::chrono::milliseconds pause) {
  const std::uint64_t id = player.next_request_id();
  v1::ClientEnvelope open = open_game(game, spectate, last_seen);
  open.set_request_id(id);
  player.socket().send(open);
  Resumed resumed;
  bool snapshot = false;
  for (;;) {
    if (pause.count() > 0) std::this_thread::sleep_for(pause);
    auto message = player.socket().receive(std::chrono::seconds(30));
    if (!message) throw std::runtime_error(player.username() + ": the resume stopped short");
    if (message->request_id() != id) {
      resumed.unasked.push_back(std::move(*message));
      continue;
    }
    if (!snapshot) {
      if (!message->has_game_snapshot())
        throw std::runtime_error("a resume began with " + message->ShortDebugString().substr(0, 300));
      resumed.snapshot = message->game_snapshot();
      snapshot = true;
    } else if (message->has_game_update()) {
      resumed.tail.push_back(message->game_update());
    } else if (message->has_ok()) {
      return resumed;
    } else {
      throw std::runtime_error("a resume sent " + message->ShortDebugString().substr(0, 300));
    }
  }
}

bool Replica::apply(const v1::GameUpdate& update, std::string& why) {
  if (update.sequence() != sequence_ + 1) {
    why = "sequence " + std::to_string(update.sequence()) + " after " + std::to_string(sequence_);
    return false;
  }
  return apply_line(update.action_text(), why) && same_view(update.view(), why);
}

bool Replica::apply_line(const std::string& line, std::string& why) {
  const auto parsed = engine::parse_action_line(state_, line);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    why = "action text does not parse: " + *error;
    return false;
  }
  const auto& notated = std::get<engine::NotatedAction>(parsed);
  // The action text carries every die the action rolled ("die N" / "dice N M ..."), in order.
  const std::vector<int>& dice = notated.dice;
  std::size_t next = 0;
  try {
    engine::apply(state_, notated.side, notated.action, [&] { return dice.at(next++); });
  } catch (const std::exception& error) {
    why = std::string("replica refused the update: ") + error.what();
    return false;
  }
  if (next != dice.size()) {
    why = "the action text gives more dice than the action rolled";
    return false;
  }
  if (history_.empty()) history_.push_back(initial_);
  ++sequence_;
  history_.resize(sequence_);
  history_.push_back(state_);
  return true;
}

bool Replica::same_view(const v1::GameView& view, std::string& why) const {
  const std::string mine = engine::serialize(engine::view(state_, viewer_));
  const std::string theirs = engine::serialize(wire::from_proto(view));
  if (mine != theirs) {
    why = "view differs at sequence " + std::to_string(sequence_);
    return false;
  }
  return true;
}

bool Replica::follow(const Resumed& resumed, std::string& why,
                     const std::function<std::string(std::uint64_t)>& missing) {
  const std::uint64_t at = resumed.snapshot.sequence();
  if (at <= sequence_) {
    state_ = at == 0 ? initial_ : history_.at(at);
    sequence_ = at;
  }
  while (sequence_ < at) {
    if (!missing) {
      why = "the snapshot is at " + std::to_string(at) + ", ahead of the replica at " +
            std::to_string(sequence_);
      return false;
    }
    if (!apply_line(missing(sequence_ + 1), why)) return false;
  }
  if (!same_view(resumed.snapshot.view(), why)) return false;
  for (const v1::GameUpdate& update : resumed.tail)
    if (!apply(update, why)) return false;
  return true;
}

std::uint64_t start_observed_quatre_bras(GamePlayer& french, GamePlayer& allied, v1::SpectatorView spectators,
                                         const std::vector<std::string>& rules) {
  v1::ClientEnvelope create =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(french.username()), spectators);
  for (const std::string& rule : rules)
    create.mutable_create_game()->add_optional_rules(rule);
  const auto created = french.request(create);
  if (!created.has_game_created())
    throw std::runtime_error("creating a Quatre Bras game with fog: " + created.refusal().message());
  const std::uint64_t game = created.game_created().game_id();
  const auto joined = allied.request(join_game(game, v1::SEAT_ALLIED, test_entropy(allied.username())));
  if (!joined.has_game_changed()) throw std::runtime_error("joining it: " + joined.refusal().message());
  return game;
}

v1::ClientEnvelope create_game(const std::string& scenario, std::vector<v1::Seat> take,
                               const std::string& entropy, v1::SpectatorView spectators,
                               std::uint32_t delay) {
  v1::ClientEnvelope envelope;
  v1::CreateGame& create = *envelope.mutable_create_game();
  create.set_scenario(scenario);
  create.set_public_listing(true);
  create.mutable_spectators()->set_view(spectators);
  create.mutable_spectators()->set_delay_player_turns(delay);
  for (v1::Seat seat : take)
    create.add_take_seats(seat);
  create.set_entropy(entropy);
  return envelope;
}

v1::ClientEnvelope join_game(std::uint64_t game, v1::Seat seat, const std::string& entropy) {
  v1::ClientEnvelope envelope;
  envelope.mutable_join_game()->set_game_id(game);
  envelope.mutable_join_game()->set_seat(seat);
  envelope.mutable_join_game()->set_entropy(entropy);
  return envelope;
}

v1::ClientEnvelope open_game(std::uint64_t game, bool spectate, std::uint64_t last_seen) {
  v1::ClientEnvelope envelope;
  envelope.mutable_open_game()->set_game_id(game);
  envelope.mutable_open_game()->set_spectate(spectate);
  envelope.mutable_open_game()->set_last_seen_sequence(last_seen);
  return envelope;
}

v1::ClientEnvelope submit(std::uint64_t game, const engine::Action& action) {
  v1::ClientEnvelope envelope;
  envelope.mutable_submit_action()->set_game_id(game);
  *envelope.mutable_submit_action()->mutable_action() = wire::to_proto(action);
  return envelope;
}

v1::ClientEnvelope submit_notation(std::uint64_t game, const std::string& line) {
  v1::ClientEnvelope envelope;
  envelope.mutable_submit_action()->set_game_id(game);
  envelope.mutable_submit_action()->mutable_action()->mutable_notation()->set_line(line);
  return envelope;
}

v1::ClientEnvelope export_record(std::uint64_t game) {
  v1::ClientEnvelope envelope;
  envelope.mutable_export_record()->set_game_id(game);
  return envelope;
}

engine::MoveAction french_move(const engine::GameState& state) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (state.units[i].army != engine::Army::French || !state.units[i].on_map()) continue;
    const auto reachable = engine::reachable_hexes(state, static_cast<engine::UnitIndex>(i));
    if (!reachable.empty()) {
      engine::MoveAction move;
      move.move.unit = static_cast<engine::UnitIndex>(i);
      move.move.path = reachable.front().path;
      return move;
    }
  }
  throw std::runtime_error("no French unit can move");
}

engine::Viewer french_seat() {
  engine::Viewer viewer;
  viewer.kind = engine::Viewer::Kind::Seat;
  viewer.army = engine::Army::French;
  return viewer;
}

bool french_to_decide(const Replica& replica) {
  return replica.state().phase != engine::Phase::GameOver &&
         engine::pending_decision(replica.state()).side == engine::Side::French;
}

v1::ClientEnvelope create_unattended(const std::string& scenario) {
  v1::ClientEnvelope envelope = create_game(scenario, {}, test_entropy("robot"), v1::SPECTATOR_VIEW_FRENCH);
  envelope.mutable_create_game()->set_public_listing(true);
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED}) {
    v1::SeatSetup& setup = *envelope.mutable_create_game()->add_seats();
    setup.set_seat(seat);
    setup.set_built_in(true);
  }
  return envelope;
}

}  // namespace hd::test
