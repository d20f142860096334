struct EditorView: View {
    var initialText: String
    @State private var text = ""

    var body: some View {
        TextEditor(text: $text)
            .onAppear { text = initialText }
            .onChange(of: initialText) { text = initialText }
    }
}
