struct LiveBadge: View {
    let count: Int

    var body: some View {
        VStack {
            Text("\(count)")
                .id(Date())
            Text("items")
                .id(Int.random(in: 0...1_000))
        }
    }
}
