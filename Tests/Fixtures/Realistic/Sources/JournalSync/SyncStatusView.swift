import SwiftUI

struct SyncStatusView: View {
    @State private var engine = SyncEngine()
    @State private var gallery = GalleryModel()
    let photoURLs: [URL]

    var body: some View {
        VStack(spacing: 8) {
            Text(engine.status)
            Text(gallery.titleText(count: gallery.thumbnails.count))
            Button("Sync now") {
                Task {
                    await engine.syncNow()
                }
            }
        }
        .task(id: photoURLs) {
            await gallery.refresh(urls: photoURLs)
        }
        .onAppear {
            engine.scheduleCompaction()
        }
    }
}

/// Checks that the server is reachable before showing the sync UI.
func probeServer() async -> Bool {
    var request = URLRequest(url: URL(string: "https://api.photojournal.app/health")!)
    request.timeoutInterval = 5
    return (try? await URLSession.shared.data(for: request)) != nil
}

final class ReachabilityBanner {
    private(set) var isReachable = true

    func check() async {
        isReachable = await probeServer()
    }
}
