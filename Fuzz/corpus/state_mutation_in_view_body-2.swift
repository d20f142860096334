struct ScoreView: View {
    @State private var best = 0
    let score: Int

    var body: some View {
        VStack {
            Text("Score \(score)")
            bestLabel
        }
    }

    private var bestLabel: some View {
        if score > best {
            best = score
        }
        return Text("Best \(best)")
    }
}
