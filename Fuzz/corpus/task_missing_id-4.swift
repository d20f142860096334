struct ChartView: View {
    let range: ClosedRange<Date>
    @State private var points: [Point] = []

    var body: some View {
        PointsPath(points: points)
            .onAppear(perform: { points = samples(in: self.range) })
    }
}
