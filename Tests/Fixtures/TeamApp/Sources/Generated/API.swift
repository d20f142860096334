import Foundation

final class GeneratedScreen: KitViewController {
    override func viewDidLoad() {
        sleep(2)
    }
}
