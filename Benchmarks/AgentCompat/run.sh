#!/usr/bin/env bash
# Someone else's concurrency test suite, with and without MainGuard's agent (issue "Watch your own
# code, unchanged", item 5): the same tests must pass, with no new hang and no crash.
#
#   bash Benchmarks/AgentCompat/run.sh [ROUNDS]       # default 3 rounds
#
# Takes swift-async-algorithms 1.1.4 from the package mirror (as SwiftPM resolves it), builds its tests,
# then alternates: the test binary's XCTest run as `swift test` would start it, and the same binary under
# `mainguard watch --tests --fail-on never`. Prints, per round, the tests executed and failed and the
# wall time of each, then the medians and their ratio. Needs `swift build` of this package first
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

executed() { grep -E "^\s+Executed [0-9]+ tests" "$1" | tail -n 1 | sed -E 's/^\s+Executed ([0-9]+) tests, with ([0-9]+) failures.*/\1 \2/'; }
plain_times=(); agent_times=()
for round in $(seq 1 "$rounds"); do
    start=$(date +%s.%N)
    "$binary" >"$work/plain.log" 2>&1 || true
    plain=$(echo "$(date +%s.%N) - $start" | bc)
    start=$(date +%s.%N)
    status=0
    "$mainguard" watch --tests --package-path "$suite" --fail-on never --format json --output "$work/agent.json" >"$work/agent.log" 2>&1 || status=$?
    agent=$(echo "$(date +%s.%N) - $start" | bc)
    read -r plain_run plain_failed <<<"$(executed "$work/plain.log")"
    read -r agent_run agent_failed <<<"$(executed "$work/agent.log")"
    hangs=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r['hangs'], r['over_budget'], r['mode'], r['process'].get('agent_problem') or 'ok')" "$work/agent.json")
    echo "round $round: without agent $plain_run tests, $plain_failed failed, ${plain}s; under the agent $agent_run tests, $agent_failed failed, ${agent}s (watch exit $status; hangs, over budget, mode, agent: $hangs)"
    if [ "$plain_run" != "$agent_run" ] || [ "$plain_failed" != "$agent_failed" ] || [ "$status" -ne 0 ]; then
        echo "agent-compat: results differ"; exit 1
    fi
    plain_times+=("$plain"); agent_times+=("$agent")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
p=$(median "${plain_times[@]}"); a=$(median "${agent_times[@]}")
echo "agent-compat: identical results in $rounds rounds; median wall ${p}s without, ${a}s under watch --tests (includes its up-to-date build check and test listing): $(echo "scale=2; $a / $p" | bc)x"
