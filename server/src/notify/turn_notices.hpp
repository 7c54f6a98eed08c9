// Issue 16 (notifications, webhook half; docs/server.md, "Webhooks"): who is told, by webhook, that
// a game waits for them or has ended. After a game changes (an action, its start, its end), each
// account holding a seat whose decision is pending, or every seat holder once the game is over, is
// sent one message if it has a webhook and was not sent one for this player turn (4.1) of this game
// yet; what was sent is remembered in the database (migrations/0013), so a restart sends no repeat.
// Runs on the hub's strand; the sending itself is the WebhookSender's, on the io_context.
#pragma once

#include "accounts/webhook_settings.hpp"
#include "database.hpp"
#include "games/game_room.hpp"
#include "notify/webhook_sender.hpp"

#include <memory>
#include <string>

namespace hd::server {

class TurnNotices {
 public:
  // `link_base`: the start of the link back into a game, "<link_base>/game/<id>".
  TurnNotices(Database& db, std::shared_ptr<WebhookSender> sender, std::string link_base);

  // Queues the messages `room` now calls for (see above). Never throws: a failure is logged, and
  // the game goes on.
  void check(const GameRoom& room) noexcept;

 private:
  void check_or_throw(const GameRoom& room);

  Database& db_;
  WebhookSettings settings_;
  std::shared_ptr<WebhookSender> sender_;
  std::string link_base_;
};

// The JSON body of one message: {"game_id":N,"event":"...","turn":"...","link":"..."}.
std::string webhook_body(std::uint64_t game_id, const std::string& event, const std::string& turn,
                         const std::string& link);

}  // namespace hd::server
