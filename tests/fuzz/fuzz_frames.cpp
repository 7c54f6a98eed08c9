// libFuzzer target: the frame decoder and the connection's protocol state machine (docs/fuzzing.md),
// with no socket: the bytes a peer sends are cut into frames, each handed to one connection's
// ConnectionProtocol::on_frame as the WebSocket session does; every request it forwards to the hub
// is classified, and a SubmitAction's action is converted for a started Quatre Bras game and
// validated, as the game room does. Each frame is also decoded as a server envelope (the clients'
// side). Frame format of an input: a flags byte (bit 0: binary), a 16-bit little-endian length,
// then that many bytes (fewer at the end of the input). Seeds: tests/fuzz/corpus/frames/.
// Checked besides "no crash, no sanitizer report": a close reason fits a close frame, only a welcomed
// connection forwards requests, and a decoded envelope re-encodes to bytes that decode to the same.
#include "connection_protocol.hpp"
#include "fuzz_games.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/game_convert.hpp>

#include <google/protobuf/stubs/logging.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

namespace {

namespace v1 = hundred_days::v1;
constexpr std::size_t kMaxMessageBytes = 64 * 1024;  // the server's default (docs/server.md)
constexpr int kMaxFrames = 200;                      // bounded work per input

void check(bool condition) {
  if (!condition) std::abort();
}

// What the game room does with an action before it touches its game: convert, then validate.
void submit(const v1::SubmitAction& submit) {
  const hd::engine::GameState& game = hd::fuzz::started_game(0);
  const auto action = hd::wire::from_proto(submit.action(), game);
  if (const auto* converted = std::get_if<hd::engine::Action>(&action)) {
    for (const auto side : {hd::engine::Side::French, hd::engine::Side::Coalition})
      hd::engine::validate(game, side, *converted);
  } else {
    check(!std::get<std::string>(action).empty());
  }
}

// The clients' side: a server envelope decodes, re-encodes and decodes to the same bytes.
void as_server_envelope(std::string_view bytes) {
  const auto decoded = hd::wire::decode_server_envelope(bytes, kMaxMessageBytes);
  if (!decoded) return;
  const std::string encoded = hd::wire::encode(*decoded.envelope);
  const auto again = hd::wire::decode_server_envelope(encoded, kMaxMessageBytes * 2);
  check(again.envelope.has_value());
  check(hd::wire::encode(*again.envelope) == encoded);
}

}  // namespace

// libprotobuf prints an ERROR line for every string field that is not UTF-8; thousands of them
// only slow the run (the decoder's refusal is what is checked).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start{};
  hd::server::ConnectionProtocol protocol({"fuzz", "fuzz-id"}, 1, kMaxMessageBytes, {}, start);
  std::size_t at = 0;
  for (int frame = 0; at + 3 <= size && frame < kMaxFrames; ++frame) {
    const bool binary = (data[at] & 1) != 0;
    const std::size_t length = std::min<std::size_t>(data[at + 1] | (data[at + 2] << 8), size - at - 3);
    const std::string_view bytes(reinterpret_cast<const char*>(data) + at + 3, length);
    at += 3 + length;
    const auto reply = protocol.on_frame(bytes, binary, start + std::chrono::milliseconds(10 * frame));
    for (const auto& message : reply.messages)
      check(!hd::wire::encode(message).empty() || message.ByteSizeLong() == 0);
    if (reply.close) check(reply.close->reason.size() <= 123);
    if (reply.forward) {
      check(protocol.welcomed());
      check(!reply.request_type.empty());
      if (reply.forward->has_submit_action()) submit(reply.forward->submit_action());
    }
    if (binary) as_server_envelope(bytes);
    if (reply.close) break;  // the session stops reading after a close
  }
  return 0;
}
