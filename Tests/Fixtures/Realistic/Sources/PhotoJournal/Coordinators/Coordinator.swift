import UIKit

@MainActor
protocol Coordinator: AnyObject {
    var navigationController: UINavigationController { get }
    func start()
}

@MainActor
class BaseViewModel {
    var isBusy = false
    var errorMessage: String?
}

final class AppCoordinator: Coordinator {
    let navigationController: UINavigationController
    private let restorationURL = FileManager.default.temporaryDirectory.appendingPathComponent("restoration.plist")

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let saved = FileManager.default.contents(atPath: restorationURL.path) // expect-low-cost: blocking_call_on_main_actor
        let route = saved.flatMap { String(data: $0, encoding: .utf8) } ?? "feed"
        navigationController.setViewControllers([UIViewController()], animated: false)
        navigationController.topViewController?.title = route
    }

    nonisolated func archiveRoute(_ route: String) {
        try? Data(route.utf8).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("restoration.plist"))
    }
}
