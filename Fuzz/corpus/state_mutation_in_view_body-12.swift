struct SearchList: View {
    @State private var items: [String] = []
    @State private var query = ""

    var body: some View {
        List(items, id: \.self) { item in
            Text(item)
        }
        .searchable(text: $query)
        .refreshable { items = await fetchItems() }
        .onSubmit(of: .search) { items.removeAll() }
        .onChange(of: query) { items = [] }
    }
}
