import SwiftUI

struct FeedView: View {
    @ObservedObject var model: FeedViewModel
    @State private var exporting = false

    var body: some View {
        NavigationStack {
            List(model.visiblePosts) { post in
                NavigationLink(value: post) {
                    PostRow(post: post)
                }
                .onAppear {
                    if post == model.visiblePosts.last { model.loadNextPage() }
                }
            }
            .searchable(text: $model.filterText)
            .navigationDestination(for: Post.self) { post in
                PostDetailView(postID: post.id)
            }
            .overlay {
                if model.isLoading { ProgressView() }
            }
            .task {
                model.restoreFromCache()
                await model.refresh()
            }
            .refreshable {
                await model.refresh()
            }
            .toolbar {
                Button("Export") {
                    let url = FileManager.default.temporaryDirectory.appendingPathComponent("feed.csv")
                    model.exportCSV(to: url)
                }
            }
        }
    }
}

struct PostRow: View {
    let post: Post

    var body: some View {
        HStack(spacing: 12) {
            RemoteThumbnail(url: post.imageURL)
                .frame(width: 56, height: 56)
            VStack(alignment: .leading) {
                Text(post.title).font(.headline)
                Text(post.createdAt, format: .relative(presentation: .named))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct RemoteThumbnail: View {
    let url: URL?
    @State private var image: UIImage?

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image).resizable().scaledToFill()
            } else {
                Color.gray.opacity(0.2)
            }
        }
        .task(id: url) {
            guard let url else { return }
            image = try? await ImageLoader.shared.load(url, maxPixelSize: 112)
        }
    }
}

struct PostDetailView: View {
    let postID: Int
    @State private var post: Post?

    var body: some View {
        ScrollView {
            if let post {
                Text(post.title).font(.title)
                Text(post.body)
                Text("Posted \(postedText(post.createdAt))")
            }
        }
        .task { // expect: task_missing_id
            post = try? await APIClient.shared.fetch(Post.self, from: .feed.appendingPathComponent("\(postID)"))
        }
    }

    private func postedText(_ date: Date) -> String {
        let formatter = DateFormatter() // expect-low-cost: expensive_work_in_view_body
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
