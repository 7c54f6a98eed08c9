// Writes the seed corpora of the fuzz targets that cannot be cut from files by hand: real frames
// (encoded envelopes a client sends) and real snapshots (games replayed from tests/golden/*.rec),
// plus a campaign record played by the random player. Run once by hand (docs/fuzzing.md); its
// output is checked in under tests/fuzz/corpus/.
//   hd_fuzz_make_seeds OUTPUT_DIR
#include "fuzz_games.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
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

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: hd_fuzz_make_seeds OUTPUT_DIR\n";
    return 2;
  }
  const fs::path out = argv[1];
  const fs::path golden = fs::path(HD_SOURCE_DIR) / "tests" / "golden";
  frames(out / "frames", golden);
  snapshots(out / "snapshot", golden);
  campaign(out / "notation");
  std::cout << "seeds written under " << out << "\n";
  return 0;
}
