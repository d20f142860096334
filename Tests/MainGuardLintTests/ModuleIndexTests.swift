@testable import MainGuardLint
import SwiftParser
import SwiftSyntax
import XCTest

final class ModuleIndexTests: XCTestCase {
    private func heaviness(of signature: String, in sources: [String], settings: ModuleSettings = .classic) -> String? {
        let index = ModuleIndex(sources: sources, settings: settings)
        let function = index.functions.first { $0.signature == signature }
        XCTAssertNotNil(function, "no \(signature) in \(index.functions.map(\.signature))")
        return function?.heaviness
    }

    func testLoopsRecursionAndCatalogueCallsAreHeavy() {
        XCTAssertEqual(heaviness(of: "count()", in: ["func count() { for _ in 0..<1_000_000 {} }"]), "loops")
        // A busy-wait on a clock runs for a time, not over data: long work by default.
        XCTAssertEqual(heaviness(of: "spin()", in: ["func spin() { let end = CFAbsoluteTimeGetCurrent() + 0.3; while CFAbsoluteTimeGetCurrent() < end {} }"]), "loops")
        XCTAssertEqual(heaviness(of: "wait()", in: ["func wait() { let start = Date(); while Date().timeIntervalSince(start) < 0.3 {} }"]), "loops")
        XCTAssertEqual(heaviness(of: "poll()", in: ["func poll() { let start = Date(); while start.timeIntervalSince(.now) > -0.3 {} }"]), "loops")
        // Two stored dates compared: a scan over data, whose size the syntax does not state.
        XCTAssertNil(heaviness(of: "older(_:)", in: ["""
            func older(_ readings: [Reading]) -> Int {
                var next = 1
                while next < readings.count && readings[next].date.timeIntervalSince(readings[0].date) < 300 { next += 1 }
                return next
            }
            """]))
        // Loops whose size the syntax does not state are long work with `include_low_cost` only (`LoopCost`).
        for (signature, source) in [("scan(_:)", "func scan(_ rows: [[Int]]) { for row in rows { for _ in row {} } }"),
                                    ("drain()", "func drain() { while queue.next() != nil {} }"),
                                    ("spin()", "func spin() { repeat {} while false }")] {
            XCTAssertNil(heaviness(of: signature, in: [source]), source)
            XCTAssertEqual(heaviness(of: signature, in: [source], settings: .lowCost), "loops", source)
        }
        // Recursion is long work with `include_low_cost` only (`HeavinessSolver.recursionIsWork`).
        XCTAssertNil(heaviness(of: "depth(_:)", in: ["func depth(_ n: Int) -> Int { n == 0 ? 0 : depth(n - 1) }"]))
        XCTAssertEqual(heaviness(of: "depth(_:)", in: ["func depth(_ n: Int) -> Int { n == 0 ? 0 : depth(n - 1) }"], settings: .lowCost), "recurses")
        // A tree walk that lists a folder per level: the listing repeats, so it is reported by default.
        XCTAssertEqual(heaviness(of: "deepest(in:)", in: ["""
            import Foundation
            func deepest(in url: URL) -> Int {
                let children = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
                return children.map { deepest(in: $0) }.max() ?? 0
            }
            """]), "calls FileManager.contentsOfDirectory")
        XCTAssertEqual(heaviness(of: "load()", in: ["import Foundation\nfunc load() { _ = try? Data(contentsOf: videoURL) }"]),
                       "calls Data(contentsOf:)")
        XCTAssertEqual(heaviness(of: "tick()", in: ["func tick() { usleep(100_000) }"]), "calls usleep(_:)")
        // A pause under 100 ms that does not repeat is low cost; in a loop it adds up.
        XCTAssertNil(heaviness(of: "tick()", in: ["func tick() { usleep(100) }"]))
        XCTAssertEqual(heaviness(of: "tick()", in: ["func tick() { usleep(100) }"], settings: .lowCost), "calls usleep(_:)")
        XCTAssertEqual(heaviness(of: "tick()", in: ["func tick() { for _ in keys { usleep(5_000) } }"]), "calls usleep(_:)")
        XCTAssertNil(heaviness(of: "add(_:_:)", in: ["func add(_ a: Int, _ b: Int) -> Int { a + b }"]))
    }

