struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
            Button("Add") { count += 1 }
            Button {
                count = 0
            } label: {
                Text("Reset")
            }
        }
        .onAppear { count = 1 }
        .onTapGesture { count += 10 }
        .task { count = await loadInitialCount() }
    }
}
