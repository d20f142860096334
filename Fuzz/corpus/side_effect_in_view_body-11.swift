final class SyncController {
    func start() {
        Task { await sync() }
        DispatchQueue.global().async { self.compact() }
        NotificationCenter.default.post(name: .syncDidStart, object: nil)
    }
}
