import Foundation

struct Draft: Codable, Identifiable {
    let id: UUID
    var text: String
    var updated: Date
}

protocol DraftStoring {
    func save(_ drafts: [Draft])
    func load() -> [Draft]
}

/// The only store the app ships; injected through the protocol so tests can swap it.
final class DiskDraftStore: DraftStoring {
    private let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("drafts.json")

    func save(_ drafts: [Draft]) {
        guard let data = try? JSONEncoder().encode(drafts) else { return }
        try? data.write(to: url, options: .atomic)
    }

    func load() -> [Draft] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([Draft].self, from: data)) ?? []
    }
}

final class DraftCounter {
    private(set) var count = 0

    func update(with drafts: [Draft]) {
        count = drafts.count
    }

    func reset() {
        count = 0
    }
}

final class SpellIndex {
    private var words: Set<String> = []

    func update(with drafts: [Draft]) {
        for draft in drafts {
            for word in draft.text.split(separator: " ") {
                words.insert(word.lowercased())
            }
        }
    }

    func reset() {
        words.removeAll()
    }
}

@MainActor
final class DraftsModel: ObservableObject {
    @Published private(set) var drafts: [Draft] = []
    private let store: DraftStoring
    private let counter = DraftCounter()
    private let spellIndex = SpellIndex()

    init(store: DraftStoring = DiskDraftStore()) {
        self.store = store
    }

    func appear() {
        Task {
            drafts = store.load() // expect-low-cost: sync_work_in_main_actor_task
            counter.update(with: drafts)
            spellIndex.update(with: drafts) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func edit(_ draft: Draft) {
        guard let index = drafts.firstIndex(where: { $0.id == draft.id }) else { return }
        drafts[index] = draft
        Task {
            store.save(drafts) // expect-low-cost: sync_work_in_main_actor_task
            counter.update(with: drafts)
        }
    }

    func discardAll() {
        drafts = []
        Task {
            counter.reset()
            spellIndex.reset()
        }
    }
}
