func start() {
    Task {
        print("inherits actor and priority")
    }
    Task(priority: .background) {
        print("unstructured with priority")
    }
}
