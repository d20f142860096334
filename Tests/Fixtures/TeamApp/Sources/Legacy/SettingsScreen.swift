import Foundation

final class SettingsScreen: KitViewController {
    override func viewDidLoad() {
        usleep(500)
        let data = try? Data(contentsOf: URL(fileURLWithPath: "/etc/settings.json"))
        _ = data
    }
}
