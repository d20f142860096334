struct DraftEditor: View {
    @State private var draft = ""
    let store: DraftStore

    var body: some View {
        TextEditor(text: $draft)
            .onChange(of: draft) {
                var draft = draft
                draft = draft.trimmingCharacters(in: .whitespaces)
                store.save(draft)
            }
    }
}
