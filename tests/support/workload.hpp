// How much of a random workload a property test plays. Under a sanitizer (the ASan+UBSan suite of
// tests/run-all.sh) the engine runs several times slower, so the random-play properties play a
// share of their games there: the normal build checks each property over its whole workload, and
// the sanitizer suite runs the same code paths, over fewer games, for memory errors and undefined
// behaviour. HD_TEST_UNDER_SANITIZER is set by tests/engine/CMakeLists.txt under HD_SANITIZE.
#pragma once

namespace hd::test {

#ifdef HD_TEST_UNDER_SANITIZER
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif

// `normal` in the normal build, `sanitized` under a sanitizer: a count of games, seeds or states.
constexpr unsigned workload(unsigned normal, unsigned sanitized) {
  return kUnderSanitizer ? sanitized : normal;
}

}  // namespace hd::test
