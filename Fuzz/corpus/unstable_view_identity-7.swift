struct ProfileHeader: View {
    let name: String

    var body: some View {
        avatar
    }

    private var avatar: some View {
        Circle()
            .overlay(Text(name.prefix(1)))
            .id(UUID().uuidString)
    }
}
