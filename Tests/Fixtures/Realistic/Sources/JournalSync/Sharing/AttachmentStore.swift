import Foundation
import UniformTypeIdentifiers

/// File storage for note attachments. Deliberately off the main actor.
nonisolated final class AttachmentStore: Sendable {
    let root: URL

    init(root: URL) {
        self.root = root
    }

    func data(for name: String) -> Data? {
        try? Data(contentsOf: root.appendingPathComponent(name))
    }

    func store(_ data: Data, named name: String) throws {
        try data.write(to: root.appendingPathComponent(name), options: .atomic)
    }

    func totalSize() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }
}

final class AttachmentsModel {
    private(set) var previews: [String: Data] = [:]
    private(set) var sizeText = ""
    private let store = AttachmentStore(root: FileManager.default.temporaryDirectory)

    func loadPreview(named name: String) async {
        let data = await readAttachment(store, name: name)
        previews[name] = data
    }

    func showSize() {
        Task {
            sizeText = ByteCountFormatter.string(fromByteCount: Int64(store.totalSize()), countStyle: .file) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func save(_ data: Data, named name: String) async {
        await Task.detached(priority: .userInitiated) { [store] in
            try? store.store(data, named: name)
        }.value
    }

    func applyBatch(_ names: [String]) {
        for name in names.prefix(3) {
            previews[name] = nil
        }
    }
}

@concurrent
func readAttachment(_ store: AttachmentStore, name: String) async -> Data? {
    store.data(for: name)
}
