import Foundation

final class ProfileScreen: KitViewController {
    var rows: [String] = []

    override func viewDidLoad() {
        rows = LegacyStore.loadAll()
        // mainguard:disable:next blocking_call_on_main_actor - splash delay, product decision
        sleep(1)
        Task {
            rows.append(String(crunchNumbers()))
        }
        Task.detached {
            _ = crunchNumbers()
        }
    }

    func refresh() {
        // mainguard:disable:next blocking_call_on_main_actor
        rows.removeAll()
    }
}
