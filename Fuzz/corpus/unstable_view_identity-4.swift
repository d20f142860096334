struct Message: Identifiable {
    var id: UUID { UUID() }
    let text: String
}

struct ConversationView: View {
    let messages: [Message]

    var body: some View {
        List {
            ForEach(messages) { message in
                Text(message.text)
            }
        }
    }
}
