#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan, UBSan; tests/fuzz/CMakeLists.txt) and runs each
# from its checked-in seeds for a fixed number of runs, each also capped in time. Exits non-zero if
# a target crashes, reports a sanitizer error or fails one of its checks (the input is kept under
# BUILD/artifacts/). tests/run-all.sh runs this as its fourth suite; docs/fuzzing.md has the longer run.
#   tests/fuzz/run-fuzz.sh [BUILD_DIR]      (default build/fuzz)
# HD_FUZZ_SCALE multiplies every target's runs and time cap (default 1); HD_JOBS as for run-all.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir=${1:-build/fuzz}
jobs=${HD_JOBS:-$(nproc)}
scale=${HD_FUZZ_SCALE:-1}
cxx=${HD_FUZZ_CXX:-clang++-14}

echo "=== fuzz: configure and build ($dir, $cxx)"
# The compiler is chosen once, when the build folder is made (changing it later empties the cache).
compiler=()
[[ -f $dir/CMakeCache.txt ]] || compiler=(-DCMAKE_CXX_COMPILER="$cxx")
cmake -S . -B "$dir" -G Ninja "${compiler[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHD_FUZZ=ON -DHD_BUILD_TESTS=OFF -DHD_BUILD_CLIENT=OFF
targets=(service notation data frames snapshot)  # the longest runs first
cmake --build "$dir" -j "$jobs" --target "${targets[@]/#/fuzz_}"

# runs and seconds (cap) per target: the engine targets replay whole games or parse whole files per
# input, and the service target opens a database and loads scenarios per input, so they get fewer runs; every input's own work is bounded inside the target.
declare -A runs=([frames]=20000 [snapshot]=20000 [data]=4000 [notation]=1000 [service]=800)
# service's cap is 100 s: run beside notation it does about 8 inputs a second (482 runs in 60 s, 7
# December), alone about 13.
declare -A seconds=([frames]=40 [snapshot]=40 [data]=60 [notation]=60 [service]=100)
declare -A max_len=([frames]=4096 [snapshot]=8192 [data]=24576 [notation]=4096 [service]=4096)

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$dir/artifacts"

# Runs target $1 from its seeds; its output goes to $dir/fuzz-$1.log, its exit code to
# $dir/fuzz-$1.code. Always returns 0.
run_target() {
  local t=$1
  local work="$dir/corpus-run/$t"  # new inputs go here, not into the checked-in seeds
  rm -rf "$work" && mkdir -p "$work"
  local code=0
  "$dir/tests/fuzz/fuzz_$t" -runs=$((runs[$t] * scale)) -max_total_time=$((seconds[$t] * scale)) \
    -max_len="${max_len[$t]}" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/$t-" "$work" "tests/fuzz/corpus/$t" >"$dir/fuzz-$t.log" 2>&1 || code=$?
  echo "$code" >"$dir/fuzz-$t.code"
}

# Each target is one process on one core: $jobs of them run at once, the longest first.
running=0
for t in "${targets[@]}"; do
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
  echo "=== fuzz: $t (${runs[$t]} runs x $scale, at most ${seconds[$t]} s x $scale)"
  rm -f "$dir/fuzz-$t.code"
  run_target "$t" &
  running=$((running + 1))
done
wait

status=0
summary=()
for t in "${targets[@]}"; do
  log="$dir/fuzz-$t.log"
  code=$(cat "$dir/fuzz-$t.code" 2>/dev/null || echo "none")
  done_line=$(grep -E '^Done [0-9]+ runs in' "$log" | tail -n 1 || true)
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
  summary+=("$t: exit $code; ${done_line:-no Done line}; ${coverage:-no coverage line}")
  if [[ $code != 0 ]]; then
    status=1
    echo "fuzz target $t FAILED (exit $code); the last lines of $log:"
    tail -n 40 "$log"
  fi
done
echo "=== fuzz summary"
printf '%s\n' "${summary[@]}"
exit "$status"
