// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Core",
    targets: [
        .target(name: "Core", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
    ]
)
