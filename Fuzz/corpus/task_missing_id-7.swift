struct UserDetail: View {
    let userID: Int
    @State private var user: User?

    var body: some View {
        Text(user?.name ?? "Loading…")
            .task(id: userID) {
                user = try? await api.user(id: userID)
            }
    }
}
