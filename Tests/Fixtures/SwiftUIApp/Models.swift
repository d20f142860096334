import Foundation
import Observation

struct Note: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var body: String
    var tags: [String]
    var isPinned: Bool
    var updatedAt: Date
}

/// A display row built from a note; its identity is made when the row is made.
struct NoteRowItem: Identifiable {
    let id = UUID()
    let title: String
    let subtitle: String
}

struct Folder: Identifiable, Hashable {
    let id: Int
    var name: String
    var noteCount: Int
}

@MainActor
final class NotesViewModel: ObservableObject {
    @Published var notes: [Note] = []
    @Published var query = ""
    @Published var isLoading = false
    @Published var errorMessage: String?
    @Published var lastOpened: Note.ID?

    private let api: NotesAPI

    init(api: NotesAPI) {
        self.api = api
    }

    func load(folder: Folder.ID) async {
        isLoading = true
        defer { isLoading = false }
        do {
            notes = try await api.notes(in: folder)
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func delete(_ note: Note) {
        notes.removeAll { $0.id == note.id }
    }
}

@Observable
final class SessionStore {
    var userName = ""
    var unreadCount = 0
    var theme: Theme = .system
    var recentSearches: [String] = []
}

enum Theme: String, CaseIterable, Identifiable {
    case system, light, dark
    var id: String { rawValue }
}

struct NotesAPI: Sendable {
    var baseURL: URL

    func notes(in folder: Folder.ID) async throws -> [Note] {
        let url = baseURL.appendingPathComponent("folders/\(folder)/notes")
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([Note].self, from: data)
    }
}
