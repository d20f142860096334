import Foundation

// Main-actor by the target's default isolation: the network read and the sleep below hang the UI.
final class LoginScreen {
    var banner = ""

    func appeared() {
        banner = (try? String(contentsOf: URL(string: "https://status.example.com/motd")!, encoding: .utf8)) ?? ""
        Thread.sleep(forTimeInterval: 0.5)
    }
}
