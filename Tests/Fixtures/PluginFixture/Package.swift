// swift-tools-version: 6.2
// A tiny package that uses MainGuard's plugins the way an app's package would; `.ci/check-plugins`
// builds it and runs `swift package mainguard` on it.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "MainGuard", path: "../../.."),
    ],
    targets: [
        // Swift 6.2 settings: unannotated code is main-actor, so the linter must read them from here.
        .target(
            name: "Screens",
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ],
            plugins: [.plugin(name: "MainGuardBuildToolPlugin", package: "MainGuard")]
        ),
    ]
)
