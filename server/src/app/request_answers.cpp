#include "app/request_answers.hpp"

#include "games/dice.hpp"

#include <stdexcept>

namespace hd::server {

namespace v1 = hundred_days::v1;

bool answer_stored_by_request_id(v1::ClientEnvelope::BodyCase kind) {
  switch (kind) {
    case v1::ClientEnvelope::kCreateGame:
    case v1::ClientEnvelope::kJoinGame:
    case v1::ClientEnvelope::kLeaveGame:
    case v1::ClientEnvelope::kWithdrawGame:
    case v1::ClientEnvelope::kResign:
    case v1::ClientEnvelope::kOfferDraw:
    case v1::ClientEnvelope::kAnswerDraw:
    case v1::ClientEnvelope::kConfirmAttack:
    case v1::ClientEnvelope::kRequestUndo:
    case v1::ClientEnvelope::kAnswerUndo:
    case v1::ClientEnvelope::kSendChat:
      return true;
    default:
      return false;
  }
}

std::optional<StoredAnswer> RequestAnswers::find(AccountId account, std::uint64_t request_id) {
  Statement select = db_.prepare(
      "SELECT request_kind, answer, request_digest FROM request_answers WHERE account_id = ?1 AND request_id "
      "= ?2");
  select.bind(1, account).bind(2, static_cast<std::int64_t>(request_id));
  if (!select.step()) return std::nullopt;
  StoredAnswer stored;
  stored.request_kind = static_cast<int>(select.column_int64(0));
  stored.request_digest = select.column_text(2);
  const auto bytes = from_hex(select.column_text(1));
  if (!bytes || !stored.answer.ParseFromString(*bytes))
    throw std::runtime_error("the stored answer to request " + std::to_string(request_id) +
                             " does not read back");
  return stored;
}

void RequestAnswers::store(AccountId account, const v1::ClientEnvelope& request,
                           const v1::ServerEnvelope& answer, std::int64_t now_unix) {
  in_transaction(db_, [&] {
    db_.prepare(
           "INSERT OR REPLACE INTO request_answers "
           "(account_id, request_id, request_kind, request_digest, answer, unix_seconds) "
           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(1, account)
        .bind(2, static_cast<std::int64_t>(request.request_id()))
        .bind(3, static_cast<std::int64_t>(request.body_case()))
        .bind(4, request_digest(request))
        .bind(5, to_hex(answer.SerializeAsString()))
        .bind(6, now_unix)
        .run();
    db_.prepare(
           "DELETE FROM request_answers WHERE account_id = ?1 AND (unix_seconds < ?2 OR rowid IN "
           "(SELECT rowid FROM request_answers WHERE account_id = ?1 ORDER BY rowid DESC LIMIT -1 OFFSET "
           "?3))")
        .bind(1, account)
        .bind(2, now_unix - kKeptSeconds)
        .bind(3, kKeptPerAccount)
        .run();
  });
}

}  // namespace hd::server
