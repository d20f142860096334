struct PayloadView: View {
    let payload: Data

    var body: some View {
        let decoder = JSONDecoder()
        let digits = try? NSRegularExpression(pattern: "[0-9]+")
        Text(summary(decoder, digits))
    }
}
