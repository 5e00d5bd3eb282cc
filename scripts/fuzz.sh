#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (with AddressSanitizer and UndefinedBehaviorSanitizer)
# into build-fuzz/ and runs each from its seed corpus (tests/fuzz/corpus/):
#   scripts/fuzz.sh              20000 inputs each (what the test command runs)
#   scripts/fuzz.sh -1 -max_total_time=1800    for longer (-1: no limit on inputs); any libFuzzer
#                                              flags may follow the count
# A crash, hang or sanitizer report fails the run and leaves the input in build-fuzz/artifacts/;
# fix it and add the input to the seed corpus.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-20000}"
shift || true
build="$root/build-fuzz"
"$root/scripts/setup.sh" --tests
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DSCANSCOPE_FUZZ=ON -DSCANSCOPE_GUI=OFF \
    -DSCANSCOPE_CUDA=OFF -DSCANSCOPE_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target fuzz_trace_reader fuzz_input_parser fuzz_lesson_file
export ASAN_OPTIONS="detect_leaks=0"  # a fuzzing run looks for crashes, overflows, UB and hangs
mkdir -p "$build/artifacts"
for target in trace_reader:trace input_parser:values lesson_file:lessons; do
    name="${target%%:*}" seeds="${target##*:}"
    work="$build/corpus/$seeds"
    mkdir -p "$work"
    echo "fuzz: $name, $runs runs"
    log="$build/fuzz_$name.log"
    if ! "$build/tests/fuzz/fuzz_$name" -runs="$runs" -max_len=65536 -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$name-" "$@" "$work" \
        "$root/tests/fuzz/corpus/$seeds" >"$log" 2>&1; then
        tail -60 "$log"
        echo "fuzz: $name FAILED (the input is in $build/artifacts)"
        exit 1
    fi
    grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)" "$log" || true
done
echo "fuzz: 3 passed, 0 failed"
