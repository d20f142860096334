struct Leaderboard: View {
    @State private var players: [Player] = []
    let source: [Player]

    var body: some View {
        List(players) { player in
            Text(player.name)
        }
        .onChange(of: source, initial: true) {
            players = source.sorted { $0.score > $1.score }
        }
        .toolbar {
            Button("Shuffle") {
                players = players.filter { $0.score > 0 }.shuffled()
            }
        }
    }
}
