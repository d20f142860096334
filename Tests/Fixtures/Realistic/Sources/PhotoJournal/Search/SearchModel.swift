import Foundation
import Observation

struct SearchHit: Identifiable, Hashable {
    let id: UUID
    let title: String
    let score: Int
}

actor SearchIndex {
    private var documents: [UUID: String] = [:]
    private var tokens: [String: Set<UUID>] = [:]

    func rebuild(from notes: [NoteDTO]) {
        documents = [:]
        tokens = [:]
        for note in notes {
            documents[note.id] = note.title
            for word in note.text.lowercased().split(separator: " ") {
                tokens[String(word), default: []].insert(note.id)
            }
        }
    }

    func search(_ query: String) -> [SearchHit] {
        let ids = tokens[query.lowercased()] ?? []
        return ids.compactMap { id in documents[id].map { SearchHit(id: id, title: $0, score: 1) } }
    }
}

@MainActor
@Observable
final class SearchModel {
    var query = "" {
        didSet { scheduleSearch() }
    }
    private(set) var hits: [SearchHit] = []
    private(set) var suggestions: [String] = []
    private let index = SearchIndex()
    private var searchTask: Task<Void, Never>?

    func indexNotes(_ notes: [NoteDTO]) {
        Task {
            await index.rebuild(from: notes)
        }
    }

    private func scheduleSearch() {
        searchTask?.cancel()
        let query = query
        searchTask = Task {
            try? await Task.sleep(for: .milliseconds(300))
            guard !Task.isCancelled else { return }
            let found = await index.search(query)
            hits = Self.rank(found, for: query) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func loadSuggestions(from notes: [NoteDTO]) async {
        suggestions = await buildSuggestions(notes)
    }

    nonisolated static func rank(_ hits: [SearchHit], for query: String) -> [SearchHit] {
        var scored: [SearchHit] = []
        for hit in hits {
            let bonus = hit.title.lowercased().hasPrefix(query.lowercased()) ? 10 : 0
            scored.append(SearchHit(id: hit.id, title: hit.title, score: hit.score + bonus))
        }
        return scored.sorted { $0.score > $1.score }
    }
}

/// Classic settings: a nonisolated async function runs on the global executor when awaited.
func buildSuggestions(_ notes: [NoteDTO]) async -> [String] {
    var counts: [String: Int] = [:]
    for note in notes {
        for word in note.title.split(separator: " ") where word.count > 3 {
            counts[word.lowercased(), default: 0] += 1
        }
    }
    return counts.sorted { $0.value > $1.value }.prefix(10).map(\.key)
}
