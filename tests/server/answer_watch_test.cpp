// The hub's AnswerWatch (app/answer_watch.hpp): which answer the request being handled got. It tells
// whether the request was answered for every request, and keeps a copy of the answer only for the
// requests whose answers are stored by request id (issue 15: a query's answer is not copied).
#include "app/answer_watch.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using hd::server::AnswerWatch;
using hd::server::ConnectionId;
namespace v1 = hundred_days::v1;

namespace {

// Counts what reaches it.
class Counter : public hd::server::Outbound {
 public:
  int sent = 0;
  void send(ConnectionId, const v1::ServerEnvelope&) override { ++sent; }
  void close(ConnectionId, hd::server::CloseRequest) override {}
};

v1::ServerEnvelope answer(std::uint64_t request_id, const std::string& text) {
  v1::ServerEnvelope e;
  e.set_request_id(request_id);
  e.mutable_refusal()->set_message(text);
  return e;
}

}  // namespace

TEST_CASE("the answer watch notes the first answer to the watched request; it keeps a copy only when asked",
          "[issue15]") {
  Counter next;
  AnswerWatch watch(next);

  watch.watch(4, 70, false);  // a query, say
  watch.send(5, answer(70, "another connection's"));
  watch.send(4, answer(71, "another request's"));
  CHECK_FALSE(watch.answered());
  watch.send(4, answer(70, "first"));
  CHECK(watch.answered());
  CHECK_FALSE(watch.answer());  // not kept
  CHECK(next.sent == 3);        // everything is handed on

  watch.watch(4, 72, true);  // a mutating request: its answer is stored for its replays
  CHECK_FALSE(watch.answered());
  watch.send(4, answer(72, "first"));
  watch.send(4, answer(72, "second"));
  CHECK(watch.answered());
  REQUIRE(watch.answer());
  CHECK(watch.answer()->refusal().message() == "first");

  // Sent to several connections at once (a fan-out's shared update, issue 15): answered when the
  // watched connection is one of them.
  watch.watch(4, 73, true);
  watch.send_to_all({5, 6}, answer(73, "to others"));
  CHECK_FALSE(watch.answered());
  watch.send_to_all({6, 4}, answer(73, "shared"));
  CHECK(watch.answered());
  REQUIRE(watch.answer());
  CHECK(watch.answer()->refusal().message() == "shared");
  CHECK(next.sent == 9);  // each connection's copy handed on

  watch.watch(4, 0, true);  // request id 0 is never watched
  watch.send(4, answer(0, "unasked"));
  CHECK_FALSE(watch.answered());
  CHECK_FALSE(watch.answer());
}
