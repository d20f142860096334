// The mistakes tutorials warn about, as they are usually written.
import SwiftUI

struct ContentView: View {
    @StateObject private var viewModel = ContentViewModel()
    @State private var searchText = ""
    @State private var counter = 0

    var body: some View {
        NavigationView {
            List {
                ForEach(filteredItems) { item in
                    ItemRow(item: item)
                }
            }
            .searchable(text: $searchText)
            .navigationTitle("Items (\(counter))")
            .onAppear {
                viewModel.fetchItems()
            }
        }
    }

    var filteredItems: [Item] {
        if searchText.isEmpty {
            return viewModel.items
        }
        return viewModel.items.filter { $0.name.localizedCaseInsensitiveContains(searchText) } // expect-low-cost: expensive_work_in_view_body
    }
}

struct ItemRow: View {
    let item: Item
    @State private var isFavorite = false

    var body: some View {
        HStack {
            Text(item.name)
            Spacer()
            Text(formattedDate)
            Button(action: { isFavorite.toggle() }) {
                Image(systemName: isFavorite ? "star.fill" : "star")
            }
        }
    }

    var formattedDate: String {
        let formatter = DateFormatter() // expect-low-cost: expensive_work_in_view_body
        formatter.dateStyle = .short
        return formatter.string(from: item.date)
    }
}

struct TimerView: View {
    @State private var seconds = 0
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        Text("\(seconds)")
            .onReceive(timer) { _ in seconds += 1 }
    }
}

struct ProfileView: View {
    let userId: String
    @StateObject private var loader = ProfileLoader()

    var body: some View {
        VStack {
            if let profile = loader.profile {
                Text(profile.name)
            } else {
                ProgressView()
            }
        }
        .onAppear { // expect: task_missing_id
            loader.load(userId: userId)
        }
    }
}

struct BadListView: View {
    @State private var items: [String] = []

    var body: some View {
        List {
            ForEach(items.map { Entry(id: UUID(), title: $0) }) { entry in // expect: unstable_view_identity
                Text(entry.title)
            }
        }
        .id(UUID()) // expect: unstable_view_identity
    }
}

struct Entry: Identifiable {
    let id: UUID
    let title: String
}

struct CountView: View {
    @Binding var count: Int
    var body: some View {
        Stepper("Count: \(count)", value: $count)
            .onChange(of: count) { newValue in
                if newValue > 10 { count = 10 } // a reset to a constant settles after one more update: not reported
            }
    }
}

struct SettingsRow: View, Equatable {
    let title: String
    let value: String
    let icon: String

    static func == (lhs: Self, rhs: Self) -> Bool { // expect: equatable_view_ignores_property
        lhs.title == rhs.title && lhs.value == rhs.value
    }

    var body: some View {
        Label(title, systemImage: icon)
            .badge(value)
    }
}

struct LoggingView: View {
    var body: some View {
        print("rendering")
        UserDefaults.standard.set(true, forKey: "didRender") // expect: side_effect_in_view_body
        return Text("Hello")
    }
}

struct ChildView: View {
    @ObservedObject var model: SharedModel
    var body: some View {
        model.renderCount += 1 // expect: state_mutation_in_view_body
        return Text("\(model.renderCount)")
    }
}
