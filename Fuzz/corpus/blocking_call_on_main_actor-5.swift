@MainActor func applyChanges() {
    DispatchQueue.main.sync {
        print("deadlock")
    }
}
