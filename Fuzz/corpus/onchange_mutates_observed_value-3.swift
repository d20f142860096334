@Observable final class Playlist {
    var songs: [String] = []
}

struct PlaylistView: View {
    @Bindable var playlist: Playlist

    var body: some View {
        List(playlist.songs, id: \.self) { Text($0) }
            .onChange(of: playlist.songs) {
                playlist.songs.sort()
            }
    }
}
