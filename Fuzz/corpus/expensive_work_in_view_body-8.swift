struct PriceTag: View {
    let amount: Decimal
    private let formatter = NumberFormatter()

    var body: some View {
        Text(formatter.string(for: amount) ?? "")
    }
}
