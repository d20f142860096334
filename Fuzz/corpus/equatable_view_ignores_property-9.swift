struct BadgeView: View, Equatable {
    let count: Int
    let tint: Color

    var body: some View {
        Text("\(count)").foregroundStyle(tint)
    }
}
