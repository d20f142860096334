struct ChartCard: View {
    let values: [Double]

    var body: some View {
        ChartBars(values: values)
            .id(UUID())
    }
}
