import Foundation
import SwiftUI

/// Streams server-sent change notifications into the UI.
final class ChangeFeed {
    private(set) var lastChange = "—"
    private(set) var received = 0
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    func publish(_ change: String) {
        continuation.yield(change)
    }

    func observe() async {
        for await change in stream {
            lastChange = change
            received += 1
        }
    }

    func observeLines(from url: URL) async throws {
        for try await line in url.lines {
            lastChange = line
        }
    }
}

struct ChangeFeedView: View {
    @State private var feed = ChangeFeed()

    var body: some View {
        Text(feed.lastChange)
            .task {
                await feed.observe()
            }
            .task {
                try? await feed.observeLines(from: URL(string: "https://api.photojournal.app/v3/changes/stream")!)
            }
    }
}