    func testHeavinessFollowsModuleFunctionsAcrossFilesAndCycles() {
        let sources = [
            "func outer() { middle() }",
            "func middle() { inner(count: 3) }\nfunc inner(count: Int) { for _ in 0..<1_000_000 {} }",
            "func ping() { pong() }\nfunc pong() { ping() }",
        ]
        XCTAssertEqual(heaviness(of: "outer()", in: sources), "calls middle(), which calls inner(count:), which loops")
        XCTAssertNotNil(heaviness(of: "ping()", in: sources, settings: .lowCost))
    }

    /// One pass over a collection of unknown size, or a few literal iterations, is not long work by default
    /// (`LoopCost`); `include_low_cost` counts a pass over unknown data.
    func testAFlatLoopOverUnknownDataIsLowCost() {
        let sources = ["func total(_ prices: [Int]) -> Int { var sum = 0; for price in prices { sum += price }; return sum }",
                       "func save(_ items: [Int]) { items.forEach { store($0) } }\nfunc store(_ item: Int) {}",
                       "func three() { for _ in 0..<3 { tick() } }"]
        XCTAssertNil(heaviness(of: "total(_:)", in: sources))
        XCTAssertNil(heaviness(of: "save(_:)", in: sources))
        XCTAssertNil(heaviness(of: "three()", in: sources))
        var lowCost = ModuleSettings.classic
        lowCost.includesLowCost = true
        let index = ModuleIndex(sources: sources, settings: lowCost)
        XCTAssertEqual(index.functions.first { $0.signature == "total(_:)" }?.heaviness, "loops")
        XCTAssertEqual(index.functions.first { $0.signature == "save(_:)" }?.heaviness, "loops")
        XCTAssertNil(index.functions.first { $0.signature == "three()" }?.heaviness)
    }

    func testWorkHandedToOtherExecutorsIsNotTheFunctionsOwnWork() {
        let sources = ["""
            func schedule() {
                Task.detached(priority: .low) { for _ in 0..<10 {} }
                DispatchQueue.global().async { sleep(1) }
                Task { for _ in 0..<10 {} }
            }
            func mapped(_ items: [Int]) -> [Int] { items.map { item in var x = item; for _ in 0..<1_000_000 { x -= 1 }; return x } }
            """]
        XCTAssertNil(heaviness(of: "schedule()", in: sources))
        XCTAssertEqual(heaviness(of: "mapped(_:)", in: sources), "loops", "a closure run in place is the function's work")
    }

    func testHeavinessBeforeFirstSuspension() {
        let index = ModuleIndex(sources: ["""
            func early() async { for _ in 0..<10_000 {}; await Task.yield() }
            func late() async { await Task.yield(); for _ in 0..<10_000 {} }
            func viaHelper() async { helper(); await Task.yield() }
            func helper() { for _ in 0..<1_000_000 {} }
            """])
        let facts = Dictionary(uniqueKeysWithValues: index.functions.map { ($0.signature, $0) })
        XCTAssertEqual(facts["early()"]?.heavinessBeforeFirstSuspension, "loops")
        XCTAssertNil(facts["late()"]?.heavinessBeforeFirstSuspension)
        XCTAssertEqual(facts["late()"]?.heaviness, "loops")
        XCTAssertEqual(facts["viaHelper()"]?.heavinessBeforeFirstSuspension, "calls helper(), which loops")
    }

