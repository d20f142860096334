// swift-tools-version: 6.2
// Evaluation corpus for the linter (never compiled by the MainGuard package): realistic app code with
// every expected finding announced by a `// expect: rule_id` comment on its line.
import PackageDescription

let package = Package(
    name: "PhotoJournal",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        // Written years ago, classic settings.
        .target(name: "PhotoJournal"),
        // The new sync module, created from Xcode 26's template settings.
        .target(
            name: "JournalSync",
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
    ]
)
