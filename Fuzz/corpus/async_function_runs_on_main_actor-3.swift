// mainguard-settings: upcoming=NonisolatedNonsendingByDefault
import SwiftUI

struct FeedView: View {
    var body: some View {
        Text("Feed").task {
            await loadFeed()
        }
    }
}

func loadFeed() async {
    let data = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/feed.json"))
    print(data?.count ?? 0)
}
