struct SearchField: View {
    @Binding var query: String

    var body: some View {
        TextField("Search", text: $query)
            .onChange(of: query) { oldValue, newValue in
                query = newValue.lowercased()
            }
    }
}
