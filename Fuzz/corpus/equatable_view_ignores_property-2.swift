struct AvatarView: View, Equatable {
    let user: User
    let isOnline: Bool

    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            Text(user.initials)
            statusDot
        }
    }

    private var statusDot: some View {
        Circle().fill(isOnline ? Color.green : Color.gray)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.user.id == rhs.user.id
    }
}
