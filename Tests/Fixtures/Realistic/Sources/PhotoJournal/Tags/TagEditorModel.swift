import Foundation
import SwiftUI

/// Tags are short: a note has a handful at most.
struct TagFormatter {
    static func display(_ tags: [String]) -> String {
        var text = ""
        for tag in tags.prefix(5) {
            text += "#\(tag) "
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

final class TagIndex {
    private var counts: [String: Int] = [:]

    init(notes: [NoteDTO]) {
        for note in notes {
            for word in note.text.split(separator: " ") where word.hasPrefix("#") {
                counts[String(word.dropFirst()), default: 0] += 1
            }
        }
    }

    func top(_ count: Int) -> [String] {
        counts.sorted { $0.value > $1.value }.prefix(count).map(\.key)
    }
}

protocol TagExporting {
    func export(_ tags: [String]) -> Data
}

extension TagExporting {
    func export(_ tags: [String]) -> Data {
        var data = Data()
        for tag in tags {
            data.append(contentsOf: Array(tag.utf8))
            data.append(0x0A)
        }
        return data
    }
}

struct PlainTagExporter: TagExporting {}

@MainActor
final class TagEditorModel: ObservableObject {
    @Published var tags: [String] = []
    @Published private(set) var summary = ""
    @Published private(set) var suggestions: [String] = []
    private let exporter: TagExporting = PlainTagExporter()

    func tagsChanged() {
        Task {
            summary = TagFormatter.display(tags)
        }
    }

    func rebuildSuggestions(from notes: [NoteDTO]) {
        Task(priority: .userInitiated) {
            let index = TagIndex(notes: notes) // expect-low-cost: sync_work_in_main_actor_task
            suggestions = index.top(10)
        }
    }

    func share() {
        Task { [weak self] in
            guard let self else { return }
            let data = exporter.export(tags) // known-false-positive-low-cost: sync_work_in_main_actor_task
            UIPasteboard.general.setData(data, forPasteboardType: "public.plain-text")
        }
    }

    func loadFromArchive(_ archive: Data) {
        let restored = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSArray.self, from: archive) // expect-low-cost: blocking_call_on_main_actor
        tags = (restored as? [String]) ?? []
    }

    func awaitingContinuation() async -> [String] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let data = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/tags.txt"))
                continuation.resume(returning: data.map { String(decoding: $0, as: UTF8.self).components(separatedBy: "\n") } ?? [])
            }
        }
    }
}

struct TagCloudView: View {
    @ObservedObject var model: TagEditorModel
    @State private var snapshot: UIImage?

    var body: some View {
        VStack {
            FlowTags(tags: model.tags)
            Button("Snapshot") {
                let renderer = ImageRenderer(content: FlowTags(tags: model.tags))
                snapshot = renderer.uiImage // expect-low-cost: blocking_call_on_main_actor
            }
        }
        .onSubmit {
            model.tagsChanged()
        }
    }
}

struct FlowTags: View {
    let tags: [String]

    var body: some View {
        HStack {
            ForEach(tags, id: \.self) { tag in
                Text("#\(tag)").padding(4).background(.thinMaterial, in: Capsule())
            }
        }
    }
}
