final class Waiter {
    func wait() {}
}

@MainActor final class Player {
    func sleep(_ seconds: Int) {}

    func pause() {
        sleep(1)
        self.sleep(2)
        let waiter = Waiter()
        waiter.wait()
    }
}
