struct EventRow: View {
    let event: Event

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        VStack {
            Text(event.date, formatter: Self.formatter)
            Text(event.date.formatted(date: .abbreviated, time: .shortened))
            Text(event.date, style: .relative)
        }
    }
}
