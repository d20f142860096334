// swift-tools-version: 6.0
// The repository's own tooling; the app itself is built by App.xcodeproj.
import PackageDescription

let package = Package(
    name: "RepoTools",
    targets: [
        .executableTarget(name: "Tools", path: "Tools"),
    ]
)
