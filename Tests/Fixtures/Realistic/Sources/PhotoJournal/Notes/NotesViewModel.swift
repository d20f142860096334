import CoreData
import Foundation

@MainActor
final class NotesViewModel: ObservableObject {
    @Published private(set) var notes: [NoteDTO] = []
    @Published private(set) var importing = false
    private let repository: NoteRepository
    private let persistence: PersistenceController

    init(repository: NoteRepository, persistence: PersistenceController = .shared) {
        self.repository = repository
        self.persistence = persistence
    }

    func load() async {
        do {
            notes = try await repository.allNotes()
        } catch {
            notes = []
        }
    }

    func importBackup(from url: URL) {
        importing = true
        persistence.container.performBackgroundTask { context in
            guard let data = try? Data(contentsOf: url),
                  let dtos = try? JSONDecoder().decode([NoteDTO].self, from: data) else { return }
            for dto in dtos {
                let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
                note.setValue(dto.id, forKey: "id")
                note.setValue(dto.title, forKey: "title")
                note.setValue(dto.text, forKey: "text")
            }
            try? context.save()
            Task { @MainActor in
                self.importing = false
            }
        }
    }

    func exportBackup(to url: URL) {
        let snapshot = notes
        Task.detached { // expect: detached_task_default_priority
            let data = try JSONEncoder().encode(snapshot)
            try data.write(to: url, options: .atomic)
        }
    }

    func wordCount() -> Int {
        notes.reduce(0) { $0 + $1.text.split(separator: " ").count }
    }

    func rename(_ note: NoteDTO, to title: String) {
        guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
        notes[index].title = title
        Task {
            try? await repository.save(notes)
        }
    }
}
