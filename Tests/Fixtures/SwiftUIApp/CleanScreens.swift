// Idiomatic SwiftUI that must produce no finding: actions, tasks with ids, bindings, content closures.
import SwiftUI
import Combine

struct RootView: View {
    @EnvironmentObject var router: Router
    @Environment(\.scenePhase) private var scenePhase
    @State private var path = NavigationPath()
    @State private var isShowingOnboarding = false
    @AppStorage("hasSeenOnboarding") private var hasSeenOnboarding = false

    var body: some View {
        NavigationStack(path: $path) {
            HomeView()
                .navigationDestination(for: Route.self) { route in
                    destination(for: route)
                }
        }
        .fullScreenCover(isPresented: $isShowingOnboarding) {
            OnboardingView {
                hasSeenOnboarding = true
                isShowingOnboarding = false
            }
        }
        .onAppear {
            isShowingOnboarding = !hasSeenOnboarding
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background { router.persist() }
        }
        .onOpenURL { url in
            path.append(Route(url: url))
        }
    }

    @ViewBuilder
    private func destination(for route: Route) -> some View {
        switch route.kind {
        case .detail(let id):
            DetailView(id: id)
        case .settings:
            SettingsView()
        }
    }
}

struct DetailView: View {
    let id: Int
    @State private var model: DetailModel?
    @State private var error: Error?

    var body: some View {
        Group {
            if let model {
                content(model)
            } else if error != nil {
                Text("Failed")
            } else {
                ProgressView()
            }
        }
        .task(id: id) {
            do {
                model = try await DetailModel.load(id: id)
            } catch {
                self.error = error
            }
        }
    }

    private func content(_ model: DetailModel) -> some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text(model.title).font(.title)
                Text(model.summary)
                ForEach(model.sections) { section in
                    SectionView(section: section)
                }
            }
            .padding()
        }
    }
}

struct SectionView: View {
    let section: DetailSection
    @State private var isExpanded = true

    var body: some View {
        DisclosureGroup(section.title, isExpanded: $isExpanded) {
            ForEach(section.lines, id: \.self) { line in
                Text(line)
            }
        }
    }
}

struct SettingsView: View {
    @AppStorage("notifications") private var notifications = true
    @AppStorage("fontSize") private var fontSize = 14.0
    @State private var showResetAlert = false
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Section("General") {
                Toggle("Notifications", isOn: $notifications)
                Slider(value: $fontSize, in: 10...24, step: 1) {
                    Text("Font size")
                } minimumValueLabel: {
                    Text("A")
                } maximumValueLabel: {
                    Text("A").font(.title)
                }
            }
            Section {
                Button("Reset", role: .destructive) {
                    showResetAlert = true
                }
            }
        }
        .alert("Reset settings?", isPresented: $showResetAlert) {
            Button("Reset", role: .destructive) {
                notifications = true
                fontSize = 14
            }
            Button("Cancel", role: .cancel) {}
        }
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Close") { dismiss() }
            }
        }
    }
}

struct SearchView: View {
    @StateObject private var model = SearchModel()
    @FocusState private var isFocused: Bool

    var body: some View {
        VStack {
            TextField("Search", text: $model.query)
                .focused($isFocused)
                .onSubmit { model.search() }
            List(model.results) { result in
                ResultRow(result: result)
            }
        }
        .onAppear { isFocused = true }
        .onReceive(model.$query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)) { _ in
            model.search()
        }
    }
}

struct ResultRow: View {
    let result: SearchResult

    var body: some View {
        VStack(alignment: .leading) {
            Text(result.title).font(.headline)
            Text(result.subtitle).font(.subheadline).foregroundStyle(.secondary)
        }
        .contextMenu {
            Button("Copy") { UIPasteboard.general.string = result.title }
            ShareLink(item: result.url)
        }
    }
}

struct AnimatedCounter: View {
    let value: Int
    @State private var displayed = 0

    var body: some View {
        Text("\(displayed)")
            .contentTransition(.numericText())
            .onChange(of: value, initial: true) { _, newValue in
                withAnimation { displayed = newValue }
            }
    }
}

struct PagingList: View {
    @ObservedObject var feed: FeedModel

    var body: some View {
        List {
            ForEach(feed.posts) { post in
                PostRow(post: post)
                    .onAppear {
                        if post.id == feed.posts.last?.id {
                            Task { await feed.loadMore() }
                        }
                    }
            }
            if feed.isLoading {
                ProgressView().frame(maxWidth: .infinity)
            }
        }
        .refreshable { await feed.refresh() }
    }
}

struct PostRow: View {
    let post: Post
    var body: some View {
        Text(post.text)
    }
}

struct ShakeEffect: GeometryEffect {
    var amount: CGFloat = 10
    var animatableData: CGFloat
    func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(translationX: amount * sin(animatableData * .pi * 2), y: 0))
    }
}

struct ShakeModifier: ViewModifier {
    @State private var attempts = 0
    let trigger: Bool

    func body(content: Content) -> some View {
        content
            .modifier(ShakeEffect(animatableData: CGFloat(attempts)))
            .onChange(of: trigger) {
                withAnimation(.default) { attempts += 1 }
            }
    }
}

struct GridGallery: View {
    let photos: [Photo]
    private let columns = [GridItem(.adaptive(minimum: 100))]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    AsyncImage(url: photo.thumbnailURL) { phase in
                        switch phase {
                        case .success(let image): image.resizable().scaledToFill()
                        default: Color.gray
                        }
                    }
                    .frame(height: 100)
                    .clipped()
                }
            }
        }
    }
}

struct Legacy: View {
    @State private var text = ""
    var body: some View {
        TextField("Name", text: $text, onEditingChanged: { editing in
            if !editing { text = text.trimmingCharacters(in: .whitespaces) }
        }, onCommit: {
            text = ""
        })
    }
}
