struct SearchResults: View {
    let query: String
    let scope: SearchScope
    @State private var results: [SearchResult] = []

    var body: some View {
        List(results) { result in
            Text(result.title)
        }
        .task { results = await search(query, in: scope) }
        .onChange(of: query) {
            Task { results = await search(query, in: scope) }
        }
    }
}
