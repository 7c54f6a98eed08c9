// Writes the seed corpora of the fuzz targets that cannot be cut from files by hand: real frames
// (encoded envelopes a client sends) and real snapshots (games replayed from tests/golden/*.rec),
// plus a campaign record played by the random player. Run once by hand (docs/fuzzing.md); its
// output is checked in under tests/fuzz/corpus/.
//   hd_fuzz_make_seeds OUTPUT_DIR
#include "build_paths.hpp"
#include "fuzz_games.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/protocol_version.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace v1 = hundred_days::v1;
using namespace hd::engine;

void write(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

// One frame in the fuzz_frames input format: flags (bit 0 binary), 16-bit little-endian length, bytes.
std::string frame(const std::string& bytes, bool binary = true) {
  std::string out;
  out += static_cast<char>(binary ? 1 : 0);
  out += static_cast<char>(bytes.size() & 0xff);
  out += static_cast<char>((bytes.size() >> 8) & 0xff);
  return out + bytes;
}

std::string hello(std::uint64_t id) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(id);
  envelope.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
  envelope.mutable_hello()->set_client_name("hd_term 0.1");
  return frame(hd::wire::encode(envelope));
}

// The actions of a golden record replayed on its scenario's first state (selector `game`), at most
// `count` lines; `state` ends as the state after them.
std::vector<NotatedAction> replay(const fs::path& record, std::size_t game, std::size_t count,
                                  GameState& state) {
  state = hd::fuzz::started_game(game);
  std::ifstream in(record);
  std::vector<NotatedAction> played;
  std::string line;
  while (played.size() < count && std::getline(in, line)) {
    auto parsed = parse_action_line(state, line);
    if (!std::holds_alternative<NotatedAction>(parsed)) continue;
    auto& notated = std::get<NotatedAction>(parsed);
    std::size_t rolled = 0;
    apply(state, notated.side, notated.action, [&] { return notated.dice.at(rolled++); });
    played.push_back(std::move(notated));
  }
  return played;
}

void frames(const fs::path& out, const fs::path& golden) {
  v1::ClientEnvelope envelope;
  write(out / "hello", hello(1));
  envelope.set_request_id(2);
  envelope.mutable_ping();
  write(out / "hello-ping", hello(1) + frame(hd::wire::encode(envelope)));
  write(out / "text-frame", frame("hello", false));
  envelope.Clear();
  envelope.set_request_id(2);
  envelope.mutable_login()->set_username("alice");
  envelope.mutable_login()->set_password("correct horse battery staple");
  write(out / "hello-login", hello(1) + frame(hd::wire::encode(envelope)));
  envelope.Clear();
  envelope.set_request_id(3);
  auto* create = envelope.mutable_create_game();
  create->set_scenario("quatre-bras");
  create->add_optional_rules("15.1");
  create->set_public_listing(true);
  create->set_entropy(std::string(16, 'e'));
  write(out / "hello-create", hello(1) + frame(hd::wire::encode(envelope)));
  envelope.Clear();
  envelope.set_request_id(4);
  envelope.mutable_open_game()->set_game_id(1);
  envelope.mutable_open_game()->set_last_seen_sequence(12);
  write(out / "hello-open", hello(1) + frame(hd::wire::encode(envelope)));
  // The first French moves of the Quatre Bras record, each as a SubmitAction.
  GameState state;
  std::string actions = hello(1);
  std::uint64_t id = 10;
  for (const auto& notated : replay(golden / "quatre-bras-seed7.rec", 0, 9, state)) {
    envelope.Clear();
    envelope.set_request_id(id++);
    envelope.mutable_submit_action()->set_game_id(1);
    *envelope.mutable_submit_action()->mutable_action() = hd::wire::to_proto(notated.action);
    actions += frame(hd::wire::encode(envelope));
  }
  write(out / "hello-actions", actions);
}

void snapshots(const fs::path& out, const fs::path& golden) {
  GameState state;
  for (std::size_t count : {0, 40, 1000}) {
    replay(golden / "quatre-bras-seed7.rec", 0, count, state);
    write(out / ("quatre-bras-" + std::to_string(count)), "0" + snapshot_state(state));
  }
  replay(golden / "ligny-seed3.rec", 1, 120, state);
  write(out / "ligny-120", "1" + snapshot_state(state));
}

// A record of the campaign's first actions by the random player (no golden record covers it).
void campaign(const fs::path& out) {
  GameState state = hd::fuzz::started_game(3);
  SplitMix64 random(12), dice(13);
  std::ostringstream record;
  record << "3\n";
  for (int i = 0; i < 150 && !state.result; ++i) {
    const Side side = pending_decision(state).side;
    const Action action = choose_random_action(state, random);
    std::vector<int> rolled;
    apply(state, side, action, [&] { return rolled.emplace_back(dice.die()); });
    record << format_action(state, side, action, rolled) << "\n";
  }
  write(out / "campaign-150", record.str());
}

