@Observable final class Player {
    var title = ""
    var isPlaying = false
}

struct PlayerBar: View {
    @Bindable var player: Player

    var body: some View {
        HStack {
            Text(title)
            Toggle("Playing", isOn: $player.isPlaying)
        }
    }

    private var title: String {
        if player.title.isEmpty {
            player.title = "Untitled"
        }
        return player.title
    }
}
