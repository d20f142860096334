#!/usr/bin/env bash
# Someone else's concurrency test suite, with and without MainGuard's agent (issue "Watch your own
# code, unchanged", item 5): the same tests must pass, with no new hang and no crash.
#
#   bash Benchmarks/AgentCompat/run.sh [ROUNDS]       # default 3 rounds
#
# Takes swift-async-algorithms 1.1.4 from the package mirror (as SwiftPM resolves it), builds its tests,
# then alternates: the test binary's XCTest run as `swift test` would start it, the same run with the
# agent preloaded by hand, and `mainguard watch --tests --fail-on never`. Prints, per round, the tests
# executed and failed and the wall time of each, then the medians and their ratios. Needs `swift build` of this package first
# (for .build/debug/mainguard and the agent beside it).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
mainguard="$(swift build --show-bin-path)/mainguard"
work=${AGENT_COMPAT_WORK:-/tmp/mainguard-agent-compat}
mkdir -p "$work/wrapper/Sources/W"
cat >"$work/wrapper/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "W", dependencies: [.package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4")],
                      targets: [.target(name: "W", dependencies: [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")])])
SWIFT
: >"$work/wrapper/Sources/W/W.swift"
swift package resolve --package-path "$work/wrapper" >/dev/null
suite="$work/swift-async-algorithms"
if [ ! -d "$suite" ]; then
    cp -R "$work/wrapper/.build/checkouts/swift-async-algorithms" "$suite"
    # The mirror's snapshot lacks two symbolic links of the upstream repository (Locking.swift shared
    # with AsyncSequenceValidation and the tests' support files); without them it does not build.
    [ -e "$suite/Sources/AsyncSequenceValidation/Locking.swift" ] || ln -s ../AsyncAlgorithms/Locking.swift "$suite/Sources/AsyncSequenceValidation/Locking.swift"
    [ -e "$suite/Tests/AsyncAlgorithmsTests/Support/Locking.swift" ] || ln -s ../../../Sources/AsyncAlgorithms/Locking.swift "$suite/Tests/AsyncAlgorithmsTests/Support/Locking.swift"
fi
swift build --build-tests --package-path "$suite" 2>&1 | tail -n 1
binary="$(swift build --show-bin-path --package-path "$suite")/swift-async-algorithmsPackageTests.xctest"

# TestFlatMapLatest (flatMapLatest, new in 1.1) hangs now and then on its own: run alone 40 times, it
# hung 11 times without the agent and 6 times with it (2026-11-25). It is left out of both sides.
skip=TestFlatMapLatest
selection=$("$binary" --list-tests | grep / | grep -v "$skip" | paste -sd, -)
filter="^(?!.*$skip)"
agent="$(dirname "$mainguard")/libMainGuardAgent.so"

executed() { grep -E "^\s+Executed [0-9]+ tests" "$1" | tail -n 1 | sed -E 's/^\s+Executed ([0-9]+) tests, with ([0-9]+) failures.*/\1 \2/'; }
now() { date +%s.%N; }
plain_times=(); preload_times=(); watch_times=()
for round in $(seq 1 "$rounds"); do
    start=$(now)
    timeout 300 "$binary" "$selection" >"$work/plain.log" 2>&1 || true
    plain=$(echo "$(now) - $start" | bc)
    start=$(now)
    MAINGUARD_AGENT_REPORT="$work/preload.json" LD_PRELOAD="$agent" timeout 300 "$binary" "$selection" >"$work/preload.log" 2>&1 || true
    preload=$(echo "$(now) - $start" | bc)
    start=$(now)
    status=0
    timeout 300 "$mainguard" watch --tests --package-path "$suite" --filter "$filter" --fail-on never --format json --output "$work/agent.json" >"$work/agent.log" 2>&1 || status=$?
    watched=$(echo "$(now) - $start" | bc)
    read -r plain_run plain_failed <<<"$(executed "$work/plain.log")"
    read -r preload_run preload_failed <<<"$(executed "$work/preload.log")"
    read -r agent_run agent_failed <<<"$(executed "$work/agent.log")"
    hangs=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['hangs'], r['over_budget'], r['mode'], r['process'].get('agent_problem') or 'ok')" "$work/agent.json")
    echo "round $round: without the agent $plain_run tests, $plain_failed failed, ${plain}s; preloaded $preload_run, $preload_failed failed, ${preload}s;" \
         "watch --tests $agent_run, $agent_failed failed, ${watched}s (exit $status; hangs, over budget, mode, agent: $hangs)"
    if [ "$plain_run" != "$agent_run" ] || [ "$plain_failed" != "$agent_failed" ] || [ "$plain_run" != "$preload_run" ] \
       || [ "$plain_failed" != "$preload_failed" ] || [ "$status" -ne 0 ]; then
        echo "agent-compat: results differ"; exit 1
    fi
    plain_times+=("$plain"); preload_times+=("$preload"); watch_times+=("$watched")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
p=$(median "${plain_times[@]}"); l=$(median "${preload_times[@]}"); w=$(median "${watch_times[@]}")
echo "agent-compat: identical results in $rounds rounds ($plain_run tests). Median wall: ${p}s without the agent," \
     "${l}s with it preloaded ($(echo "scale=2; $l / $p" | bc)x), ${w}s through watch --tests" \
     "($(echo "scale=2; $w / $p" | bc)x: adds the build check, the test listing and a Swift Testing probe)"
