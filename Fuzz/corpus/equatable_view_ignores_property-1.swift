struct PriceRow: View, Equatable {
    let name: String
    let price: Decimal

    var body: some View {
        HStack {
            Text(name)
            Spacer()
            Text(price, format: .currency(code: "EUR"))
        }
    }

    static func == (lhs: PriceRow, rhs: PriceRow) -> Bool {
        lhs.name == rhs.name
    }
}
