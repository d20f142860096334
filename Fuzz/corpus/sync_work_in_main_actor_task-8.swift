// mainguard-settings: default-isolation=MainActor upcoming=NonisolatedNonsendingByDefault
final class Importer {
    func start() {
        Task {
            print(countCharacters(lines: ["a", "b"]))
        }
    }
}

func countCharacters(lines: [String]) -> Int {
    var count = 0
    for line in lines { count += line.count }
    return count
}
