struct PriceList: View {
    let prices: [Decimal]

    var body: some View {
        ForEach(prices, id: \.self) { price in
            let formatter = NumberFormatter()
            Text(formatter.string(for: price) ?? "")
        }
    }
}
