import SwiftUI

struct FolderListView: View {
    @StateObject private var model = NotesViewModel(api: NotesAPI(baseURL: URL(string: "https://example.com")!))
    @Environment(SessionStore.self) private var session
    @State private var selection: Folder?
    @State private var showNewFolder = false
    let folders: [Folder]

    var body: some View {
        NavigationSplitView {
            List(folders, selection: $selection) { folder in
                NavigationLink(value: folder) {
                    Label(folder.name, systemImage: "folder")
                        .badge(folder.noteCount)
                }
            }
            .navigationTitle("Folders")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        showNewFolder = true
                    } label: {
                        Image(systemName: "folder.badge.plus")
                    }
                }
            }
            .sheet(isPresented: $showNewFolder) {
                NewFolderSheet { name in
                    session.recentSearches.append(name)
                }
            }
        } detail: {
            if let selection {
                NoteListView(folder: selection, model: model)
            } else {
                ContentUnavailableView("Pick a folder", systemImage: "folder")
            }
        }
        .onAppear { session.unreadCount = 0 }
    }
}

struct NoteListView: View {
    let folder: Folder
    @ObservedObject var model: NotesViewModel
    @State private var editing: Note?

    var body: some View {
        List {
            Section("Pinned") {
                ForEach(model.notes.filter(\.isPinned)) { note in // expect-low-cost: expensive_work_in_view_body
                    NoteRow(note: note)
                }
            }
            Section("All") {
                ForEach(model.notes) { note in
                    NoteRow(note: note)
                        .swipeActions {
                            Button(role: .destructive) {
                                model.delete(note)
                            } label: {
                                Label("Delete", systemImage: "trash")
                            }
                        }
                        .onTapGesture { editing = note }
                }
            }
        }
        .overlay {
            if model.isLoading {
                ProgressView()
            }
        }
        .searchable(text: $model.query)
        .task { await model.load(folder: folder.id) } // expect: task_missing_id
        .sheet(item: $editing) { note in
            NoteEditor(note: note)
        }
        .alert("Could not load notes", isPresented: .constant(model.errorMessage != nil)) {
            Button("OK") { model.errorMessage = nil }
        } message: {
            Text(model.errorMessage ?? "")
        }
    }
}

struct NoteRow: View, Equatable {
    let note: Note
    var showsTags = true

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(note.title).font(.headline)
            Text(note.updatedAt, style: .relative)
                .font(.caption)
                .foregroundStyle(.secondary)
            if showsTags {
                tagLine
            }
        }
    }

    private var tagLine: some View {
        Text(note.tags.joined(separator: " · "))
            .font(.caption2)
    }

    static func == (lhs: NoteRow, rhs: NoteRow) -> Bool { // expect: equatable_view_ignores_property
        lhs.note == rhs.note
    }
}

struct NoteEditor: View {
    @State private var draft: Note
    @Environment(\.dismiss) private var dismiss
    @FocusState private var titleFocused: Bool

    init(note: Note) {
        _draft = State(initialValue: note)
    }

    var body: some View {
        Form {
            TextField("Title", text: $draft.title)
                .focused($titleFocused)
            TextEditor(text: $draft.body)
                .frame(minHeight: 200)
            Toggle("Pinned", isOn: $draft.isPinned)
        }
        .onAppear { titleFocused = true }
        .onChange(of: draft.title) { _, newValue in
            draft.updatedAt = .now
            if newValue.count > 80 {
                draft.title = String(newValue.prefix(80)) // expect-low-cost: onchange_mutates_observed_value
            }
        }
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        }
    }
}

struct NewFolderSheet: View {
    var onCreate: (String) -> Void
    @State private var name = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
            }
            .toolbar {
                Button("Create") {
                    onCreate(name)
                    dismiss()
                }
                .disabled(name.isEmpty)
            }
        }
    }
}

struct RecentNotesView: View {
    let notes: [Note]

    private var rows: [NoteRowItem] {
        notes.prefix(5).map { NoteRowItem(title: $0.title, subtitle: $0.body) }
    }

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(rows) { row in // expect: unstable_view_identity
                VStack(alignment: .leading) {
                    Text(row.title)
                    Text(row.subtitle).lineLimit(1)
                }
            }
        }
    }
}
