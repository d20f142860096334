import Foundation

@MainActor
final class Loader {
    // mainguard:disable blocking_call_on_main_actor
    func load(url: URL) throws -> Data { try Data(contentsOf: url) }
    // mainguard:enable blocking_call_on_main_actor

    // mainguard:disable:next blocking_call_on_main_actor - measured: 2 ms at launch
    func pause() { Thread.sleep(forTimeInterval: 0.5) }

    func config(url: URL) throws -> Data {
        try Data(contentsOf: url) // mainguard:disable:this blocking_call_on_main_actor
    }

    func stale() {} // mainguard:disable:previous all
    // mainguard:not-a-command
}
