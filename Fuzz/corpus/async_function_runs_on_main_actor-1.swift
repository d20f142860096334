@concurrent nonisolated func processInBackground() async -> Summary {
    heavyComputation()
}
