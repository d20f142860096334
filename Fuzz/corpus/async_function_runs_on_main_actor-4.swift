// mainguard-settings: default-isolation=MainActor
final class Importer {
    func importAll() async {
        await sumEverything()
    }
}

func sumEverything() async {
    var total = 0
    for value in 0..<100_000 { total += value }
    await Task.yield()
    print(total)
}
