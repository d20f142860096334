Task {
    let result = await doLongRunningWorkConcurrently()
    updateUI(result)
}
@concurrent nonisolated func doLongRunningWorkConcurrently() async -> Result { doLongRunningWork() }
// or: let result = await Task.detached(priority: .userInitiated) { doLongRunningWork() }.value
