struct DisclosureRow: View {
    @State private var isExpanded = false

    var body: some View {
        let toggle = { isExpanded.toggle() }
        return Button("More", action: toggle)
    }
}
