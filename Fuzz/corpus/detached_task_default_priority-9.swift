func start() {
    // Task.detached { print("commented out") }
    print("Task.detached { }")
}
