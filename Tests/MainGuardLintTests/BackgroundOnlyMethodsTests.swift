import Testing
@testable import MainGuardLint

/// A method of a class that is main-actor only through its SDK superclass runs where its callers run
/// (`BackgroundOnlyMethods`): its file's calls decide, and a call from any other file keeps the finding.
struct BackgroundOnlyMethodsTests {
    static let shell = Linter.SourceInput(path: "ShellViewController.swift", text: """
    import UIKit

    final class ShellViewController: UIViewController {
        private let commandQueue = DispatchQueue(label: "commands")

        func repeatKey() {
            usleep(250_000)
        }

        func longPress() {
            commandQueue.async { self.repeatKey() }
        }
    }
    """, settings: .classic)

    @Test func aMethodItsFileCallsOnlyInBackgroundIsNotReported() {
        #expect(Linter().lint([Self.shell]).findings.isEmpty)
    }

    /// Default isolation MainActor makes every method main-actor, but only Swift 6 mode holds callers to
    /// it: in Swift 5 mode (Xcode 26's new app targets) a store's serial queue calls its methods on that
    /// queue (blind round AH: a browser's tab store writing tabs from `stateQueue.async`).
    @Test func underDefaultIsolationTheLanguageModeDecides() {
        let store = """
        import SQLite3

        final class TabStore {
            private let stateQueue = DispatchQueue(label: "tabs")

            func persist() {
                stateQueue.async { self.insertTabs() }
            }

            func insertTabs() {
                usleep(250_000)
            }
        }
        """
        func findings(mode: Int?) -> [Int] {
            var settings = ModuleSettings(targetName: "App", defaultIsolationMainActor: true)
            settings.languageMode = mode
            return Linter().lint([Linter.SourceInput(path: "TabStore.swift", text: store, settings: settings)]).findings.map(\.line)
        }
        #expect(findings(mode: 5).isEmpty)
        #expect(findings(mode: 6) == [11])
        #expect(findings(mode: nil) == [11], "a mode nothing states counts as Swift 6")
    }

    /// Another file that names the method may call it on the main thread: the finding stays, whatever
    /// order the files come in.
    @Test func aMentionInAnotherFileKeepsTheFinding() {
        let menu = Linter.SourceInput(path: "Menu.swift", text: """
        import UIKit

        final class MenuController: UIViewController {
            let shell = ShellViewController()
            @IBAction func repeatTapped(_ sender: Any) { shell.repeatKey() }
        }
        """, settings: .classic)
        #expect(Linter().lint([Self.shell, menu]).findings.map(\.line) == [7])
        #expect(Linter().lint([menu, Self.shell]).findings.map(\.line) == [7])
    }

    /// Words that cannot call the method keep nothing: a comment, a string, another type's static
    /// member of that name, a call whose arguments another signature takes. A call on a value can.
    @Test func onlyWhatMayCallTheMethodKeepsTheFinding() {
        let unrelated = Linter.SourceInput(path: "Other.swift", text: """
        import Foundation

        // repeatKey is explained in the manual.
        enum Keys {
            static func repeatKey(_ code: Int) -> Int { code }
        }

        func press(pointer: Keyboard) {
            _ = Keys.repeatKey(3)
            pointer.repeatKey(times: 2)
            print("repeatKey")
        }
        """, settings: .classic)
        #expect(Linter().lint([Self.shell, unrelated]).findings.isEmpty)
        let caller = Linter.SourceInput(path: "Caller.swift", text: """
        import UIKit

        final class MenuController: UIViewController {
            var shell: ShellViewController?
            override func viewDidLoad() {
                super.viewDidLoad()
                shell?.repeatKey()
            }
        }
        """, settings: .classic)
        #expect(Linter().lint([Self.shell, caller]).findings.map(\.line) == [7])
    }

    /// A call whose arguments the method's parameters cannot take is another function: `semaphore.wait()`
    /// in any file is not a view controller's own `wait(_ seconds:)`, which a display test calls only on its
    /// queue; a `wait()` of a method whose parameter has a default may be (blind round CV: a monitor app's
    /// control test, kept by every `semaphore.wait()` of the app).
    @Test func aCallThatCannotBindToTheMethodKeepsNothing() {
        let tester = Linter.SourceInput(path: "ControlTester.swift", text: """
        import AppKit

        final class ControlTester: NSViewController {
            private let testQueue = DispatchQueue(label: "tests")
            func wait(_ seconds: TimeInterval) -> Bool {
                Thread.sleep(forTimeInterval: seconds)
                return true
            }
            func start() {
                testQueue.async { _ = self.wait(1) }
            }
        }
        """, settings: .classic)
        let waiting = Linter.SourceInput(path: "Sync.swift", text: """
        import Foundation

        func fetchNow(_ semaphore: DispatchSemaphore, tester: ControlTester) {
            semaphore.wait()
            _ = tester.wait(for: 2)
        }
        """, settings: .classic)
        #expect(Linter().lint([tester, waiting]).findings.isEmpty)
        var defaulted = tester
        defaulted.text = defaulted.text.replacingOccurrences(of: "_ seconds: TimeInterval", with: "_ seconds: TimeInterval = 1")
        #expect(Linter().lint([defaulted, waiting]).findings.map(\.line) == [6])
    }

    /// With default isolation MainActor every caller is main-actor code, so the finding stays.
    @Test func defaultIsolationMainActorKeepsTheFinding() {
        var settings = ModuleSettings.classic
        settings.defaultIsolationMainActor = true
        var shell = Self.shell
        shell.settings = settings
        #expect(Linter().lint([shell]).findings.map(\.line) == [7])
    }

