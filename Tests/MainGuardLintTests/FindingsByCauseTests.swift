@testable import MainGuardLint
import XCTest

/// One finding per cause: a blocking helper called from many main-actor places is reported once.
final class FindingsByCauseTests: XCTestCase {
    func testAHelperCalledFromManyMainActorPlacesIsOneFindingThatNamesTheOthers() {
        let helper = Linter.SourceInput(path: "Store.swift", text: """
            import Foundation
            enum Store { static func load() -> Data? { try? Data(contentsOf: videoURL) } }
            """, settings: .classic)
        let screens = (1...4).map { number in
            Linter.SourceInput(path: "Screen\(number).swift", text: """
                @MainActor final class Screen\(number) {
                    func show() { _ = Store.load() }
                }
                """, settings: .classic)
        }
        let findings = Linter().lint([helper] + screens).findings
        XCTAssertEqual(findings.map(\.file), ["Screen1.swift"])
        XCTAssertEqual(findings.first?.otherSites, ["Screen2.swift:2:29", "Screen3.swift:2:29", "Screen4.swift:2:29"])
        // Two places would take the message past 200 characters: it names one, and JSON names them all.
        XCTAssertTrue(findings.first?.message.hasSuffix("(also called from Screen2.swift:2 and 2 more)") == true,
                      findings.first?.message ?? "")
        XCTAssertLessThanOrEqual(findings.first?.message.count ?? 0, MessageBudget.characters)
        let json = JSONReporter.render(findings)
        XCTAssertTrue(json.contains("\"other_sites\""), json)
        XCTAssertTrue(json.contains("Screen4.swift:2:29"), json)
    }

