struct Pager: View {
    @State private var page = 1
    @State private var items: [Item] = []

    var body: some View {
        List(items) { Text($0.title) }
            .task(id: page) {
                items = await loadPage(page)
            }
            .toolbar {
                Button("Next") { page += 1 }
            }
    }
}
