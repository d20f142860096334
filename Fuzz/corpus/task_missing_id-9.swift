struct InboxView: View {
    @StateObject private var model = InboxModel()
    @Environment(\.openURL) private var openURL
    @Binding var filter: String

    var body: some View {
        List(model.messages) { message in
            Text(message.subject)
        }
        .task { await model.load() }
        .onAppear { model.filter = filter }
    }
}
