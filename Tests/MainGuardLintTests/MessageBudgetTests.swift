@testable import MainGuardLint
import Foundation
import XCTest

/// Messages a person reads: about 200 characters, the blocking or heavy call first, chains of at most
/// three functions.
final class MessageBudgetTests: XCTestCase {
    func testStylesShortenSignaturesOriginsAndChainsInTurn() {
        let full = MessageStyle()
        let compact = MessageStyle(compactSignatures: true)
        XCTAssertEqual(full.signature("saveSnippet(folder:name:content:)"), "saveSnippet(folder:name:content:)")
        XCTAssertEqual(compact.signature("saveSnippet(folder:name:content:)"), "saveSnippet(…)")
        // One label or none says little more than the name: kept.
        XCTAssertEqual(compact.signature("load(from:)"), "load(from:)")
        XCTAssertEqual(compact.signature("JSONDecoder.decode"), "JSONDecoder.decode")

        let origin = MainActorOrigin("AlbumViewController.load (AlbumViewController subclasses UIViewController)",
                                     brief: "AlbumViewController.load")
        XCTAssertEqual(compact.origin(origin), origin.description)
        XCTAssertEqual(MessageStyle(briefOrigins: true).origin(origin), "AlbumViewController.load")

        let chain = ["open()", "route(to:)", "make(kind:)", "sort(by:)"]
        XCTAssertEqual(full.chain(chain), "open() → … → sort(by:)")
        XCTAssertEqual(full.chain(Array(chain.prefix(3))), "open() → route(to:) → make(kind:)")
        XCTAssertEqual(MessageStyle(shortChains: true).chain(Array(chain.prefix(3))), "open() → … → make(kind:)")
    }

    func testTheFullestStyleThatFitsIsUsed() {
        let signature = "rebuild(items:into:options:)"
        let short = MessageBudget.fit { style in style.signature(signature) }
        XCTAssertEqual(short, signature)
        let padding = String(repeating: "x", count: MessageBudget.characters - 10)
        let long = MessageBudget.fit { style in padding + style.signature(signature) }
        XCTAssertEqual(long, padding + "rebuild(…)")
    }

