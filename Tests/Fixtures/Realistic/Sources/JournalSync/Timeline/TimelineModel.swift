import Foundation
import Observation
import SwiftUI

struct TimelineEntry: Identifiable, Hashable, Sendable {
    let id: UUID
    var title: String
    var date: Date
    var tags: [String]
}

struct TimelineSection: Identifiable, Hashable {
    let id: UUID
    var day: Date
    var entries: [TimelineEntry]
    var isExpanded: Bool
}

enum TimelineFilter: Hashable {
    case all
    case tagged(String)

    func matches(_ entry: TimelineEntry) -> Bool {
        switch self {
        case .all: true
        case .tagged(let tag): entry.tags.contains(tag)
        }
    }
}

actor TimelineStore {
    private var cached: [TimelineEntry] = []
    private var expanded: Set<UUID> = []

    func entries() -> [TimelineEntry] { cached }

    func save(expanded ids: [UUID]) {
        expanded = Set(ids)
    }

    func replace(_ entries: [TimelineEntry]) {
        cached = entries
    }
}

@Observable
final class TimelineModel {
    private(set) var sections: [TimelineSection] = []
    private(set) var filter: TimelineFilter = .all
    private(set) var draftProblems: [String] = []
    private(set) var draftTags: [String] = []
    private let store = TimelineStore()

    func reload() {
        Task {
            let entries = await store.entries()
            sections = group(entries, by: filter) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func toggle(_ id: UUID) {
        guard let index = sections.firstIndex(where: { $0.id == id }) else { return }
        sections[index].isExpanded.toggle()
        Task {
            await store.save(expanded: expandedIDs())
        }
    }

    func editDraft(title: String, tags: [String]) {
        Task {
            draftProblems = validate(title: title)
            draftTags = sanitize(tags)
            try? await Task.sleep(for: .milliseconds(500))
            await store.replace(sections.flatMap(\.entries))
        }
    }

    private func expandedIDs() -> [UUID] {
        sections.filter { $0.isExpanded }.map(\.id)
    }
}

/// A year of journaling is thousands of entries.
func group(_ entries: [TimelineEntry], by filter: TimelineFilter) -> [TimelineSection] {
    let calendar = Calendar.current
    let grouped = Dictionary(grouping: entries.filter { filter.matches($0) }) { calendar.startOfDay(for: $0.date) }
    return grouped.keys.sorted(by: >).map { day in
        TimelineSection(id: UUID(), day: day, entries: grouped[day] ?? [], isExpanded: true)
    }
}

func validate(title: String) -> [String] {
    var problems: [String] = []
    if title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("Title is empty") }
    if title.count > 80 { problems.append("Title is too long") }
    return problems
}

/// A note has a handful of tags.
func sanitize(_ tags: [String]) -> [String] {
    tags.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
}

struct TimelineView: View {
    @State private var model = TimelineModel()

    var body: some View {
        List(model.sections) { section in
            Section(section.day.formatted(date: .abbreviated, time: .omitted)) {
                if section.isExpanded {
                    ForEach(section.entries) { entry in
                        Text(entry.title)
                    }
                }
            }
            .onTapGesture { model.toggle(section.id) }
        }
        .task { model.reload() }
    }
}
