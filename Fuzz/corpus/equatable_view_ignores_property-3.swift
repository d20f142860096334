struct HeavyChart: View {
    let samples: [Double]
    let title: String

    var body: some View {
        VStack {
            Text(title)
            ChartBars(values: samples)
        }
    }
}

extension HeavyChart: Equatable {
    static func == (lhs: HeavyChart, rhs: HeavyChart) -> Bool {
        true
    }
}
