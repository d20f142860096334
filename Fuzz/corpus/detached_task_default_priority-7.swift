func start() {
    Task.detached(priority: .userInitiated) {
        print("explicit priority")
    }
    Task.detached(name: "index", priority: .utility) {
        print("named, explicit priority")
    }
}
