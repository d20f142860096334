import Foundation

actor Cache {
    func read() -> Data? {
        sleep(1)
        return FileManager.default.contents(atPath: "/tmp/cache")
    }
}

func loadConfiguration() -> Data? {
    FileManager.default.contents(atPath: "/etc/app.json")
}