    func testLabelsDefaultsAndTrailingClosures() {
        let parameters = [Parameter(label: "from", hasDefault: false), Parameter(label: "limit", hasDefault: true),
                          Parameter(label: "completion", hasDefault: false)]
        XCTAssertTrue(ModuleIndex.labels(["from", "limit", "completion"], match: parameters))
        XCTAssertTrue(ModuleIndex.labels(["from", "completion"], match: parameters))
        XCTAssertTrue(ModuleIndex.labels(["from", CalledName.trailingClosureLabel], match: parameters))
        XCTAssertFalse(ModuleIndex.labels(["to", "completion"], match: parameters))
        XCTAssertFalse(ModuleIndex.labels(["from"], match: parameters))
        XCTAssertTrue(ModuleIndex.labels([nil], match: [Parameter(label: nil, hasDefault: false)]))
    }

    func testClosureParametersSayWhetherTheyEscape() throws {
        let index = ModuleIndex(sources: ["""
            func configure(_ title: String, onTap: @escaping () -> Void, onDone: (() -> Void)?, each: (Int) -> Void) {}
            func show(then action: @escaping @MainActor () -> Void) {}
            """])
        let configure = try XCTUnwrap(index.functions.first { $0.name == "configure" }).parameters
        XCTAssertEqual(configure.map(\.isClosure), [false, true, true, true])
        XCTAssertEqual(configure.map(\.isEscapingClosure), [false, true, true, false])
        XCTAssertTrue(configure.escapes(label: "onTap", isTrailing: false))
        XCTAssertTrue(configure.escapes(label: "onDone", isTrailing: false))
        // A trailing closure binds to the last closure parameter, which does not escape here.
        XCTAssertFalse(configure.escapes(label: nil, isTrailing: true))
        XCTAssertFalse(configure.escapes(label: nil, isTrailing: false))
        let show = try XCTUnwrap(index.functions.first { $0.name == "show" }).parameters
        XCTAssertTrue(show.escapes(label: nil, isTrailing: true))
    }

    func testEscapingSendableClosureParametersAreKeptForOtherThreads() throws {
        let index = ModuleIndex(sources: ["""
            func cache(decoder: @escaping @Sendable (Data) -> Int, onDone: (@Sendable () -> Void)?, each: @Sendable (Int) -> Void,
                       then: @escaping () -> Void) {}
            """])
        let cache = try XCTUnwrap(index.functions.first { $0.name == "cache" }).parameters
        XCTAssertEqual(cache.map(\.isSendableClosure), [true, true, true, false])
        XCTAssertTrue(cache.keepsForOtherThreads(label: "decoder", isTrailing: false))
        XCTAssertTrue(cache.keepsForOtherThreads(label: "onDone", isTrailing: false))
        // Sendable but called before the function returns; escaping but not Sendable.
        XCTAssertFalse(cache.keepsForOtherThreads(label: "each", isTrailing: false))
        XCTAssertFalse(cache.keepsForOtherThreads(label: nil, isTrailing: true))
    }

    func testGenericAndExtensionMembersResolveToTheirType() {
        let source = """
            @MainActor final class Store<Item: Sendable> {
                func refresh() {
                    Task { self.rebuild(); normalize(); Cache<Item>.warm() }
                }
            }
            extension Store {
                nonisolated func rebuild() { for _ in 0..<10_000 {} }
            }
            extension Store where Item == Int {
                nonisolated func normalize() { for _ in 0..<10_000 {} }
            }
            enum Cache<Value> {
                static func warm() { for _ in 0..<10_000 {} }
            }
            """
        let findings = Linter().lint(source: source).filter { $0.ruleID == "sync_work_in_main_actor_task" }
        XCTAssertEqual(findings.map(\.column), [21, 32, 57])
    }

