final class EventModel {
    let formatter = DateFormatter()
    var events: [Event] = []

    func upcoming() -> [Event] {
        events.filter { $0.date > .now }.sorted { $0.date < $1.date }
    }
}
