import Foundation

struct BackupNote: Codable, Sendable {
    var id: UUID
    var title: String
    var body: String
}

/// Written by someone who knows Swift 6.2: heavy work is `@concurrent`, state is main-actor by default.
@concurrent
func makeArchive(_ notes: [BackupNote], in directory: URL) async throws -> URL {
    let url = directory.appendingPathComponent("backup-\(Int(Date.now.timeIntervalSince1970)).json")
    var lines: [Data] = []
    for note in notes {
        lines.append(try JSONEncoder().encode(note))
    }
    try Data(lines.joined(separator: Data([0x0A]))).write(to: url, options: .atomic)
    return url
}

struct ChecksumCalculator: Sendable {
    nonisolated func checksum(_ data: Data) -> UInt32 {
        var sum: UInt32 = 0
        for byte in data {
            sum = sum &* 31 &+ UInt32(byte)
        }
        return sum
    }
}

actor BackupHistory {
    private var entries: [URL] = []

    func append(_ url: URL) {
        entries.append(url)
    }

    func latest() -> URL? { entries.last }
}

final class BackupController {
    private(set) var notes: [BackupNote] = []
    private(set) var lastBackup: URL?
    private(set) var status = ""
    private let history = BackupHistory()
    private let directory = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]

    func backUp() async {
        do {
            let url = try await makeArchive(notes, in: directory)
            await history.append(url)
            lastBackup = url
        } catch {
            status = "Backup failed"
        }
    }

    func quickBackup() {
        Task {
            let data = encodeNotes(notes) // expect-low-cost: sync_work_in_main_actor_task
            status = "\(data.count) bytes ready"
        }
    }

    func verifyLatest() async {
        guard let url = await history.latest() else { return }
        let valid = await verifyBackup(at: url) // expect: async_function_runs_on_main_actor
        status = valid ? "Verified" : "Corrupt"
    }

    func checksumLatest(_ data: Data) {
        Task.detached(priority: .utility) {
            let sum = ChecksumCalculator().checksum(data)
            await MainActor.run {
                self.status = "Checksum \(sum)"
            }
        }
    }

    nonisolated func fileCoordinatorDidFinish() {
        MainActor.assumeIsolated {
            status = "Saved"
        }
    }
}

/// Unannotated: main-actor under this module's default isolation.
func encodeNotes(_ notes: [BackupNote]) -> Data {
    var output = Data()
    for note in notes {
        output.append(contentsOf: Array(note.title.utf8))
        output.append(contentsOf: Array(note.body.utf8))
    }
    return output
}

/// Unannotated async: also main-actor here, and it reads the whole file before any suspension.
func verifyBackup(at url: URL) async -> Bool {
    guard let data = try? Data(contentsOf: url) else { return false } // expect: blocking_call_on_main_actor
    return !data.isEmpty
}
