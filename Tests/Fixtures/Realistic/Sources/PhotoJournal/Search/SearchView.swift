import SwiftUI

struct SearchView: View {
    @State private var model = SearchModel()
    let notes: [NoteDTO]

    var body: some View {
        List {
            Section("Suggestions") {
                ForEach(model.suggestions, id: \.self) { suggestion in
                    Button(suggestion) { model.query = suggestion }
                }
            }
            Section("Results") {
                ForEach(model.hits) { hit in
                    Text(hit.title)
                }
            }
        }
        .searchable(text: $model.query)
        .task(id: notes.count) {
            model.indexNotes(notes)
            await model.loadSuggestions(from: notes)
        }
    }
}
