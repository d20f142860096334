struct EventRow: View {
    let event: Event

    var body: some View {
        Text(dateText)
    }

    private var dateText: String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter.string(from: event.date)
    }
}
