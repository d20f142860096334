// swift-tools-version: 6.2
import PackageDescription

/// The custom-executor API (`@_spi(ExperimentalCustomExecutors)`) is SPI that only Linux toolchains
/// ship: Apple's SDKs carry the public `_Concurrency` interface, where those names do not resolve.
/// Executor mode is compiled only where this condition is set; elsewhere the runtime measures the
/// main thread with a run-loop observer and a heartbeat (README, "Platforms").
let executorSPI: [SwiftSetting] = [.define("MAINGUARD_EXECUTOR_SPI", .when(platforms: [.linux]))]

let package = Package(
    name: "MainGuard",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        // Runtime, watchdog and reports. Toolchain only: safe to add to any app's test target.
        .library(name: "MainGuard", targets: ["MainGuard"]),
        // XCTest / Swift Testing assertions on the main-thread budget. Toolchain only.
        .library(name: "MainGuardTesting", targets: ["MainGuardTesting"]),
        // The static analyser: rule engine and rules (swift-syntax).
        .library(name: "MainGuardLint", targets: ["MainGuardLint"]),
        .executable(name: "mainguard", targets: ["mainguard"]),
        // The agent `mainguard watch` preloads into a process it watches (`watch -- EXE`, `watch --tests`).
        .library(name: "MainGuardAgent", type: .dynamic, targets: ["MainGuardAgent"]),
        // `swift package mainguard`: lint the package's targets.
        .plugin(name: "MainGuardCommandPlugin", targets: ["MainGuardCommandPlugin"]),
        // Lint a target on every build; findings show as compiler warnings and errors.
        .plugin(name: "MainGuardBuildToolPlugin", targets: ["MainGuardBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // `.mainguard.yml` is YAML: a well-kept parser with line marks beats a hand-written one.
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // MARK: Linter
        .target(
            name: "MainGuardLint",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ],
            plugins: ["EmbedRuleDocs"]
        ),
        // Embeds Rules/*.md into MainGuardLint, so `mainguard explain` works from any directory.
        .plugin(name: "EmbedRuleDocs", capability: .buildTool(), dependencies: ["embed-rule-docs"]),
        .executableTarget(name: "embed-rule-docs"),

        // MARK: Runtime, watchdog, reports (no package dependencies)
        // C11 atomics for the runtime: Swift's `Atomic` (Synchronization) needs macOS 15 / iOS 18.
        .target(name: "CMainGuardAtomics"),
        .target(
            name: "MainGuard",
            dependencies: ["CMainGuardAtomics"],
            swiftSettings: executorSPI
        ),
        .target(name: "MainGuardTesting", dependencies: ["MainGuard"]),
        // The preloaded agent: a C constructor that starts a whole-process watch before `main`, and
        // the Swift session it starts (Sources/MainGuardAgent/ProcessWatch.swift).
        .target(name: "CMainGuardAgent"),
        .target(name: "MainGuardAgent", dependencies: ["MainGuard", "CMainGuardAgent"]),

        // MARK: Examples: sample workloads the watchdog runs and the linter reads
        .target(name: "MainGuardExamples", dependencies: ["MainGuard"], path: "Examples/Workloads"),
        // The same button in a target with Swift 6.2's approachable-concurrency settings.
        .target(
            name: "MainGuardExamplesSwift62",
            dependencies: ["MainGuard", "MainGuardExamples"],
            path: "Examples/Swift62",
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),

        // MARK: CLI
        .executableTarget(
            name: "mainguard",
            dependencies: [
                "MainGuardLint", "MainGuard", "MainGuardExamples", "MainGuardExamplesSwift62",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: SwiftPM plugins
        .plugin(
            name: "MainGuardCommandPlugin",
            capability: .command(intent: .custom(
                verb: "mainguard",
                description: "Lint the package's Swift targets for synchronous work on the main actor"
            )),
            dependencies: ["mainguard"]
        ),
        .plugin(name: "MainGuardBuildToolPlugin", capability: .buildTool(), dependencies: ["mainguard"]),

        // MARK: Benchmarks
        // `swift run -c release mainguard-runtime-bench`: executor overhead, idle watchdog cost, stall accuracy.
        .executableTarget(name: "mainguard-runtime-bench", dependencies: ["MainGuard"], path: "Benchmarks/RuntimeBenchmark"),
        // `swift run -c release mainguard-compat-bench`: ordinary concurrency code with the default executors
        // and under `Runtime.run`: identical results, wall-time and peak-thread ratios, no timeouts.
        .executableTarget(name: "mainguard-compat-bench", dependencies: ["MainGuard"], path: "Benchmarks/CompatBenchmark"),

        // MARK: Hardening
        // `bash Fuzz/run.sh SECONDS` builds this with ASan, libFuzzer and `-DFUZZING` and fuzzes the
        // whole lint pipeline; a plain build replays inputs (`mainguard-fuzz Fuzz/regressions/*`).
        .executableTarget(name: "mainguard-fuzz", dependencies: [
            "MainGuardLint", .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ], path: "Fuzz/LintFuzzer"),
        // One runtime stress or fault scenario per process (`mainguard-stress jobs|tasks|blocked|...`).
        .executableTarget(name: "mainguard-stress", dependencies: ["MainGuard", "MainGuardExamples"], path: "Benchmarks/Stress",
                          swiftSettings: executorSPI),
        // Fuzz regressions, mutated real code, pathological inputs and determinism, through the library and the CLI.
        .testTarget(name: "HardeningTests", dependencies: ["MainGuardLint", "mainguard-fuzz"]),

        // MARK: Tests
        .testTarget(name: "MainGuardLintTests", dependencies: ["MainGuardLint"]),
        .testTarget(name: "MainGuardTests", dependencies: ["MainGuard", "MainGuardTesting", "MainGuardExamples", "MainGuardExamplesSwift62"],
                    swiftSettings: executorSPI),
        .testTarget(name: "MainGuardTestingTests", dependencies: ["MainGuardTesting", "MainGuardExamples"]),

        // MARK: Benchmarks
        .executableTarget(name: "mainguard-bench", dependencies: [
            "MainGuardLint", .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ], path: "Benchmarks/LintBenchmark"),
        // How to use MainGuardTesting in XCTest and Swift Testing, on the sample workloads.
        .testTarget(name: "MainGuardExamplesTests", dependencies: ["MainGuardTesting", "MainGuardExamples"],
                    path: "Examples/Tests"),
    ]
)

// MARK: Runtime-only package for sanitizer runs
// `MAINGUARD_RUNTIME_ONLY=1 swift test --sanitize=thread` (and `=address`) builds and tests only the
// runtime, watchdog, reports, test assertions and examples: the libraries apps put in their test
// targets, which depend on nothing but the toolchain. `.ci/run` uses it because building swift-syntax
// under each sanitizer would take longer than CI allows, and the linter's one concurrent part (the
// parallel parse) is plain value passing that the runtime-side runs do not need to cover.
if Context.environment["MAINGUARD_RUNTIME_ONLY"] == "1" {
    let runtimeTargets: Set = [
        "CMainGuardAtomics", "MainGuard", "MainGuardTesting", "MainGuardExamples", "MainGuardExamplesSwift62",
        "mainguard-stress", "mainguard-runtime-bench", "mainguard-compat-bench",
        "MainGuardTests", "MainGuardTestingTests", "MainGuardExamplesTests",
    ]
    package.targets.removeAll { !runtimeTargets.contains($0.name) }
    package.products.removeAll { !runtimeTargets.contains($0.name) }
    package.dependencies.removeAll()
}

// MARK: Fuzzing build
// `bash Fuzz/run.sh` sets MAINGUARD_FUZZ_LIBFUZZER to libFuzzer's archive. MainGuardLint and
// mainguard-fuzz then build with AddressSanitizer, libFuzzer's coverage and `-DFUZZING`, and only
// mainguard-fuzz links libFuzzer (it alone calls LLVMFuzzerRunDriver). Everything else, swift-syntax
// included, builds as in a plain debug build, so in the package's own scratch path the fuzzer reuses
// what `swift test` built: a sanitized build of swift-syntax took about 200 s of a CI run on two
// cores. Coverage therefore guides libFuzzer through MainGuard's code; the parser runs uninstrumented.
if let libFuzzer = Context.environment["MAINGUARD_FUZZ_LIBFUZZER"] {
    let instrumented: [SwiftSetting] = [
        .unsafeFlags(["-sanitize=address", "-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp"]),
        .define("FUZZING"),
    ]
    for target in package.targets where ["MainGuardLint", "mainguard-fuzz"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + instrumented
        if target.name == "mainguard-fuzz" {
            target.linkerSettings = [.unsafeFlags(["-sanitize=address", libFuzzer, "-lstdc++"])]
        }
    }
}
