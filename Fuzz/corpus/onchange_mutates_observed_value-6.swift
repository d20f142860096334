struct SelectionView: View {
    @Binding var selection: Set<Int>

    var body: some View {
        ItemGrid(selection: $selection)
            .onChange(of: selection) {
                if selection.isEmpty {
                    selection.insert(0)
                }
            }
    }
}
