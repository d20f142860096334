struct MenuRow: Identifiable {
    let id = UUID()
    let title: String
}

struct MenuView: View {
    let titles: [String]

    private var rows: [MenuRow] {
        titles.map { MenuRow(title: $0) }
    }

    var body: some View {
        List(rows) { row in
            Text(row.title)
        }
    }
}
