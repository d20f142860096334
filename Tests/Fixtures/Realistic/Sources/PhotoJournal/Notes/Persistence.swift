import CoreData

final class PersistenceController {
    static let shared = PersistenceController()
    let container: NSPersistentContainer

    init(inMemory: Bool = false) {
        container = NSPersistentContainer(name: "Journal")
        if inMemory {
            container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: "/dev/null")
        }
        container.loadPersistentStores { _, error in
            if let error { fatalError("store failed to load: \(error)") }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
    }

    func saveViewContext() {
        let context = container.viewContext
        guard context.hasChanges else { return }
        do {
            try context.save()
        } catch {
            context.rollback()
        }
    }
}

struct NoteDTO: Codable {
    var id: UUID
    var title: String
    var text: String
    var modified: Date
}

protocol NoteRepository {
    func allNotes() async throws -> [NoteDTO]
    func save(_ notes: [NoteDTO]) async throws
}

struct FileNoteRepository: NoteRepository {
    let fileURL: URL

    func allNotes() async throws -> [NoteDTO] {
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode([NoteDTO].self, from: data)
    }

    func save(_ notes: [NoteDTO]) async throws {
        let data = try JSONEncoder().encode(notes)
        try data.write(to: fileURL, options: .atomic)
    }
}
