#include "games/chat_and_records.hpp"

#include "games/dice_proof.hpp"
#include "games/game_membership.hpp"
#include "games/game_record.hpp"
#include "games/seat_policy.hpp"

#include <hd/wire/game_convert.hpp>

#include <ctime>

namespace hd::server {

namespace v1 = hundred_days::v1;

ChatAndRecords::ChatAndRecords(GameStore& store, GameViews& views, Outbound& outbound)
    : store_(store), views_(views), outbound_(outbound) {}

void ChatAndRecords::send_chat(const Caller& caller, const Envelope& request, GameRoom* room) {
  const v1::SendChat& chat = request.send_chat();
  if (!room) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  const auto held = room->seats_of(*caller.account);
  const bool spectating = room->subscribers.count(caller.connection) > 0;
  if (held.empty() && !spectating)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND,
                        "open the game to chat in it");
  if (chat.text().empty() || chat.text().size() > 500)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "chat text: 1 to 500 bytes");
  ChatRow row;
  row.channel = chat.channel();
  row.from = caller.username;
  row.text = chat.text();
  row.unix_seconds = static_cast<std::int64_t>(std::time(nullptr));
  if (chat.channel() == v1::CHAT_CHANNEL_SIDE) {
    if (held.empty())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                          "side chat is for seat holders");
    row.side = wire::to_proto(side_of_seat(held.front()));
  } else if (chat.channel() != v1::CHAT_CHANNEL_ALL) {
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, "channel: ALL or SIDE");
  }
  store_.insert_chat(room->row.id, *caller.account, row);
  v1::ServerEnvelope message;
  v1::ChatMessage& out = *message.mutable_chat_message();
  out.set_game_id(chat.game_id());
  out.set_channel(row.channel);
  out.set_from(row.from);
  out.set_text(row.text);
  out.set_unix_seconds(static_cast<std::uint64_t>(row.unix_seconds));
  views_.send_to_subscribers(*room, message, [&](const Subscriber& subscriber) {
    if (row.channel == v1::CHAT_CHANNEL_ALL) return true;
    return !subscriber.seats.empty() && wire::to_proto(side_of_seat(subscriber.seats.front())) == row.side;
  });
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
}

void ChatAndRecords::export_record(const Caller& caller, const Envelope& request, const GameRoom* room) {
  if (!room || !belongs_to_game(room->row, room->seats, *caller.account))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  if (room->row.status != v1::GAME_STATUS_FINISHED)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "the record and the dice seed are revealed when the game is finished");
  if (room->row.closed_before_start)  // expired or withdrawn (issue 29): never played, nothing to show
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "the game was closed before it started: it has no record");
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::GameRecord& record = *answer.mutable_game_record();
  record.set_game_id(static_cast<std::uint64_t>(room->row.id));
  record.set_record(format_game_record(*room));
  record.set_dice_proof(format_dice_proof(dice_proof_of(*room)));
  outbound_.send(caller.connection, answer);
}

}  // namespace hd::server