// One record in the fuzz_service input format: op (bits 0-1 the connection, bit 7 it closes),
// 16-bit little-endian length, the envelope's bytes.
std::string service_record(int connection, const v1::ClientEnvelope& envelope) {
  std::string bytes = hd::wire::encode(envelope);
  std::string out = frame(bytes);
  out[0] = static_cast<char>(connection);
  return out;
}

std::string closes(int connection) {
  return std::string{static_cast<char>(0x80 | connection), 0, 0};
}

// Requests of the game service (fuzz_service): game 1 is the first game a fresh database creates.
class ServiceSession {
 public:
  v1::ClientEnvelope& next() {
    envelope_.Clear();
    envelope_.set_request_id(id_++);
    return envelope_;
  }
  void send(int connection) { bytes_ += service_record(connection, envelope_); }
  std::string bytes_;

 private:
  v1::ClientEnvelope envelope_;
  std::uint64_t id_ = 1;
};

void create(ServiceSession& s, const std::string& scenario, bool builtin_coalition, v1::SpectatorView view,
            const std::vector<std::string>& options = {}) {
  auto* create = s.next().mutable_create_game();
  create->set_scenario(scenario);
  for (const auto& option : options)
    create->add_force_options(option);
  for (const v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED}) {
    auto* setup = create->add_seats();
    setup->set_seat(seat);
    setup->set_built_in(builtin_coalition && seat != v1::SEAT_FRENCH);
  }
  create->set_public_listing(true);
  create->mutable_spectators()->set_view(view);
  create->mutable_spectators()->set_delay_player_turns(view == v1::SPECTATOR_VIEW_DELAYED_ALL ? 1 : 0);
  create->add_take_seats(v1::SEAT_FRENCH);
  create->set_entropy(std::string(16, 'a'));
  s.send(0);
}

void open(ServiceSession& s, int connection, bool spectate, std::uint64_t last_seen = 0) {
  auto* open = s.next().mutable_open_game();
  open->set_game_id(1);
  open->set_spectate(spectate);
  open->set_last_seen_sequence(last_seen);
  s.send(connection);
}

void service(const fs::path& out, const fs::path& golden) {
  {  // Quatre Bras between ann (French) and bob (Allied), watched; most requests of a game.
    ServiceSession s;
    create(s, "quatre-bras", false, v1::SPECTATOR_VIEW_COALITION);
    s.next().mutable_list_games();
    s.send(2);
    auto* join = s.next().mutable_join_game();
    join->set_game_id(1);
    join->set_seat(v1::SEAT_ALLIED);
    join->set_entropy(std::string(16, 'b'));
    s.send(1);
    open(s, 0, false);
    open(s, 1, false);
    open(s, 2, true);
    GameState state;
    const auto played = replay(golden / "quatre-bras-seed7.rec", 0, 30, state);
    for (std::size_t i = 0; i < played.size(); ++i) {
      auto* submit = s.next().mutable_submit_action();
      submit->set_game_id(1);
      *submit->mutable_action() = hd::wire::to_proto(played[i].action);
      s.send(played[i].side == Side::French ? 0 : 1);
      if (i == 3) {
        s.next().mutable_request_undo()->set_game_id(1);
        s.send(0);
        s.next().mutable_answer_undo()->set_game_id(1);
        s.send(1);
      }
    }
    s.next().mutable_query_reachable()->set_game_id(1);
    s.send(0);
    auto* chat = s.next().mutable_send_chat();
    chat->set_game_id(1);
    chat->set_channel(v1::CHAT_CHANNEL_ALL);
    chat->set_text("well played \x1b[31m");
    s.send(1);
    s.bytes_ += closes(1);
    open(s, 1, false, 12);
    open(s, 3, true);
    s.next().mutable_offer_draw()->set_game_id(1);
    s.send(0);
    s.next().mutable_answer_draw()->set_game_id(1);
    s.send(1);
    s.next().mutable_export_record()->set_game_id(1);
    s.send(2);
    s.next().mutable_resign()->set_game_id(1);
    s.send(1);
    s.next().mutable_close_game()->set_game_id(1);
    s.send(0);
    open(s, 2, true);
    write(out / "quatre-bras-session", s.bytes_);
  }
  {  // Ligny with the secret 18.5C, the Prussians built in, a delayed spectator and the French
     // seat holder's second connection as a spectator.
    ServiceSession s;
    create(s, "ligny", true, v1::SPECTATOR_VIEW_DELAYED_ALL, {"18.5C"});
    open(s, 0, false);
    open(s, 3, true);
    open(s, 1, true);
    s.next().mutable_export_record()->set_game_id(1);
    s.send(1);
    write(out / "ligny-builtin-secret", s.bytes_);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: hd_fuzz_make_seeds OUTPUT_DIR\n";
    return 2;
  }
  const fs::path out = argv[1];
  const fs::path golden = fs::path(hd::test::source_dir()) / "tests" / "golden";
  frames(out / "frames", golden);
  snapshots(out / "snapshot", golden);
  campaign(out / "notation");
  service(out / "service", golden);
  std::cout << "seeds written under " << out << "\n";
  return 0;
}
