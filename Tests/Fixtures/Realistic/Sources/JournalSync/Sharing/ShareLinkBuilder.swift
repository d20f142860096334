import Foundation
import SwiftUI

/// Small helpers, unannotated (so main-actor by default isolation): all of them are cheap.
func queryItems(_ parameters: [String: String]) -> [URLQueryItem] {
    parameters.map { URLQueryItem(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
}

func shareURL(for noteID: UUID, parameters: [String: String]) -> URL {
    var components = URLComponents(string: "https://photojournal.app/share/\(noteID.uuidString)")!
    components.queryItems = queryItems(parameters)
    return components.url!
}

func describe(_ errors: [Error]) -> String {
    errors.map { $0.localizedDescription }.joined(separator: "\n")
}

func headerLines(_ headers: [String: String]) -> [String] {
    headers.map { "\($0.key): \($0.value)" }.sorted()
}

struct ShareRecipient: Identifiable, Hashable, Sendable {
    let id: UUID
    var name: String
    var email: String
}

final class ShareModel {
    private(set) var link: URL?
    private(set) var recipients: [ShareRecipient] = []
    private(set) var errorText = ""
    private var errors: [Error] = []

    func makeLink(for noteID: UUID) {
        Task {
            let url = shareURL(for: noteID, parameters: ["ref": "app", "v": "3"])
            let (_, response) = try await URLSession.shared.data(from: url)
            link = (response as? HTTPURLResponse)?.statusCode == 200 ? url : nil
        }
    }

    func reportErrors() {
        Task {
            errorText = describe(errors)
        }
    }

    func importContacts(from vcard: Data) {
        Task {
            recipients = parseContacts(vcard) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    func exportRecipients(to url: URL) {
        Task.detached { @MainActor in // expect: detached_task_default_priority
            let lines = self.recipients.map { "\($0.name) <\($0.email)>" }
            try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("share"))
    }
}

/// vCards can hold thousands of contacts.
func parseContacts(_ data: Data) -> [ShareRecipient] {
    let text = String(decoding: data, as: UTF8.self)
    return text.components(separatedBy: "END:VCARD").compactMap(parseCard)
}

func parseCard(_ card: String) -> ShareRecipient? {
    let lines = card.components(separatedBy: .newlines)
    guard let name = lines.first(where: { $0.hasPrefix("FN:") }),
          let email = lines.first(where: { $0.hasPrefix("EMAIL") }) else { return nil }
    return ShareRecipient(id: UUID(), name: String(name.dropFirst(3)), email: email.components(separatedBy: ":").last ?? "")
}

struct ShareSheetView: View {
    let noteID: UUID
    @State private var model = ShareModel()

    var body: some View {
        VStack {
            if let link = model.link {
                ShareLink(item: link)
            }
            List(model.recipients) { recipient in
                Text(recipient.name)
            }
        }
        .task(id: noteID) {
            model.makeLink(for: noteID)
        }
    }
}
