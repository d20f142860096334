struct InboxView: View {
    @ObservedObject var inbox: InboxModel
    @State private var query = ""

    var body: some View {
        List(inbox.messages.filter { $0.subject.contains(query) }) { message in
            Text(message.subject)
        }
        .searchable(text: $query)
    }
}
