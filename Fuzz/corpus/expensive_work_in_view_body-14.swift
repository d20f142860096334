struct PriceTag: View {
    let amount: Decimal
    @State private var formatter = NumberFormatter()
    private static let currency = NumberFormatter()

    var body: some View {
        Text(formatter.string(for: amount) ?? "")
    }
}
