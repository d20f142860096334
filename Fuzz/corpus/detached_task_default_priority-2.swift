func start() {
    Task.detached {
        await work()
    }
}

func work() async {}
