struct Scheduler {
    func detached(_ body: () -> Void) { body() }
}

func start(scheduler: Scheduler) {
    scheduler.detached { print("not a Task") }
}
