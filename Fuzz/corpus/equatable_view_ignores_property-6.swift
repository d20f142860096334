struct PriceRow: View, Equatable {
    let name: String
    let price: Decimal
    let onSelect: () -> Void

    var body: some View {
        Button(action: onSelect) {
            HStack {
                Text(name)
                Text(price, format: .currency(code: "EUR"))
            }
        }
    }

    static func == (lhs: PriceRow, rhs: PriceRow) -> Bool {
        lhs.name == rhs.name && lhs.price == rhs.price
    }
}
