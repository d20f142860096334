@Observable final class FeedStore {
    var posts: [Post] = []
    var visibleCount = 0
}

struct FeedView: View {
    @Environment(FeedStore.self) private var store

    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(store.posts) { post in
                    let _ = (self.store.visibleCount = store.posts.count)
                    Text(post.title)
                }
            }
        }
    }
}
