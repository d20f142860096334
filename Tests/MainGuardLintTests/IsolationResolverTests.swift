@testable import MainGuardLint
import SwiftParser
import SwiftSyntax
import XCTest

/// Each isolation source and each chain breaker, observed at a call to `probe()`.
final class IsolationResolverTests: XCTestCase {
    private func isolation(at source: String, settings: ModuleSettings = .classic,
                           file: StaticString = #filePath, line: UInt = #line) -> Isolation? {
        let tree = Parser.parse(source: source)
        let facts = FactCollector.collect(tree, fileIndex: 0, settings: settings)
        let index = ModuleIndex(facts: [facts], settings: [settings])
        guard let probe = facts.calls.first(where: { $0.name == "probe" })?.call else {
            XCTFail("no probe() call", file: file, line: line)
            return nil
        }
        return IsolationResolver(index: index, settings: settings).isolation(at: Syntax(probe))
    }

    private func assertMain(_ source: String, origin: String? = nil, settings: ModuleSettings = .classic,
                            file: StaticString = #filePath, line: UInt = #line) {
        let result = isolation(at: source, settings: settings, file: file, line: line)
        XCTAssertTrue(result?.isMainActor == true, "expected main actor, got \(String(describing: result))", file: file, line: line)
        if let origin { XCTAssertEqual(result?.mainActorOrigin?.description, origin, file: file, line: line) }
    }

    private func assertNotMain(_ source: String, settings: ModuleSettings = .classic,
                               file: StaticString = #filePath, line: UInt = #line) {
        let result = isolation(at: source, settings: settings, file: file, line: line)
        XCTAssertFalse(result?.isMainActor ?? true, "expected off the main actor, got \(String(describing: result))", file: file, line: line)
    }

    // MARK: Sources

    func testMainActorClosure() {
        assertMain("func f() { run { @MainActor in probe() } }", origin: "a @MainActor closure")
    }

    func testMainActorFunctionAndType() {
        assertMain("@MainActor func load() { probe() }", origin: "@MainActor func load()")
        assertMain("@MainActor final class Model { func load() { probe() } }", origin: "@MainActor class Model")
        assertMain("@MainActor extension Model { func load() { probe() } }\nstruct Model {}")
        assertMain("@MainActor final class Model {}\nextension Model { func load() { probe() } }", origin: "@MainActor class Model")
    }

    func testSwiftUIConformers() {
        assertMain("struct ContentView: View { var body: some View { Button(\"A\") { probe() } } }", origin: "ContentView.body")
        assertMain("struct Card {}\nextension Card: View { var body: some View { Text(\"\").onAppear { probe() } } }")
        assertMain("struct Bold: ViewModifier { func body(content: Content) -> some View { probe() } }")
        assertMain("@main struct MyApp: App { var body: some Scene { probe() } }")
    }

    func testUIKitSubclassesAndDelegates() {
        assertMain("final class VC: UIViewController { override func viewDidLoad() { probe() } }",
                   origin: "VC.viewDidLoad (VC subclasses UIViewController)")
        assertMain("class Base: NSViewController {}\nclass Middle: Base {}\nfinal class Leaf: Middle { func f() { probe() } }")
        assertMain("@MainActor class Base {}\nfinal class Leaf: Base { func f() { probe() } }",
                   origin: "Leaf.f (Leaf inherits @MainActor from Base)")
        assertMain("@MainActor protocol Screen {}\nfinal class Home: Screen { func f() { probe() } }")
        assertMain("final class AppDelegate: NSObject, UIApplicationDelegate { func f() { probe() } }")
    }

    func testDefaultIsolation() {
        let swift62 = ModuleSettings(targetName: "App", defaultIsolationMainActor: true)
        assertMain("func f() { probe() }", origin: "default isolation MainActor of target App", settings: swift62)
        assertMain("final class Model { func f() { probe() } }", settings: swift62)
        assertNotMain("func f() { probe() }")
        XCTAssertEqual(isolation(at: "func f() { probe() }", settings: swift62)?.mainActorOrigin?.isDefaultIsolation, true)
    }

