struct SearchView: View {
    @State private var query = ""
    @State private var results: [String] = []

    var body: some View {
        TextField("Search", text: $query)
            .onChange(of: query) {
                results = search(query)
            }
    }
}
