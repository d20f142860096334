struct TitleRow: View, Equatable {
    let title: String
    let analyticsID: String

    var body: some View {
        Text(title)
    }

    static func == (lhs: TitleRow, rhs: TitleRow) -> Bool {
        lhs.title == rhs.title
    }
}
