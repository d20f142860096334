import SwiftUI

struct DashboardView: View {
    @Environment(SessionStore.self) private var session
    @State private var range: ClosedRange<Date> = Date.distantPast...Date.now
    @State private var samples: [Double] = []
    @State private var size: CGSize = .zero
    let accountID: String

    private static let headerFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter
    }()

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                header
                GeometryReader { proxy in
                    SparklineView(values: samples, width: proxy.size.width)
                        .onAppear { size = proxy.size }
                }
                .frame(height: 120)
                statsGrid
                UnreadBanner()
            }
            .padding()
        }
        .task(id: accountID) {
            samples = await loadSamples(account: accountID, in: range)
        }
        .onChange(of: range) {
            Task { samples = await loadSamples(account: accountID, in: range) }
        }
        .refreshable {
            samples = await loadSamples(account: accountID, in: range)
        }
    }

    private var header: some View {
        VStack(alignment: .leading) {
            Text("Hello, \(session.userName)")
                .font(.largeTitle)
            Text(Date.now, formatter: Self.headerFormatter)
                .foregroundStyle(.secondary)
        }
    }

    private var statsGrid: some View {
        let total = samples.reduce(0, +)
        let peak = samples.max() ?? 0
        return Grid(alignment: .leading) {
            GridRow {
                Text("Total")
                Text(total, format: .number.precision(.fractionLength(1)))
            }
            GridRow {
                Text("Peak")
                Text(peak, format: .number)
            }
        }
    }
}

struct SparklineView: View {
    let values: [Double]
    let width: CGFloat

    var body: some View {
        Canvas { context, size in
            var path = Path()
            for (index, value) in values.enumerated() {
                let point = CGPoint(x: CGFloat(index) * width / CGFloat(max(values.count, 1)), y: size.height * (1 - value))
                if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            context.stroke(path, with: .color(.accentColor))
        }
    }
}

struct UnreadBanner: View {
    @Environment(SessionStore.self) private var session

    var body: some View {
        if session.unreadCount > 0 {
            let _ = (session.unreadCount = min(session.unreadCount, 99)) // expect: state_mutation_in_view_body
            Text("\(session.unreadCount) unread")
                .padding(8)
                .background(.thinMaterial, in: Capsule())
        }
    }
}

struct ThemeSettings: View {
    @Bindable var session: SessionStore
    @AppStorage("accentHue") private var accentHue = 0.6
    @AppStorage("compactRows") private var compactRows = false

    var body: some View {
        Form {
            Picker("Theme", selection: $session.theme) {
                ForEach(Theme.allCases) { theme in
                    Text(theme.rawValue.capitalized).tag(theme)
                }
            }
            Slider(value: $accentHue, in: 0...1) {
                Text("Accent")
            }
            Toggle("Compact rows", isOn: $compactRows)
            Section("Recent searches") {
                ForEach(session.recentSearches, id: \.self) { search in
                    Text(search)
                }
                .onDelete { offsets in
                    session.recentSearches.remove(atOffsets: offsets)
                }
            }
        }
        .onChange(of: compactRows) {
            UserDefaults.standard.set(Date(), forKey: "layoutChangedAt")
        }
    }
}

struct CardStyle: ViewModifier {
    let cornerRadius: CGFloat
    @State private var isPressed = false

    func body(content: Content) -> some View {
        content
            .padding()
            .background(.background, in: RoundedRectangle(cornerRadius: cornerRadius))
            .scaleEffect(isPressed ? 0.97 : 1)
            .onLongPressGesture(minimumDuration: 0.2) {
                isPressed = false
            } onPressingChanged: { pressing in
                isPressed = pressing
            }
    }
}

struct ProfileHeader: View {
    let name: String
    let avatarData: Data?

    var body: some View {
        HStack {
            avatar
            Text(name).font(.title2)
        }
        .id(name)
    }

    @ViewBuilder private var avatar: some View {
        if let avatarData, let image = UIImage(data: avatarData) { // expect-low-cost: expensive_work_in_view_body
            Image(uiImage: image)
                .resizable()
                .frame(width: 44, height: 44)
                .clipShape(Circle())
        } else {
            Circle().fill(.gray).frame(width: 44, height: 44)
        }
    }
}

struct ActivityFeed: View {
    let events: [String]
    @State private var lastRefresh = Date()

    var body: some View {
        let _ = Self._printChanges()
        List {
            ForEach(Array(events.enumerated()), id: \.offset) { _, event in
                Text(event)
            }
        }
        .onReceive(NotificationCenter.default.publisher(for: .activityDidChange)) { _ in
            lastRefresh = Date()
        }
        .overlay(alignment: .bottom) {
            Text(lastRefresh, style: .relative)
                .font(.footnote)
        }
    }
}

struct SyncStatusView: View {
    let lastSync: Date

    var body: some View {
        let _ = DispatchQueue.main.async { NotificationCenter.default.post(name: .syncStatusShown, object: nil) } // expect: side_effect_in_view_body
        Label(lastSync.formatted(date: .omitted, time: .shortened), systemImage: "arrow.triangle.2.circlepath")
    }
}

extension Notification.Name {
    static let activityDidChange = Notification.Name("activityDidChange")
    static let syncStatusShown = Notification.Name("syncStatusShown")
}

func loadSamples(account: String, in range: ClosedRange<Date>) async -> [Double] {
    []
}
