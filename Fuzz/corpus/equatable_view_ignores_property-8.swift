struct GraphView: View, Equatable {
    let points: [Point]
    let style: GraphStyle

    var body: some View {
        GraphShape(points: points).stroke(style.color)
    }

    static func == (lhs: GraphView, rhs: GraphView) -> Bool {
        lhs.isSame(as: rhs)
    }

    private func isSame(as other: GraphView) -> Bool {
        points == other.points && style == other.style
    }
}
