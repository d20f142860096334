import Foundation
import SwiftUI

struct ImportedNote: Decodable, Sendable {
    var title: String
    var body: String
}

/// Runs on the caller's actor under NonisolatedNonsendingByDefault, so it decodes on the main actor.
nonisolated func parseExport(_ data: Data) async throws -> [ImportedNote] {
    let notes = try JSONDecoder().decode([ImportedNote].self, from: data)
    await Task.yield()
    return notes
}

/// Downloads first: the heavy part comes after a real suspension.
nonisolated func downloadExport(from url: URL) async throws -> Data {
    let (data, _) = try await URLSession.shared.data(from: url)
    return data
}

actor ImportLog {
    private var lines: [String] = []

    func record(_ notes: [ImportedNote]) {
        for note in notes {
            lines.append(note.title)
        }
    }
}

final class ImportCoordinator {
    private let log = ImportLog()
    private(set) var imported: [ImportedNote] = []

    func importFile(at url: URL) async throws {
        let data = try await downloadExport(from: url)
        let notes = try await parseExport(data) // expect-low-cost: async_function_runs_on_main_actor
        await log.record(notes)
        imported = notes
    }

    func importInBackground(_ data: Data) async throws {
        imported = try await Task.detached(priority: .userInitiated) {
            try JSONDecoder().decode([ImportedNote].self, from: data)
        }.value
    }

    func purgeOldImports() {
        Task.detached { // expect: detached_task_default_priority
            let directory = FileManager.default.temporaryDirectory
            for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where file.hasSuffix(".import") {
                try? FileManager.default.removeItem(atPath: directory.appendingPathComponent(file).path)
            }
        }
    }
}

struct ImportView: View {
    @State private var coordinator = ImportCoordinator()
    @State private var summary = ""
    let exportURL: URL

    var body: some View {
        VStack {
            Text(summary)
            Button("Import") {
                Task {
                    try? await coordinator.importFile(at: exportURL)
                    summary = "\(coordinator.imported.count) notes"
                    let words = await tallyWords(coordinator.imported) // expect-low-cost: async_function_runs_on_main_actor
                    summary += ", \(words) words"
                }
            }
        }
    }
}

/// Unannotated, so @MainActor under this target's default isolation.
func tallyWords(_ notes: [ImportedNote]) async -> Int {
    var words = 0
    for note in notes {
        words += note.body.split(separator: " ").count
    }
    return words
}
