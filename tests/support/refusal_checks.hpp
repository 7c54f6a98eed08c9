// Catch2 checks on the server's answers for end-to-end tests. Header-only: its users include Catch2.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <catch2/catch.hpp>

namespace hd::test {

// Requires `answer` to be a refusal and checks its code (the whole answer is shown on failure).
inline void expect_refusal(const hundred_days::v1::ServerEnvelope& answer,
                           hundred_days::v1::RefusalCode code) {
  INFO(answer.DebugString());
  REQUIRE(answer.has_refusal());
  CHECK(answer.refusal().code() == code);
}

}  // namespace hd::test
