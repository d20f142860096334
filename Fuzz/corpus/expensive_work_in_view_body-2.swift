struct Leaderboard: View {
    let players: [Player]

    var body: some View {
        List {
            ForEach(players.sorted { $0.score > $1.score }) { player in
                Text(player.name)
            }
        }
    }
}
