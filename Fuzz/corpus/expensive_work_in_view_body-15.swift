struct AmountView: View {
    let amount: Double

    var body: some View {
        Text(amount, format: .number.precision(.fractionLength(2)))
    }
}
