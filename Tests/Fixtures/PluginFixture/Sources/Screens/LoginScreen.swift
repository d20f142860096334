import Foundation

// Main-actor by the target's default isolation: the blocking read and the sleep below hang the UI.
final class LoginScreen {
    var banner = ""

    func appeared() {
        banner = (try? String(contentsOfFile: "/etc/motd", encoding: .utf8)) ?? ""
        Thread.sleep(forTimeInterval: 0.5)
    }
}
