#!/usr/bin/env bash
# Fuzzes the whole lint pipeline for SECONDS (default 90) with libFuzzer and AddressSanitizer, starting
# from the committed seed corpus, then prints the figures. Every input that crashes, hangs past 5 s or
# breaks a report is copied into Fuzz/regressions/ (commit it: HardeningTests replays that folder on
# every `swift test`) and the script fails.
#
#   bash Fuzz/run.sh 90
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-90}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
work=fuzz-out
# By default the fuzzing build has its own scratch path, so it never invalidates the normal .build;
# CI passes FUZZ_SCRATCH=.build, where swift-syntax is already built (see the end of Package.swift:
# only MainGuardLint and mainguard-fuzz are instrumented). nice keeps the build from starving whatever
# else shares the machine.
# Not `-sanitize=fuzzer`: that flag on the command line reaches every executable, including the build-tool
# plugin's helper, which then fails to link against libFuzzer's `main`. Package.swift instead gives the two
# targets libFuzzer's coverage instrumentation plus ASan, and links libFuzzer into mainguard-fuzz alone.
libfuzzer=$(ls "$(dirname "$(dirname "$(command -v swiftc)")")"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -n 1)
export MAINGUARD_FUZZ_LIBFUZZER="$libfuzzer"
build=(swift build -c debug --scratch-path "$scratch")
nice -n 10 "${build[@]}" --product mainguard-fuzz 2>&1 | grep -v "Cannot export local symbol" | tail -n 3
fuzzer="$("${build[@]}" --show-bin-path)/mainguard-fuzz"

rm -rf "$work"; mkdir -p "$work/corpus" "$work/artifacts"
cp Fuzz/corpus/* "$work/corpus/"
# The sample code is seed material too; copied at run time rather than committed twice.
find Examples -name '*.swift' -exec cp {} "$work/corpus/" \;
# A hang is an input past 5 s. With swift-syntax under ASan and coverage too, a debug lint read about 10 KB a second here:
# Examples/SwiftUI/RenderLoopScreen.swift (7.5 KB) takes 0.7-0.8 s and the longest inputs (16 KB)
# about 2 s, so the earlier 1 s limit failed a fresh-clone run on that seed; the parser's known
# blow-ups (ParserLimits) take minutes, far past 5 s.
# libFuzzer reports crashes itself; Swift's backtracer would only slow each crash down by seconds.
set +e
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$fuzzer" "$work/corpus" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1
status=$?
set -e

executed=$(awk '/stat::number_of_executed_units/ { print $2 }' "$work/log" | tail -n 1)
crashes=$(find "$work/artifacts" -type f | wc -l | tr -d ' ')
for artifact in "$work"/artifacts/*; do
    [ -f "$artifact" ] && cp "$artifact" "Fuzz/regressions/$(basename "$artifact").swift"
done
echo "fuzz: inputs fuzzed: ${executed:-0}"
echo "fuzz: crashes found: $crashes"
if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ] || [ -z "$executed" ]; then
    tail -n 60 "$work/log" >&2
    echo "fuzz: FAILED (libFuzzer exit $status); inputs copied to Fuzz/regressions/" >&2
    exit 1
fi
