// Request-id idempotency of the mutating requests (migrations/0008, docs/server.md "Request ids"):
// the first answer to each is stored by account and request id, and a replay (the same request
// again under that id, by the same account, compared by request_digest) is answered with it again
// without acting. Another request under a used id (a client that counted its ids from the same
// start again after a restart) is refused REQUEST_ID_REUSED by the hub and changes nothing.
// SubmitAction is not stored here: its replays are answered from the action log, written in the
// action's own transaction, and from the undone actions (games/game_store.hpp).
#pragma once

#include "app/caller.hpp"
#include "database.hpp"
#include "request_digest.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <optional>
#include <string>

namespace hd::server {

// The requests whose first answer is stored: CreateGame, JoinGame, LeaveGame, Resign, OfferDraw,
// AnswerDraw, ConfirmAttack, RequestUndo, AnswerUndo, SendChat. (SubmitAction: the action log.
// Not stored, because they change no game: the account requests, which run before an account
// exists or end it; OpenGame and CloseGame, which only (un)subscribe this connection and are
// answered afresh; the lists, queries and record export, which only read.)
bool answer_stored_by_request_id(hundred_days::v1::ClientEnvelope::BodyCase kind);

// One stored answer.
struct StoredAnswer {
  int request_kind = 0;        // ClientEnvelope::BodyCase of the first request with this id
  std::string request_digest;  // request_digest() of that request
  hundred_days::v1::ServerEnvelope answer;
};

class RequestAnswers {
 public:
  // Derived, not from the rules: a client retries a request it got no answer to within seconds or
  // minutes (a reconnect); a day covers a client that was away overnight, and 1,000 ids cover far
  // more requests than one account makes unanswered at once. A row is ~100-300 bytes.
  static constexpr std::int64_t kKeptSeconds = 24 * 60 * 60;
  static constexpr std::int64_t kKeptPerAccount = 1000;

  explicit RequestAnswers(Database& db) : db_(db) {}

  // The answer stored for (account, request id), if one is kept.
  std::optional<StoredAnswer> find(AccountId account, std::uint64_t request_id);
  // Stores the answer to `request` (replacing any row under the same id) in its own transaction,
  // then drops the account's rows beyond the bounds above.
  void store(AccountId account, const hundred_days::v1::ClientEnvelope& request,
             const hundred_days::v1::ServerEnvelope& answer, std::int64_t now_unix);

 private:
  Database& db_;
};

}  // namespace hd::server
