// swift-tools-version: 6.2
// A package that does not depend on MainGuard, watched from outside: `mainguard watch --tests` runs its
// tests with the agent preloaded, and `mainguard watch -- .build/debug/checkout-tool` its tool
// (.ci/check-watch). Each framework has a test with the "hang later" pattern and tests that do the
// work correctly.
import PackageDescription

let package = Package(
    name: "WatchFixture",
    targets: [
        .target(name: "Checkout"),
        .executableTarget(name: "checkout-tool", dependencies: ["Checkout"]),
        .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
    ]
)
