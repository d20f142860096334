import Foundation

/// Parses CSV exports from other journaling apps.
struct CSVParser {
    let rows: [[String]]

    init(text: String) {
        var rows: [[String]] = []
        text.enumerateLines { line, _ in
            rows.append(line.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        }
        self.rows = rows
    }

    var header: [String] { rows.first ?? [] }
}

func parseDate(_ text: String) -> Date? {
    ISO8601DateFormatter().date(from: text)
}

func normalize(_ rows: [[String]]) -> [NoteDTO] {
    rows.dropFirst().compactMap(makeNote)
}

func makeNote(_ row: [String]) -> NoteDTO? {
    guard row.count >= 3 else { return nil }
    return NoteDTO(id: UUID(), title: row[0], text: row[1], modified: parseDate(row[2]) ?? .now)
}

func deepestFolder(in url: URL, depth: Int = 0) -> Int {
    let children = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
    return children.map { deepestFolder(in: $0, depth: depth + 1) }.max() ?? depth
}

@MainActor
final class CSVImportModel: ObservableObject {
    @Published private(set) var notes: [NoteDTO] = []
    @Published private(set) var message = ""

    func importText(_ text: String) {
        Task {
            let parser = CSVParser(text: text) // expect-low-cost: sync_work_in_main_actor_task
            notes = normalize(parser.rows) // expect-low-cost: sync_work_in_main_actor_task
            message = "Imported \(notes.count) notes"
        }
    }

    func inspectFolder(_ url: URL) {
        Task {
            let depth = deepestFolder(in: url) // expect: sync_work_in_main_actor_task
            message = "Folder depth \(depth)"
        }
    }

    func importFile(_ url: URL) {
        Task {
            let text = try String(contentsOf: url, encoding: .utf8) // expect-low-cost: sync_work_in_main_actor_task
            importText(text)
        }
    }
}
