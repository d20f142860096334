struct CounterView: View {
    @State private var renders = 0

    var body: some View {
        renders += 1
        return Text("Rendered \(renders) times")
    }
}