    /// A helper's work reached from a main-queue block (`sync_work_in_main_actor_task`) and from a
    /// main-actor method (`blocking_call_on_main_actor`) is one cause, whichever rule reports it (round CU:
    /// a notes app's unlock, which unzips the note, called from a button and from a delayed main-queue block).
    func testOneHelperReportedByTwoRulesIsOneFinding() {
        let helper = Linter.SourceInput(path: "Vault.swift", text: """
            import Foundation
            final class Vault {
                func unlock(_ archive: String, into folder: String) {
                    SSZipArchive.unzipFile(atPath: archive, toDestination: folder)
                }
            }
            """, settings: .classic)
        let screen = Linter.SourceInput(path: "VaultScreen.swift", text: """
            import UIKit
            final class VaultScreen: UIViewController {
                let vault = Vault()
                func unlockTapped() { vault.unlock("a.zip", into: "a") }
                func unlockLater() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.vault.unlock("b.zip", into: "b") }
                }
            }
            """, settings: .classic)
        let findings = Linter().lint([helper, screen]).findings
        XCTAssertEqual(findings.map(\.line), [4], findings.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(findings.first?.otherSites, ["VaultScreen.swift:6:74"])
    }

    /// The other callers take what room the message leaves: two places, one, or a count.
    func testOtherCallersAreNamedWithinTheMessageBudget() {
        let sites = ["App/Screen2.swift:2:29", "App/Screen3.swift:8:3", "App/Screen4.swift:2:29"]
        XCTAssertEqual(FindingsByCause.otherCallers(sites, after: "short"),
                       " (also called from Screen2.swift:2, Screen3.swift:8 and 1 more)")
        XCTAssertEqual(FindingsByCause.otherCallers(Array(sites.prefix(2)), after: "short"),
                       " (also called from Screen2.swift:2, Screen3.swift:8)")
        let long = String(repeating: "x", count: 150)
        XCTAssertEqual(FindingsByCause.otherCallers(sites, after: long), " (also called from Screen2.swift:2 and 2 more)")
        XCTAssertEqual(FindingsByCause.otherCallers(sites, after: long + long), " (and 3 other callers)")
        XCTAssertEqual(FindingsByCause.otherCallers(Array(sites.prefix(1)), after: long + long), " (and 1 other caller)")
    }

    /// The same call in several branches of one function is one cause (a paste handler copying in each
    /// conflict choice): reported once, at the first, naming the other lines; JSON lists every place.
    func testOneCallInSeveralBranchesOfAFunctionIsOneFinding() {
        let source = """
            import AppKit
            @MainActor final class Browser {
                func paste(_ urls: [URL], into folder: URL, replacing: Bool) {
                    if replacing {
                        try? FileManager.default.copyItem(at: urls[0], to: folder)
                    } else {
                        try? FileManager.default.copyItem(at: urls[1], to: folder)
                    }
                }
                func duplicate(_ url: URL, to copy: URL) {
                    try? FileManager.default.copyItem(at: url, to: copy)
                }
            }
            """
        let findings = FindingsByCause.oneFindingPerCause(Linter(configuration: LintConfiguration(scope: LintScope(includeLowCost: true))).lint(source: source))
        XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["5:38", "11:34"], findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(findings.first?.message.hasSuffix(" (also at line 7)") == true, findings.first?.message ?? "")
        XCTAssertEqual(findings.first?.otherSites?.count, 1)
        XCTAssertNil(findings.last?.otherSites)
    }

    /// A capture session started and stopped in several methods of one type has one fix (one serial queue of
    /// the type's): one finding, at the first place, naming the other lines (blind round CI: a scanner's three).
    /// Another type's session is another finding.
    func testOneCaptureSessionOfATypeIsOneFinding() {
        let source = """
            import AVFoundation
            import UIKit
            final class ScannerViewController: UIViewController {
                let session = AVCaptureSession()
                override func viewWillAppear(_ animated: Bool) {
                    session.startRunning()
                }
                override func viewDidDisappear(_ animated: Bool) {
                    session.stopRunning()
                }
            }
            final class CameraViewController: UIViewController {
                let session = AVCaptureSession()
                override func viewDidLoad() {
                    session.startRunning()
                }
            }
            """
        let findings = FindingsByCause.oneFindingPerCause(Linter().lint(source: source))
        XCTAssertEqual(findings.map(\.line), [6, 15], findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(findings.first?.message.hasSuffix(" (also at line 9)") == true, findings.first?.message ?? "")
        XCTAssertNil(findings.last?.otherSites)
    }

    /// `image.tiffRepresentation?.write(to: url)` is one statement and one fix: one finding of a rule per
    /// statement, the most severe, then the first. Statements on one line (a minified file) stay apart.
    func testCatalogueCallsOfOneStatementAreOneFinding() {
        let source = """
            import AppKit
            @MainActor final class Exporter {
                func export(_ images: [NSImage], to folder: URL) {
                    for image in images { try? image.tiffRepresentation?.write(to: folder.appendingPathComponent("a.tiff")) }
                    sleep(1); usleep(2)
                    _ = [1, 2].map { _ in Data().count }; try? Data(contentsOf: folder).write(to: folder, options: .atomic); Thread.sleep(forTimeInterval: 1)
                }
            }
            """
        let findings = Linter(configuration: LintConfiguration(scope: LintScope(includeLowCost: true))).lint(source: source)
        XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["4:42", "5:9", "5:19", "6:52", "6:121"],
                       findings.map(\.message).joined(separator: "\n"))
    }

    /// A file written in `body` is one problem: the view rule, which says to move it into the action,
    /// is kept; the general main-actor warning at the same place is not. An error (a sleep, a wait) stays.
    func testAViewBodyRuleAndTheMainActorRuleAtOnePlaceAreOneFinding() {
        let place = { (rule: String, severity: Severity, line: Int) in
            Finding(ruleID: rule, severity: severity, message: rule, file: "Share.swift", line: line, column: 14)
        }
        let findings = FindingsByCause.oneFindingPerCause([
            place("blocking_call_on_main_actor", .warning, 3), place("side_effect_in_view_body", .warning, 3),
            place("blocking_call_on_main_actor", .error, 5), place("expensive_work_in_view_body", .warning, 5),
            place("blocking_call_on_main_actor", .warning, 7),
        ])
        XCTAssertEqual(findings.map { "\($0.line) \($0.ruleID)" }, [
            "3 side_effect_in_view_body", "5 blocking_call_on_main_actor", "5 expensive_work_in_view_body", "7 blocking_call_on_main_actor",
        ])
    }

    /// Work a timer tick repeats through a helper: a read gives the same result each time, so the advice is to
    /// keep it; a helper process polls something that changes, so the advice is to run it off the main actor.
    func testRepeatedWorkIsKeptButPollingMovesOffTheMainActor() {
        let source = """
            import AppKit
            func readBadge() -> NSImage? { NSImage(contentsOfFile: "/tmp/badge.png") }
            func runStatusCommand() -> String {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                let pipe = Pipe()
                process.standardOutput = pipe
                try? process.run()
                return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            }
            final class StatusViewController: NSViewController {
                private var timer: Timer?
                override func viewDidAppear() {
                    super.viewDidAppear()
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        self?.refreshBadge()
                        self?.refreshStatus()
                    }
                }
                private func refreshBadge() { view.window?.title = readBadge()?.name() ?? "" }
                private func refreshStatus() { view.window?.subtitle = runStatusCommand() }
            }
            """
        let messages = Linter().lint(source: source).map(\.message)
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("NSImage(contentsOfFile:)") && $0.hasSuffix("do it once and keep the result") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("FileHandle.readDataToEndOfFile()") && $0.contains("move it into") }, "\(messages)")
    }
}
