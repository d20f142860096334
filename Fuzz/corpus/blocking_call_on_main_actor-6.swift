// mainguard-settings: default-isolation=MainActor
import Foundation

func loadConfiguration() -> Data? {
    FileManager.default.contents(atPath: "/etc/app.json")
}