    /// A method the file never calls is called by a framework or by other modules: reported.
    @Test func aMethodNothingCallsIsReported() {
        var shell = Self.shell
        shell.text = shell.text.replacingOccurrences(of: "commandQueue.async { self.repeatKey() }", with: "")
        #expect(Linter().lint([shell]).findings.map(\.line) == [7])
    }

    /// A method its own file never calls, which another file calls only from a global queue, runs there;
    /// one call from main-thread code in any file keeps the finding (blind check of round AY's changes:
    /// a scanner's `startScanning()` dispatched by its view model).
    @Test func callsFromOtherFilesThatAreAllBackgroundDropTheFinding() {
        let scanner = Linter.SourceInput(path: "Scanner.swift", text: """
        import UIKit

        final class ScannerController: UIViewController {
            func startScanning() {
                usleep(250_000)
            }
        }
        """, settings: .classic)
        let model = Linter.SourceInput(path: "ScannerModel.swift", text: """
        import Foundation

        final class ScannerModel {
            let scanner = ScannerController()

            func start() {
                DispatchQueue.global(qos: .userInitiated).async { self.scanner.startScanning() }
            }
        }
        """, settings: .classic)
        #expect(Linter().lint([scanner, model]).findings.isEmpty)
        #expect(Linter().lint([model, scanner]).findings.isEmpty)
        var onTap = model
        onTap.text = model.text.replacingOccurrences(of: "DispatchQueue.global(qos: .userInitiated).async { self.scanner.startScanning() }",
                                                     with: "scanner.startScanning()")
        #expect(Linter().lint([scanner, onTap]).findings.map(\.line) == [5])
        #expect(Linter().lint([scanner]).findings.map(\.line) == [5], "no caller at all: the framework may call it")
        // A file whose own calls are background ones, and another file's too: dropped as well.
        let shellCaller = Linter.SourceInput(path: "Remote.swift", text: """
        import Foundation

        final class Remote {
            let shell = ShellViewController()
            func replay() { DispatchQueue.global().async { self.shell.repeatKey() } }
        }
        """, settings: .classic)
        #expect(Linter().lint([Self.shell, shellCaller]).findings.isEmpty)
    }

    /// A method of the same name on another type is not this method: the view's `model.startScanning()`
    /// and the model's own `func startScanning()` leave the scanner's method called only from the model's
    /// global-queue block.
    @Test func anotherTypesMethodOfTheSameNameIsNotACall() {
        let scanner = Linter.SourceInput(path: "Scanner.swift", text: """
        import UIKit
        import SwiftUI

        final class ScannerController: UIViewController {
            func startScanning() {
                usleep(250_000)
            }
        }

        struct ScannerScreen: View {
            @ObservedObject var model: ScannerModel
            var body: some View {
                Text("Scan").onAppear { model.startScanning() }
            }
        }
        """, settings: .classic)
        let model = Linter.SourceInput(path: "ScannerModel.swift", text: """
        import Foundation

        final class ScannerModel: ObservableObject {
            let scanner = ScannerController()

            func startScanning() {
                DispatchQueue.global(qos: .userInitiated).async { self.scanner.startScanning() }
            }
        }
        """, settings: .classic)
        #expect(Linter().lint([scanner, model]).findings.isEmpty)
        var direct = model
        direct.text = model.text.replacingOccurrences(of: "DispatchQueue.global(qos: .userInitiated).async { self.scanner.startScanning() }",
                                                      with: "scanner.startScanning()")
        // Called directly, the method runs where the view's `onAppear` runs: reported (and at that call too).
        #expect(Linter().lint([scanner, direct]).findings.map(\.line).contains(6))
    }

    /// A later run asks an unchanged file only about methods the last run did not ask about, and reuses the
    /// rest of its answers (the cache keeps them): the findings kept and the answers are a fresh search's.
    @Test func earlierAnswersGiveWhatAFreshSearchGives() {
        let caller = Linter.SourceInput(path: "Caller.swift", text: """
        import UIKit

        final class KeyboardMenu: NSObject {
            weak var shell: ShellViewController?
            @objc func repeatChosen() { shell?.repeatKey() }
            func reloadLater() { DispatchQueue.global().async { self.shell?.reload() } }
        }
        """, settings: .classic)
        func finding(_ method: String, line: Int) -> Finding {
            var finding = Finding(ruleID: "blocking_call_on_main_actor", severity: .warning, message: "m", file: "ShellViewController.swift",
                                  line: line, column: 1)
            finding.backgroundOnlyMethod = BackgroundOnlyMethods.Method(name: method, type: "ShellViewController", calledInItsFile: false)
            return finding
        }
        let inputs = [Self.shell, caller]
        let first = BackgroundOnlyMethods.removing(from: [finding("repeatKey", line: 14)], inputs: inputs, earlier: nil)
        let findings = [finding("repeatKey", line: 14), finding("reload", line: 20), finding("longPress", line: 18)]
        let fresh = BackgroundOnlyMethods.removing(from: findings, inputs: inputs, earlier: nil)
        let reused = BackgroundOnlyMethods.removing(from: findings, inputs: inputs, earlier: first.asked)
        #expect(fresh.findings.map(\.line) == [14, 18], "reload() is called only in the background; longPress() nowhere else")
        #expect(reused.findings == fresh.findings)
        #expect(reused.asked?.answers.map { $0?.mayCall } == fresh.asked?.answers.map { $0?.mayCall })
        // A file the last run did not answer for (its text changed) is searched in full.
        let partly = BackgroundOnlyMethods.removing(from: findings, inputs: inputs,
                                                    earlier: first.asked.map { .init(methods: $0.methods, answers: [$0.answers[0], nil]) })
        #expect(partly.findings == fresh.findings)
    }
}
