#include "app/answer_watch.hpp"

namespace hd::server {

void AnswerWatch::watch(ConnectionId connection, std::uint64_t request_id, bool keep_answer) {
  connection_ = connection;
  request_id_ = request_id;
  keep_answer_ = keep_answer;
  answered_ = false;
  answer_.reset();
}

void AnswerWatch::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  next_.send(connection, envelope);
  // Noted once handed on: a send that throws has not answered.
  if (request_id_ != 0 && !answered_ && connection == connection_ && envelope.request_id() == request_id_) {
    answered_ = true;
    if (keep_answer_) answer_ = envelope;
  }
}

void AnswerWatch::send_to_all(const std::vector<ConnectionId>& connections,
                              const hundred_days::v1::ServerEnvelope& envelope) {
  next_.send_to_all(connections, envelope);
  if (request_id_ == 0 || answered_ || envelope.request_id() != request_id_) return;
  for (ConnectionId connection : connections)
    if (connection == connection_) {
      answered_ = true;
      if (keep_answer_) answer_ = envelope;
    }
}

void AnswerWatch::close(ConnectionId connection, CloseRequest close) {
  next_.close(connection, std::move(close));
}

void AnswerWatch::when_drained(ConnectionId connection, std::size_t low_water,
                               std::function<void()> drained) {
  next_.when_drained(connection, low_water, std::move(drained));
}

}  // namespace hd::server
