Task {
    let result = await doLongRunningWorkAsync() // nonisolated async: runs on the global executor
    updateUI(result)
}
nonisolated func doLongRunningWorkAsync() async -> Result { doLongRunningWork() }
