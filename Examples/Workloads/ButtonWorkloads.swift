import MainGuard

/// Apple's three button cases from "Improving app responsiveness" as workloads. Each body taps
/// once and returns; the runtime keeps watching until the main actor is quiet, so the work the
/// tap started in a `Task` is measured too.
extension SampleWorkloads {
    static let hangLater = Workload(
        name: "hang-later",
        summary: "HangLaterButton runs ~300 ms of synchronous work in a Task { } that inherited the main actor: "
            + "a ~300 ms hang in doLongRunningWork()"
    ) {
        HangLaterButton().tapped()
    }

    static let noHang = Workload(
        name: "no-hang",
        summary: "NoHangButton awaits the same work as a nonisolated async function, which leaves the main actor: no hang"
    ) {
        NoHangButton().tapped()
    }

    static let detached = Workload(
        name: "detached",
        summary: "DetachedButton runs the same work in Task.detached: off the main actor (no hang), but at .medium priority"
    ) {
        DetachedButton().tapped()
    }
}