    func testUnresolvedCallsFallBackToTheCatalogueOnly() {
        let source = """
            @MainActor final class Screen {
                func appear() {
                    Task {
                        renderer.renderEverything()
                        thirdParty.process(items: [1, 2])
                        let videoData = try? Data(contentsOf: url)
                        _ = videoData
                    }
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.ruleID), ["sync_work_in_main_actor_task"])
        XCTAssertEqual(findings.first?.line, 6)
    }

    func testCallsInCommentsAndStringsAreNotCalls() {
        let source = """
            @MainActor func tapped() {
                // sleep(1)
                /* Thread.sleep(forTimeInterval: 1) */
                /// DispatchQueue.main.sync { }
                print("sleep(1) and semaphore.wait() and \\(label)")
                let multiline = \"\"\"
                    Data(contentsOf: url)
                    \"\"\"
                _ = multiline
            }
            """
        XCTAssertEqual(Linter().lint(source: source), [])
    }

    func testNestedClosuresInsideATaskStillRunOnItsActor() {
        let source = """
            @MainActor final class Feed {
                func load(items: [Int]) {
                    Task {
                        items.forEach { item in
                            [item].forEach { _ in
                                sleep(1)
                            }
                        }
                        DispatchQueue.global().async {
                            sleep(1)
                        }
                    }
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [6])
        XCTAssertEqual(findings.first?.ruleID, "sync_work_in_main_actor_task")
    }

    func testDelegationToSameNamedMethodsIsNeitherRecursionNorACycle() {
        // Two linted types whose `append(_:)` each forward to a collection's `append` on a value of
        // unknown type: resolved by name, each would call the other and make a cycle.
        let sources = [
            "struct Log { var lines: [String] = []\n mutating func append(_ line: String) { lines.append(line) } }",
            "struct Batch { var urls: [URL] = []\n mutating func append(_ url: URL) { urls.append(url) } }",
        ]
        XCTAssertNil(heaviness(of: "append(_:)", in: sources))
        // A call of another name on an unknown value still resolves (and can be heavy).
        XCTAssertEqual(heaviness(of: "flush()", in: sources + ["struct Sink { var log = Log()\n func flush() { log.drain() } }",
                                                              "extension Log { func drain() { for _ in 0..<1_000_000 {} } }"]),
                       "calls drain(), which loops")
    }

    func testAnInitializerCallingAnOverloadWithTheSameLabelsDoesNotRecurse() {
        // Overloads by argument type: `Int(x)` inside `init(_:)` of `Int` is another initializer.
        let sources = [
            "extension Int { init(_ value: Small) { self.init(value.raw) } }",
            "extension Int { init(_ value: Wide) { self.init(Small(value)) } }",
            "struct Small { var raw = 0 }",
        ]
        XCTAssertNil(ModuleIndex(sources: sources).functions.first { $0.signature == "Int(_:)" }?.heaviness)
        // A plain function calling itself still recurses.
        XCTAssertEqual(heaviness(of: "depth(_:)", in: ["func depth(_ n: Int) -> Int { n == 0 ? 0 : depth(n - 1) }"], settings: .lowCost), "recurses")
    }

    /// Issue 17, item 4: a call that may be the function itself or an overload with the same labels is
    /// ambiguous, so it is not a recursion (`sync(_ options: [Option])` calling `sync(option)` for each).
    func testACallThatMayBeAnOverloadIsNotARecursion() {
        let sources = ["""
            final class Player {
                func sync(_ options: Set<Int>) { options.forEach { sync($0) } }
                func sync(_ option: Int) { print(option) }
            }
            """]
        let index = ModuleIndex(sources: sources)
        XCTAssertEqual(index.functions.filter { $0.signature == "sync(_:)" }.map(\.heaviness), [nil, nil])
    }

    func testCallsResolveOnlyIntoModulesTheCallerSees() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Package.swift", """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .target(name: "App", dependencies: ["Kit"]), .target(name: "Kit"), .target(name: "Other"),
                .target(name: "Umbrella", dependencies: ["Kit"]),
            ])
            """)
        try directory.write("Sources/Kit/Kit.swift", "public func crunch() { for _ in 0..<1_000_000 {} }")
        try directory.write("Sources/Other/Other.swift", "public func churn() { for _ in 0..<1_000_000 {} }")
        try directory.write("Sources/Umbrella/Exports.swift", "@_exported import Kit")
        try directory.write("Sources/App/ImportsKit.swift", """
            import Kit
            @MainActor func tap() { Task { crunch(); churn() } }
            """)
        try directory.write("Sources/App/ImportsUmbrella.swift", """
            import Umbrella
            @MainActor func press() { Task { crunch() } }
            """)
        let findings = try Linter().lint(paths: [directory.path]).findings
        // One cause, one finding: the second caller is named in the first caller's finding.
        XCTAssertEqual(findings.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)" },
                       ["ImportsKit.swift:2:32"],
                       "crunch() is seen through `import Kit` and through Umbrella's `@_exported import Kit`; churn() of the unimported Other is not")
        XCTAssertEqual(findings.first?.otherSites?.map { ($0 as NSString).lastPathComponent }, ["ImportsUmbrella.swift:2:34"])
        XCTAssertTrue(findings.first?.message.hasSuffix("(also called from ImportsUmbrella.swift:2)") == true, findings.first?.message ?? "")
    }

    /// A file an Xcode project compiles into the app and its share extension belongs to both modules:
    /// the extension's calls into it resolve, though the file is named after the app.
    func testAFileSharedByTwoXcodeTargetsIsSeenFromEach() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("App.xcodeproj/project.pbxproj", """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (APP, SHARE); };
                MAIN = { isa = PBXGroup; children = (S1, S2, S3); sourceTree = "<group>"; };
                S1 = { isa = PBXFileReference; path = Shared/Store.swift; sourceTree = "<group>"; };
                S2 = { isa = PBXFileReference; path = Share/ShareView.swift; sourceTree = "<group>"; };
                S3 = { isa = PBXFileReference; path = Mac/Other.swift; sourceTree = "<group>"; };
                B1 = { isa = PBXBuildFile; fileRef = S1; };
                B2 = { isa = PBXBuildFile; fileRef = S2; };
                B3 = { isa = PBXBuildFile; fileRef = S3; };
                APPSOURCES = { isa = PBXSourcesBuildPhase; files = (B1, B3); };
                SHARESOURCES = { isa = PBXSourcesBuildPhase; files = (B1, B2); };
                APP = { isa = PBXNativeTarget; name = App; buildPhases = (APPSOURCES); productType = "com.apple.product-type.application"; };
                SHARE = { isa = PBXNativeTarget; name = Share; buildPhases = (SHARESOURCES); productType = "com.apple.product-type.app-extension"; };
            }; rootObject = PRJ; }
            """)
        try directory.write("Shared/Store.swift", "func save() { for _ in 0..<1_000_000 {} }")
        try directory.write("Mac/Other.swift", "func churn() { for _ in 0..<1_000_000 {} }")
        try directory.write("Share/ShareView.swift", "@MainActor func post() { Task { save(); churn() } }")
        let findings = try Linter().lint(paths: [directory.path]).findings
        XCTAssertEqual(findings.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)" }, ["ShareView.swift:1:33"],
                       "save() is compiled into Share too; churn() is the app's alone")
    }
}

/// Issue 17, item 2: a conformance another module adds in an extension does not isolate the type's own
/// members, and a package's findings do not depend on what else is linted.
final class CrossModuleIsolationTests: XCTestCase {
    private let network = """
        import Foundation
        public final class APIClient {
            public func cachedResponse(at url: URL) -> Data? {
                try? Data(contentsOf: url)
            }
        }
        """
    private let feature = """
        import Network
        @MainActor protocol UploadClient {
            func cachedResponse(at url: URL) -> Data?
        }
        extension APIClient: UploadClient {}
        """

    private func findings(_ sources: [(path: String, text: String, target: String)]) -> [String] {
        let inputs = sources.map { Linter.SourceInput(path: $0.path, text: $0.text, settings: ModuleSettings(targetName: $0.target)) }
        return Linter().lint(inputs).findings.map { "\($0.file):\($0.line) \($0.ruleID)" }
    }

    func testAnExtensionInAnotherModuleDoesNotIsolateTheTypesMembers() {
        XCTAssertEqual(findings([("Network/APIClient.swift", network, "Network"), ("Feature/Upload.swift", feature, "Feature")]), [])
    }

    func testAPackageLintsTheSameAloneAndWithTheApp() {
        let screen = """
            import UIKit
            final class HomeViewController: UIViewController {
                let store = SettingsStore()
                override func viewDidLoad() { super.viewDidLoad(); sleep(1) }
            }
            final class SettingsStore {}
            extension SettingsStore: UITableViewDataSource {}
            """
        let kit = """
            public final class SettingsStore {
                public func load() { usleep(10) }
            }
            """
        let alone = findings([("Kit/SettingsStore.swift", kit, "Kit")])
        let withApp = findings([("Kit/SettingsStore.swift", kit, "Kit"), ("App/Home.swift", screen, "App")])
        XCTAssertEqual(alone, [])
        XCTAssertEqual(withApp.filter { $0.hasPrefix("Kit/") }, alone)
        XCTAssertEqual(withApp, ["App/Home.swift:4 blocking_call_on_main_actor"])
    }

    /// Two modules declare a type of one name (an app extension's `NotificationService` beside another
    /// target's, two apps linted together): each module's code gets its own module's declaration.
    func testATypeNameTwoModulesDeclareIsolatesEachModulesOwn() {
        let service = """
            import UIKit
            final class NotificationService {
                func attach(_ url: URL) { let data = try? Data(contentsOf: url); sleep(1); print(data as Any) }
            }
            """
        let mainActorTarget = ModuleSettings(targetName: "Widgets", defaultIsolationMainActor: true)
        let inputs = [Linter.SourceInput(path: "Widgets/NotificationService.swift", text: service, settings: mainActorTarget),
                      Linter.SourceInput(path: "Service/NotificationService.swift", text: service, settings: ModuleSettings(targetName: "Service"))]
        XCTAssertEqual(Linter().lint(inputs).findings.map { "\($0.file):\($0.line) \($0.ruleID)" },
                       ["Widgets/NotificationService.swift:3 blocking_call_on_main_actor"],
                       "the Service target's type is nonisolated, whatever the Widgets target's default isolation")
    }
}

/// Issue 17, item 4: calls resolve as Swift would, or not at all.
final class CallResolutionTests: XCTestCase {
    private func findings(_ sources: [String: String]) -> [String] {
        let inputs = sources.sorted { $0.key < $1.key }.map { Linter.SourceInput(path: $0.key, text: $0.value, settings: .classic) }
        return Linter().lint(inputs).findings.map { "\($0.file):\($0.line) \($0.ruleID)" }
    }

    func testPrivateFunctionsAreCandidatesOnlyInTheirOwnFile() {
        let tags = """
            struct Tags {
                private func insert(_ tag: Int) { for _ in 0..<100_000 {} }
                func add(_ tag: Int) { insert(tag) }
            }
            """
        let screen = """
            @MainActor final class TagScreen {
                let tags = Tags()
                func tapped() { Task { tags.insert(1) } }
            }
            """
        XCTAssertEqual(findings(["Tags.swift": tags, "TagScreen.swift": screen]), [])
        // The same function, visible: reported.
        let visible = tags.replacingOccurrences(of: "private func", with: "func")
        XCTAssertEqual(findings(["Tags.swift": visible, "TagScreen.swift": screen]), ["TagScreen.swift:3 sync_work_in_main_actor_task"])
    }

    func testAnUntypedReceiverResolvesOnlyToTheTypeItsNameNames() {
        let model = """
            final class EmojiPickerModel {
                func insertText(_ text: String) { for _ in 0..<100_000 {} }
            }
            """
        let screen = """
            @MainActor final class Compose {
                func tapped() {
                    Task {
                        textView.insertText(" ")
                        emojiPickerModel.insertText(" ")
                    }
                }
            }
            """
        XCTAssertEqual(findings(["Model.swift": model, "Compose.swift": screen]), ["Compose.swift:5 sync_work_in_main_actor_task"])
    }

    func testAClassValueRunsItsOwnInheritedOrOverridingMethod() {
        let index = ModuleIndex(sources: ["""
            class Store { func load() {} }
            class DiskStore: Store { override func load() {} }
            final class PhotoStore: DiskStore {}
            final class Unrelated { func load() {} }
            """])
        func owners(_ receiver: ReceiverKind, callerType: String? = nil) -> [String] {
            let syntax = Parser.parse(source: "load()").statements.first!.item.as(FunctionCallExprSyntax.self)!
            let call = CalledName(syntax)!
            return index.calleePositions(of: call, receiver: receiver, callerType: callerType, callerFile: 0)
                .map { index.declaredFunction(at: $0).enclosingType ?? "" }.sorted()
        }
        // Declared: the class's own method, and every subclass's override.
        XCTAssertEqual(owners(.instance("Store")), ["DiskStore", "Store"])
        // Inherited: the nearest superclass that declares it.
        XCTAssertEqual(owners(.instance("PhotoStore")), ["DiskStore"])
        XCTAssertEqual(owners(.implicitSelf, callerType: "PhotoStore"), ["DiskStore"])
        // A cast to a type the code does not declare falls back to what the value's name names.
        XCTAssertEqual(owners(.cast(type: "LegacyStore", name: "unrelated")), ["Unrelated"])
        XCTAssertEqual(owners(.cast(type: "PhotoStore", name: "unrelated")), ["DiskStore"])
    }

    func testADelegatingInitializerRunsTheInitializerItCalls() {
        let index = ModuleIndex(sources: ["""
            import Foundation
            final class Catalogue {
                let names: [String]
                init(url: URL) {
                    let data = (try? Data(contentsOf: url)) ?? Data()
                    names = (try? JSONDecoder().decode([String].self, from: data)) ?? []
                }
                convenience init(path: String) { self.init(url: URL(fileURLWithPath: path)) }
                convenience init() { self.init(path: "/tmp/catalogue.json") }
            }
            """], settings: .lowCost)
        let heaviness = Dictionary(uniqueKeysWithValues: index.functions.map { ($0.signature, $0.heaviness) })
        XCTAssertEqual(heaviness["Catalogue(url:)"], "calls Data(contentsOf:)")
        XCTAssertEqual(heaviness["Catalogue(path:)"], "calls self.init(url:), which calls Data(contentsOf:)")
        XCTAssertNotNil(heaviness["Catalogue()"] ?? nil)
    }

    func testTheHierarchyEndsAtACycle() {
        let records = ["A": "B", "B": "A"].map { name, superclass in
            TypeDeclarationRecord(name: name, keyword: "class", explicitIsolation: nil, inherited: [superclass], settings: .classic)
        }
        let hierarchy = TypeHierarchy(records)
        XCTAssertEqual(hierarchy.superclasses(of: "A"), ["B"])
        XCTAssertEqual(hierarchy.subclasses(of: "A"), ["B"])
    }

    func testAValueMadeByAFactoryHasTheTypeTheFactoryReturns() {
        let export = """
            import UIKit
            protocol PageExporter { func data(from pages: [UIImage]) -> [Data] }
            enum PageExporterFactory {
                static func make(format: String) -> any PageExporter { PNGPageExporter() }
            }
            final class PNGPageExporter: PageExporter {
                func data(from pages: [UIImage]) -> [Data] { Thread.sleep(forTimeInterval: 0.3); return [] }
            }
            final class JPEGPageExporter: PageExporter {
                func data(from pages: [UIImage]) -> [Data] { Thread.sleep(forTimeInterval: 0.3); return [] }
            }
            """
        let screen = """
            import UIKit
            final class ScanViewController: UIViewController {
                var pages: [UIImage] = []
                @objc func share() {
                    let exporter = PageExporterFactory.make(format: "png")
                    _ = exporter.data(from: pages)
                }
                @objc func print() {
                    let pageExporter = PageExporterFactory.printer(format: "png")
                    _ = pageExporter.data(from: pages)
                }
            }
            """
        // `exporter` names both conformers, so only the factory's declared result resolves the call (a
        // protocol: every conformer sleeps); a factory the index does not know leaves it to the name, which
        // stays ambiguous.
        XCTAssertEqual(findings(["Export.swift": export, "Screen.swift": screen]), ["Screen.swift:6 blocking_call_on_main_actor"])
    }

    func testAClosureHandedToAJobQueueIsNotTheCallersWork() {
        let visit = """
            final class Visit {
                func findPlace() { Jobs.addSecondaryJob("find") { Thread.sleep(forTimeInterval: 0.2) } }
                func matchPlace() { Jobs.enqueue { Thread.sleep(forTimeInterval: 0.2) } }
                func namePlace() { Jobs.perform("name") { Thread.sleep(forTimeInterval: 0.2) } }
            }
            """
        let screen = """
            import UIKit
            final class VisitViewController: UIViewController {
                let visit = Visit()
                override func viewDidLoad() {
                    visit.findPlace()
                    visit.matchPlace()
                    visit.namePlace()
                }
            }
            """
        XCTAssertEqual(findings(["Visit.swift": visit, "Screen.swift": screen]), ["Screen.swift:7 blocking_call_on_main_actor"])
        XCTAssertFalse(ClosureExprSyntax.queuesAJob("Job"))
        XCTAssertFalse(ClosureExprSyntax.queuesAJob("jobsDidFinish"))
    }

    func testAReceiverNameMatchesItsTypeWhicheverWordIsPlural() {
        let api = """
            import Foundation
            final class ExtensionsApi {
                func transaction(id: String) -> String {
                    let semaphore = DispatchSemaphore(value: 0)
                    semaphore.wait()
                    return id
                }
            }
            """
        let screen = """
            import UIKit
            final class NotificationViewController: UIViewController {
                let extensionApi = makeApi()
                func didReceive(_ id: String) {
                    _ = extensionApi.transaction(id: id)
                }
            }
            """
        XCTAssertEqual(findings(["Api.swift": api, "Screen.swift": screen]), ["Screen.swift:5 blocking_call_on_main_actor"])
        XCTAssertEqual(ModuleIndex.singularWords("ExtensionsApi"), ModuleIndex.singularWords("extensionApi"))
        XCTAssertEqual(ModuleIndex.singularWords("imageURLs"), "imageurl")
        XCTAssertEqual(ModuleIndex.singularWords("address"), "address")
        // A name that is another type's: still unresolved.
        let other = screen.replacingOccurrences(of: "extensionApi", with: "walletApi")
        XCTAssertEqual(findings(["Api.swift": api, "Screen.swift": other]), [])
    }
}

extension ModuleSettings {
    /// `include_low_cost: true`.
    static var lowCost: ModuleSettings {
        var settings = ModuleSettings.classic
        settings.includesLowCost = true
        return settings
    }
}

extension ModuleIndexTests {
    /// A computed property's getter is a function named by the property: a read runs it, a call of the same
    /// name runs a function, and a local of that name is neither.
    func testAReadOfAComputedPropertyRunsItsGetter() {
        let sources = ["""
            import Foundation
            final class Library {
                var total: Int {
                    let data = (try? Data(contentsOf: videoURL)) ?? Data()
                    return data.count
                }
                func total(in shelf: Int) -> Int { shelf }
                func summary() -> String { "\\(total)" }
                func shelfSummary() -> String { "\\(total(in: 1))" }
                func localSummary() -> String { let total = 3; return "\\(total)" }
            }
            """]
        XCTAssertEqual(heaviness(of: "total", in: sources), "calls Data(contentsOf:)")
        XCTAssertEqual(heaviness(of: "summary()", in: sources), "reads total, which calls Data(contentsOf:)")
        XCTAssertNil(heaviness(of: "shelfSummary()", in: sources))
        XCTAssertNil(heaviness(of: "localSummary()", in: sources))
    }
}
