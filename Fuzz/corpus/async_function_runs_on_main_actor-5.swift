// mainguard-settings: upcoming=NonisolatedNonsendingByDefault
@MainActor final class Gallery {
    func refresh() async {
        let made = await ThumbnailMaker().makeAll(count: 200)
        print(made)
    }
}

struct ThumbnailMaker {
    func makeAll(count: Int) async -> Int {
        var made = 0
        while made < count { made += 1 }
        return made
    }
}
