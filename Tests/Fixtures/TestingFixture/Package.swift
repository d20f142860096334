// swift-tools-version: 6.2
// An app's package that adds MainGuardTesting to its test target, as a user would (`.ci/check-outside-package`).
import PackageDescription

let package = Package(
    name: "TestingFixture",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "MainGuard", path: "../../..")],
    targets: [
        .target(name: "Buttons"),
        .testTarget(name: "ButtonTests", dependencies: ["Buttons", .product(name: "MainGuardTesting", package: "MainGuard")]),
    ]
)
