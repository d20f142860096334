func start() {
    let task = Task<Void, Never>.detached {
        print("typed")
    }
    task.cancel()
}
