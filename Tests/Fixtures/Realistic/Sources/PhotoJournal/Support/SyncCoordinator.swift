import Combine
import Foundation

/// Periodically pushes local edits; lives on the main actor because it drives the sync badge.
@MainActor
final class SyncCoordinator: ObservableObject {
    @Published private(set) var pendingCount = 0
    @Published private(set) var lastSync: Date?
    private var timer: Timer?
    private var pending: [NoteDTO] = []
    private let session = URLSession(configuration: .default)

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in
            Task { @MainActor in
                await self?.syncPending()
            }
        }
    }

    func enqueue(_ note: NoteDTO) {
        pending.append(note)
        pendingCount = pending.count
    }

    func syncPending() async {
        let batch = pending
        guard !batch.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            for note in batch {
                group.addTask {
                    await Self.upload(note)
                }
            }
        }
        pending.removeAll()
        pendingCount = 0
        lastSync = .now
    }

    func forceFullSync() {
        let snapshot = pending
        Task {
            let payload = makePayload(from: snapshot) // expect-low-cost: sync_work_in_main_actor_task
            var request = URLRequest(url: URL(string: "https://api.photojournal.app/v2/sync")!)
            request.httpMethod = "POST"
            request.httpBody = payload
            _ = try? await session.data(for: request)
            lastSync = .now
        }
    }

    nonisolated private static func upload(_ note: NoteDTO) async {
        var request = URLRequest(url: URL(string: "https://api.photojournal.app/v2/notes/\(note.id)")!)
        request.httpMethod = "PUT"
        request.httpBody = try? JSONEncoder().encode(note)
        _ = try? await URLSession.shared.data(for: request)
    }
}

extension SyncCoordinator {
    nonisolated func makePayload(from notes: [NoteDTO]) -> Data {
        var lines: [String] = []
        for note in notes {
            lines.append("\(note.id.uuidString)\t\(note.title)\t\(note.modified.timeIntervalSince1970)")
        }
        return Data(lines.joined(separator: "\n").utf8)
    }
}
