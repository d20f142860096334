struct Summary: View {
    let values: [Int]
    @State private var total = 0

    var body: some View {
        var total = 0
        for value in values {
            total += value
        }
        return Text("Total \(total)")
    }
}
