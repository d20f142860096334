#if MAINGUARD_EXECUTOR_SPI  // Linux toolchains only: see Package.swift
@_spi(ExperimentalCustomExecutors) import _Concurrency
import Foundation
import MainGuard

/// Executors installed by someone other than MainGuard, as an app with its own
/// `_createExecutors(factory:)` call would: thin wrappers around the platform's.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
enum ForeignExecutorFactory: ExecutorFactory {
    static let main = ForwardingMainExecutor()
    static let global = ForwardingTaskExecutor()
    static var mainExecutor: any MainExecutor { main }
    static var defaultExecutor: any TaskExecutor { global }

    /// Installs the wrappers for the whole process.
    static func install() {
        _createExecutors(factory: ForeignExecutorFactory.self)
    }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class ForwardingMainExecutor: MainExecutor, @unchecked Sendable {
    // @unchecked: immutable; the platform executor is thread-safe.
    private let platform = PlatformExecutorFactory.mainExecutor
    func enqueue(_ job: consuming ExecutorJob) { platform.enqueue(job) }
    func run() throws { try platform.run() }
    func stop() { platform.stop() }
    var isMainExecutor: Bool { true }
    func checkIsolated() { platform.checkIsolated() }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class ForwardingTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: immutable; the platform executor is thread-safe.
    private let platform = PlatformExecutorFactory.defaultExecutor
    func enqueue(_ job: consuming ExecutorJob) { platform.enqueue(job) }
}

#endif

extension FaultScenarios {
    /// The process installed its own executors; then MainGuard is asked to install its own.
    static func foreignExecutorsFirst() {
        #if MAINGUARD_EXECUTOR_SPI
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { exit(4) }
        ForeignExecutorFactory.install()
        print("stress: installed foreign executors")
        _ = Runtime.run(Workload(name: "after-foreign", summary: "never starts") {})
        print("stress: the run went ahead over foreign executors")
        exit(1)
        #else
        exit(4)   // no executor SPI on this platform: nothing foreign to install
        #endif
    }

    /// MainGuard installed its executors; then the process replaces them and starts a watch session.
    static func executorsReplaced() {
        #if MAINGUARD_EXECUTOR_SPI
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { exit(4) }
        print("stress: MainGuard installed: \(Runtime.installForTesting())")
        ForeignExecutorFactory.install()
        print("stress: replaced the executors")
        let session = Watchdog.start(workload: "after-replacement")
        _ = session.stop()
        print("stress: a session started over replaced executors")
        exit(1)
        #else
        exit(4)
        #endif
    }
}
