import Foundation

struct Change: Codable, Hashable, Sendable {
    var noteID: UUID
    var field: String
    var value: String
    var timestamp: Date
}

struct Snapshot: Codable, Sendable {
    var notes: [UUID: [String: String]]
}

/// Default isolation MainActor: this class and its methods are main-actor unless marked otherwise.
final class SyncEngine {
    private(set) var status = "Idle"
    private var local = Snapshot(notes: [:])
    private let endpoint = URL(string: "https://api.photojournal.app/v3/changes")!

    func syncNow() async {
        status = "Syncing…"
        do {
            let remote = try await fetchRemote()
            let changes = await diff(local: local, remote: remote) // expect-low-cost: async_function_runs_on_main_actor
            let body = try await encodeBatch(changes)
            try await push(body)
            status = "Up to date"
        } catch {
            status = "Failed: \(error.localizedDescription)"
        }
    }

    private func fetchRemote() async throws -> Snapshot {
        let (data, _) = try await URLSession.shared.data(from: endpoint)
        return try JSONDecoder().decode(Snapshot.self, from: data) // one response value: no evidence of size, not reported
    }

    private func push(_ body: Data) async throws {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        _ = try await URLSession.shared.upload(for: request, from: body)
    }

    func mergeLater(_ incoming: Data) {
        Task {
            let remote = decodeSnapshot(incoming) // decodes one value: no evidence of size, not reported
            local = remote
        }
    }

    func scheduleCompaction() {
        Task.detached(priority: .background) {
            await compactHistory()
        }
    }
}

/// Under NonisolatedNonsendingByDefault this runs on the caller's actor: the main actor here.
nonisolated func diff(local: Snapshot, remote: Snapshot) async -> [Change] {
    var changes: [Change] = []
    for (id, fields) in remote.notes {
        for (field, value) in fields where local.notes[id]?[field] != value {
            changes.append(Change(noteID: id, field: field, value: value, timestamp: .now))
        }
    }
    return changes
}

@concurrent
nonisolated func encodeBatch(_ changes: [Change]) async throws -> Data {
    try JSONEncoder().encode(changes)
}

nonisolated func decodeSnapshot(_ data: Data) -> Snapshot {
    (try? JSONDecoder().decode(Snapshot.self, from: data)) ?? Snapshot(notes: [:])
}

@concurrent
nonisolated func compactHistory() async {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for file in files.dropLast(50) {
        try? FileManager.default.removeItem(atPath: directory.appendingPathComponent(file).path)
    }
}
