@MainActor final class Model {
    func save() {
        // sleep(1)
        print("Thread.sleep(forTimeInterval: 1) and semaphore.wait()")
    }
}
