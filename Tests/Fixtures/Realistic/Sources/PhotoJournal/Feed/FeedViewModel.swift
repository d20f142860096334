import Combine
import Foundation

@MainActor
final class FeedViewModel: ObservableObject {
    @Published private(set) var posts: [Post] = []
    @Published private(set) var isLoading = false
    @Published var errorMessage: String?
    @Published var filterText = ""

    private let api: APIClient
    private var page = 0
    private var cancellables: Set<AnyCancellable> = []
    private let cacheURL = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("feed.json")

    init(api: APIClient) {
        self.api = api
        $filterText
            .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { [weak self] text in
                self?.applyFilter(text)
            }
            .store(in: &cancellables)
    }

    var visiblePosts: [Post] {
        filterText.isEmpty ? posts : posts.filter { $0.title.localizedCaseInsensitiveContains(filterText) }
    }

    func refresh() async {
        isLoading = true
        defer { isLoading = false }
        do {
            posts = try await api.fetch([Post].self, from: .feed)
            page = 1
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func loadNextPage() {
        api.fetchFeed(page: page + 1) { [weak self] result in
            guard let self else { return }
            if case .success(let more) = result {
                posts.append(contentsOf: more)
                page += 1
            }
        }
    }

    /// Shows the last feed instantly on launch while the network request runs.
    func restoreFromCache() {
        guard let data = try? Data(contentsOf: cacheURL) else { return } // expect-low-cost: blocking_call_on_main_actor
        posts = (try? JSONDecoder().decode([Post].self, from: data)) ?? [] // expect-low-cost: blocking_call_on_main_actor
    }

    func exportCSV(to url: URL) {
        let snapshot = posts
        Task {
            let csv = CSVExporter.makeCSV(snapshot) // expect-low-cost: sync_work_in_main_actor_task
            try? csv.write(to: url, atomically: true, encoding: .utf8) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func like(_ post: Post) {
        guard let index = posts.firstIndex(where: { $0.id == post.id }) else { return }
        posts[index].likes += 1
        Task {
            _ = try? await api.fetch(Post.self, from: .feed.appendingPathComponent("\(post.id)/like"))
        }
    }

    private func applyFilter(_ text: String) {
        objectWillChange.send()
    }
}
