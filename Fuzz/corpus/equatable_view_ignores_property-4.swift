public struct Cell: View, Equatable {
    let title: String
    let subtitle: String
    let badge: Int
    let onTap: () -> Void

    public var body: some View {
        Button(action: onTap) {
            VStack {
                Text(title)
                Text(subtitle)
                Text("\(badge)")
            }
        }
    }

    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.title == rhs.title
    }
}