    /// The blocking call comes first, then the functions that reach it from the call site.
    func testAHelperChainLeadsWithTheBlockingCall() {
        let source = """
            import Foundation
            @MainActor final class ClipsScreen {
                func show() { _ = prepareClips(in: "/tmp") }
            }
            func prepareClips(in folder: String) -> Int { loadClips(from: folder).count }
            func loadClips(from folder: String) -> [Data] { [readVideo(at: folder + "/clip.mov")] }
            func readVideo(at path: String) -> Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.message), [
            "Data(contentsOf:) does synchronous I/O in main-actor code (@MainActor class ClipsScreen), via prepareClips(in:) → … → "
                + "readVideo(at:); move it into a `nonisolated` async function and await it",
        ])
    }

    /// Work in an event closure of a view's body names the closure, so that it does not read as work done on
    /// every render (blind round CR: a double tap's redirect check placed in "StoreAppView.body"); work that
    /// runs while `body` is evaluated keeps the plain origin.
    func testWorkInAViewsEventClosureNamesTheClosure() {
        let source = """
            import SwiftUI
            struct PrinterView: View {
                let url: URL
                var body: some View {
                    VStack {
                        Text("Printer")
                            .gesture(TapGesture(count: 2).onEnded {
                                let handler = Handler(url: url)
                                handler.run()
                            })
                        Button("Reset") { sleep(1) }
                        Button(action: { sleep(3) }) { Text("Retry") }
                    }
                    .task { sleep(2) }
                }
            }
            final class Handler {
                init(url: URL) { Thread.sleep(forTimeInterval: 1) }
                func run() {}
            }
            """
        let origins = Linter().lint(source: source).map { finding in
            finding.message.firstMatch(of: /main-actor code \((.*?)\)[,;]/).map { String($0.1) } ?? finding.message
        }
        XCTAssertEqual(origins, [".onEnded { } in PrinterView.body", "Button { } in PrinterView.body",
                                 "Button(action:) in PrinterView.body", ".task { } in PrinterView.body"])
    }

    /// A wait with a timeout is named as written, through a helper too (blind round AN: `wait(timeout:)` was
    /// reported as `wait()`).
    func testAWaitWithATimeoutIsNamedAsWritten() {
        let source = """
            import Foundation
            @MainActor final class SearchScreen {
                func search() { _ = matches() }
            }
            func matches() -> Int {
                let group = DispatchGroup()
                group.enter()
                DispatchQueue.global().async { group.leave() }
                _ = group.wait(timeout: .now() + 5)
                return 0
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.message), [
            "DispatchGroup.wait(timeout:) waits on the main thread in main-actor code (@MainActor class SearchScreen), via matches(); "
                + "await the result instead of waiting",
        ])
    }

    /// Reading a helper process's output to its end waits for the process: the message says so (a dashboard
    /// running `system_profiler` through the app's shell helper, `SlowCommands`).
    func testReadingAProcessOutputToItsEndIsNamedAsAWaitForTheProcess() {
        let source = """
            import AppKit
            func shell(_ path: String, _ arguments: [String]) -> String {
                let task = Process()
                let output = Pipe()
                task.launchPath = path
                task.arguments = arguments
                task.standardOutput = output
                task.launch()
                return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            }
            final class DashboardViewController: NSViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = shell("/usr/sbin/system_profiler", ["SPDisplaysDataType"])
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.message), [
            "FileHandle.readDataToEndOfFile() waits for a helper process in main-actor code (DashboardViewController.viewDidLoad), "
                + "via shell(…); move it into a `nonisolated` async function and await it",
        ])
    }

    /// Every message of the realistic fixture, low-cost ones included, about the budget at most (when the
    /// shortest style does not fit, a few characters over); the other callers of a shared cause may add a count.
    func testRealisticFixtureMessagesStayWithinTheBudget() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Realistic")
        let result = try Linter(configuration: LintConfiguration(scope: LintScope(includeLowCost: true))).lint(paths: [corpus.path])
        XCTAssertGreaterThan(result.findings.count, 30)
        for finding in result.findings {
            let callers = finding.otherSites.map { FindingsByCause.otherCallers($0, after: String(repeating: "x", count: 500)).count } ?? 0
            XCTAssertLessThanOrEqual(finding.message.count, MessageBudget.characters + 20 + callers, finding.message)
        }
    }

    /// A sleep's fix fits where it is: `Task.sleep` only where the code may await, otherwise the rest is
    /// scheduled (blind round CI: a class table's `sleep(1)` in `viewDidLoad`).
    func testASleepsFixFitsWhereItIs() {
        let source = """
            import UIKit

            final class TableViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    sleep(1)
                }

                func refresh() async {
                    sleep(1)
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [6, 10])
        XCTAssertTrue(findings.first?.message.hasSuffix("schedule what follows with `DispatchQueue.main.asyncAfter` instead of sleeping") ?? false,
                      findings.first?.message ?? "")
        XCTAssertTrue(findings.last?.message.hasSuffix("use `try await Task.sleep(for:)` instead") ?? false, findings.last?.message ?? "")
    }

    /// An HTML import read only for its plain text needs no importer at all (blind round CJ: event, speaker and
    /// venue descriptions imported in `cellForRowAt` only to set a label's text); one shown as attributed text
    /// keeps the advice to cache it.
    func testAnHTMLImportReadOnlyAsTextIsToldToStripTheTags() {
        let source = """
            import UIKit

            final class DetailViewController: UITableViewController {
                var html = ""

                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                    if let text = try? NSAttributedString(data: Data(html.utf8), options: [.documentType: NSAttributedString.DocumentType.html],
                                                          documentAttributes: nil) {
                        cell.textLabel?.text = text.string
                    }
                    return cell
                }
            }

            final class StyledViewController: UITableViewController {
                var html = ""

                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                    let styled = try? NSAttributedString(data: Data(html.utf8), options: [.documentType: NSAttributedString.DocumentType.html],
                                                         documentAttributes: nil)
                    cell.textLabel?.attributedText = styled
                    return cell
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [8, 21])
        XCTAssertTrue(findings.first?.message.hasSuffix("only its text is read: strip the tags instead of importing the HTML") ?? false,
                      findings.first?.message ?? "")
        XCTAssertTrue(findings.last?.message.hasSuffix("cache or precompute the result: this API must run on the main actor") ?? false,
                      findings.last?.message ?? "")
    }

    /// Work in a main-queue block is code written with queues: its fix is a background queue, not an async
    /// function (blind round CJ: a baby photo JPEG-encoded in a `DispatchQueue.main.async` block); a task's keeps
    /// the async advice.
    func testWorkInAMainQueueBlockIsToldToUseABackgroundQueue() {
        let source = """
            import UIKit

            final class PhotoStore {
                func save(_ photo: UIImage) {
                    DispatchQueue.main.async {
                        self.data = photo.jpegData(compressionQuality: 1)
                    }
                }

                @MainActor func saveLater(_ photo: UIImage) {
                    Task {
                        self.data = photo.jpegData(compressionQuality: 1)
                    }
                }

                var data: Data?
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [6, 12])
        XCTAssertTrue(findings.first?.message.hasSuffix("do it on a background queue, then hop to the main queue with the result") ?? false,
                      findings.first?.message ?? "")
        XCTAssertTrue(findings.last?.message.contains("async function") ?? false, findings.last?.message ?? "")
    }

    /// A delegate or data-source method is named with its labels: `tableView` alone names a dozen methods (blind
    /// round CJ). Other functions keep their base name.
    func testADelegateMethodIsNamedByItsSignature() {
        let source = """
            import UIKit

            final class NewsViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    sleep(1)
                    return UITableViewCell()
                }

                func reload(_ table: UITableView, animated: Bool) {
                    sleep(1)
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [5, 10])
        XCTAssertTrue(findings.first?.message.contains("(NewsViewController.tableView(_:cellForRowAt:)") ?? false, findings.first?.message ?? "")
        XCTAssertTrue(findings.last?.message.contains("(NewsViewController.reload") ?? false, findings.last?.message ?? "")
        XCTAssertFalse(findings.last?.message.contains("reload(_:") ?? true, findings.last?.message ?? "")
    }
}