    func testMainActorJobs() {
        assertMain("func f() async { await MainActor.run { probe() } }", origin: "MainActor.run")
        assertMain("func f() { DispatchQueue.main.async { probe() } }")
        assertMain("func f() { MainActor.assumeIsolated { probe() } }")
    }

    func testTasksInheritWhereTheyAreWritten() {
        assertMain("@MainActor final class M { func f() { Task { probe() } } }")
        assertMain("@MainActor final class M { func f() { Task(priority: .high) { [weak self] in probe() } } }")
        assertMain("@MainActor func f() { Task(name: \"x\") { items.map { _ in probe() } } }")
        assertNotMain("final class M { func f() { Task { probe() } } }")
    }

    // MARK: Breakers

    func testNonisolatedAndConcurrentBreakTheChain() {
        assertNotMain("@MainActor final class M { nonisolated func f() { probe() } }")
        assertNotMain("@MainActor final class M { @concurrent func f() async { probe() } }")
        assertNotMain("func f() { probe() }", settings: ModuleSettings(defaultIsolationMainActor: false))
        assertNotMain("nonisolated func f() { probe() }", settings: ModuleSettings(defaultIsolationMainActor: true))
        assertNotMain("@MainActor final class M { deinit { probe() } }")
    }

    func testACCallbackRunsWhereItsAPICallsIt() {
        let swift62 = ModuleSettings(targetName: "App", defaultIsolationMainActor: true)
        let callback = "func tapped(proxy: CGEventTapProxy, type: CGEventType, event: CGEvent, refcon: UnsafeMutableRawPointer?) -> Unmanaged<CGEvent>? { probe(); return nil }"
        assertNotMain(callback + "\nfunc install() { _ = CGEvent.tapCreate(tap: .cgSessionEventTap, place: .headInsertEventTap, options: .defaultTap, eventsOfInterest: 0, callback: tapped, userInfo: nil) }",
                      settings: swift62)
        // Only called, never handed to a C API: a helper that takes a pointer, on the default actor.
        assertMain(callback + "\nfunc install() { _ = tapped(proxy: proxy, type: .null, event: event, refcon: nil) }", settings: swift62)
        // A method is not a C function pointer.
        assertMain("final class Tap { func tapped(refcon: UnsafeMutableRawPointer?) { probe() }\n func install() { register(callback: tapped) } }",
                   settings: swift62)
    }

    func testActorsAndOtherGlobalActorsBreakTheChain() {
        assertNotMain("actor Store { func f() { probe() } }", settings: ModuleSettings(defaultIsolationMainActor: true))
        XCTAssertEqual(isolation(at: "@MainActor final class M { @DatabaseActor func f() { probe() } }"), .otherActor("DatabaseActor"))
    }

    func testBackgroundClosuresBreakTheChain() {
        let wrapped = { (body: String) in "@MainActor final class M { func f() { \(body) } }" }
        assertNotMain(wrapped("Task.detached { probe() }"))
        assertNotMain(wrapped("Task.detached(priority: .low) { probe() }"))
        assertNotMain(wrapped("DispatchQueue.global().async { probe() }"))
        assertNotMain(wrapped("queue.async { probe() }"))
        assertNotMain(wrapped("URLSession.shared.dataTask(with: url) { _, _, _ in probe() }.resume()"))
        assertNotMain(wrapped("Thread.detachNewThread { probe() }"))
        assertNotMain(wrapped("OperationQueue().addOperation { probe() }"))
        assertNotMain(wrapped("let run: @Sendable () -> Void = { @Sendable in probe() }"))
        assertNotMain("@MainActor func f() async { await withTaskGroup(of: Void.self) { group in group.addTask { probe() } } }")
        assertNotMain("@MainActor func f() async { await withTaskGroup(of: Void.self) { group in group.addTaskUnlessCancelled { probe() } } }")
    }

    func testNestedTypesDoNotInheritTheOuterTypesIsolation() {
        assertNotMain("@MainActor final class Outer { struct Inner { func f() { probe() } } }")
    }
}
