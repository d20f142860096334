struct PlaceholderList: View {
    var body: some View {
        VStack {
            ForEach((0..<3).map { _ in UUID() }, id: \.self) { _ in
                RoundedRectangle(cornerRadius: 8)
            }
        }
    }
}
