import Foundation

final class ProfileViewModel: BaseViewModel {
    private(set) var bio = ""
    private let draftURL = FileManager.default.temporaryDirectory.appendingPathComponent("bio-draft.txt")

    func restoreDraft() {
        bio = (try? String(contentsOf: draftURL, encoding: .utf8)) ?? "" // expect-low-cost: blocking_call_on_main_actor
    }

    func saveDraft() {
        let text = bio
        let url = draftURL
        Task.detached(priority: .utility) {
            try? text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func wordFrequencies() {
        Task {
            let counts = countWords(in: bio) // known-false-positive-low-cost: sync_work_in_main_actor_task
            errorMessage = counts.isEmpty ? "Empty bio" : nil
        }
    }
}

func countWords(in text: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for word in text.split(whereSeparator: \.isWhitespace) {
        counts[word.lowercased(), default: 0] += 1
    }
    return counts
}
