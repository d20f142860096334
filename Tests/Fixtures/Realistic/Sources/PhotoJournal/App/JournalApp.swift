import SwiftUI
import UIKit

@main
struct JournalApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var feed = FeedViewModel(api: APIClient.shared)

    var body: some Scene {
        WindowGroup {
            FeedView(model: feed)
        }
    }
}

final class AppDelegate: NSObject, UIApplicationDelegate {
    private(set) var remoteConfig: RemoteConfig = .defaults

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        // A config cached by the last launch; small, but read on the main thread before the first frame.
        let cacheURL = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("remote-config.json")
        if let data = try? Data(contentsOf: cacheURL), // expect-low-cost: blocking_call_on_main_actor
           let config = try? JSONDecoder().decode(RemoteConfig.self, from: data) { // one cause with the read above: not reported again
            remoteConfig = config
        }
        Task {
            await refreshRemoteConfig()
        }
        return true
    }

    private func refreshRemoteConfig() async {
        do {
            remoteConfig = try await APIClient.shared.fetch(RemoteConfig.self, from: .remoteConfig)
        } catch {
            Log.app.error("config refresh failed: \(error.localizedDescription)")
        }
    }
}

struct RemoteConfig: Codable {
    var feedPageSize: Int
    var uploadsEnabled: Bool

    static let defaults = RemoteConfig(feedPageSize: 20, uploadsEnabled: true)
}
