struct NoteRow: View, Equatable {
    let note: Note
    let createdBy: String
    @State private var isExpanded = false
    @ObservedObject var settings: Settings
    @Environment(\.colorScheme) private var colorScheme

    init(note: Note, createdBy: String, settings: Settings) {
        self.note = note
        self.createdBy = createdBy
        self.settings = settings
        log("row for \(createdBy)")
    }

    var body: some View {
        Text(note.text)
            .lineLimit(isExpanded ? nil : 2)
            .font(settings.font)
            .foregroundStyle(colorScheme == .dark ? Color.white : Color.black)
    }

    static func == (lhs: NoteRow, rhs: NoteRow) -> Bool {
        lhs.note == rhs.note
    }
}
