import MainGuard

/// The Swift 6.2 button cases as workloads, built with this target's settings
/// (`.defaultIsolation(MainActor.self)`, `NonisolatedNonsendingByDefault`).
///
/// ```swift
/// let report = Runtime.run(Swift62Workloads.all[0])   // swift62-hang
/// ```
nonisolated public enum Swift62Workloads {
    public static let all: [Workload] = [hang, concurrent]

    static let hang = Workload(
        name: "swift62-hang",
        summary: "Swift62Button awaits a nonisolated async function that, with Swift 6.2's settings, runs on the "
            + "main actor: ~300 ms of computation hangs the main thread"
    ) {
        Swift62Button().tapped()
    }

    static let concurrent = Workload(
        name: "swift62-concurrent",
        summary: "Swift62ConcurrentButton awaits the same work marked @concurrent: it runs on the global executor, no hang"
    ) {
        Swift62ConcurrentButton().tapped()
    }
}
