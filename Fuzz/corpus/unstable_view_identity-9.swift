struct MenuRow: Identifiable {
    let id = UUID()
    let title: String
}

struct MenuView: View {
    @State private var rows: [MenuRow] = ["Home", "Settings"].map { MenuRow(title: $0) }

    var body: some View {
        ForEach(rows) { row in
            Text(row.title)
        }
    }
}
