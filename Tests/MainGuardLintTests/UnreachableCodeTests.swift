import SwiftParser
import SwiftSyntax
import Testing
@testable import MainGuardLint

/// Code that never runs (`Syntax.isUnreachable`): after a `return`, and under a private placeholder that returns
/// nil alone (blind round CK: an `lsof` run for a window's shell, whose lookup was a stub).
struct UnreachableCodeTests {
    /// Whether the call `mark()` in `body`, a method of a type that also declares `members`, is unreachable.
    private func markIsUnreachable(_ body: String, members: String) throws -> Bool {
        let tree = Parser.parse(source: "final class Sample {\n\(members)\nfunc sample() {\n\(body)\n}\n}")
        let mark = try #require(tree.tokens(viewMode: .sourceAccurate).first { $0.text == "mark" })
        return Syntax(mark).isUnreachable
    }

    private let stub = "private func shellPID(of window: Int) -> Int32? { return nil }"

    @Test func codeUnderAPlaceholdersNilNeverRuns() throws {
        #expect(try markIsUnreachable("if let pid = shellPID(of: 1) { mark() }", members: stub))
        #expect(try markIsUnreachable("if let pid = self.shellPID(of: 1) { if pid > 0 { mark() } }", members: stub))
        #expect(try markIsUnreachable("guard let pid = shellPID(of: 1) else { return }\nmark()", members: stub))
    }

    @Test func aLookupThatMayAnswerRuns() throws {
        // The `else` branch runs; so does a lookup with a body of its own, one not private, or another overload.
        #expect(try !markIsUnreachable("if let pid = shellPID(of: 1) { done() } else { mark() }", members: stub))
        #expect(try !markIsUnreachable("if let pid = shellPID(of: 1) { mark() }",
                                       members: "private func shellPID(of window: Int) -> Int32? { window > 0 ? 1 : nil }"))
        #expect(try !markIsUnreachable("if let pid = shellPID(of: 1) { mark() }",
                                       members: "func shellPID(of window: Int) -> Int32? { return nil }"))
        #expect(try !markIsUnreachable("if let pid = shellPID() { mark() }", members: stub))
        #expect(try !markIsUnreachable("guard let pid = shellPID(of: 1) else { mark(); return }", members: stub))
    }

    @Test func aHelperCalledOnlyUnderThePlaceholderIsUncalled() {
        let source = """
            import Foundation
            @MainActor final class WindowMapper {
                func isBusy(_ window: Int) -> Bool {
                    guard let pid = shellPID(of: window) else { return false }
                    return usesTTY(pid: pid)
                }
                private func shellPID(of window: Int) -> Int32? {
                    return nil
                }
                private func usesTTY(pid: Int32) -> Bool {
                    let task = Process()
                    task.executableURL = URL(fileURLWithPath: "/usr/sbin/lsof")
                    task.arguments = ["-p", "\\(pid)"]
                    try? task.run()
                    task.waitUntilExit()
                    return task.terminationStatus == 0
                }
            }
            """
        #expect(Linter().lint(source: source).isEmpty)
        #expect(Linter().lint(source: source.replacingOccurrences(of: "return nil", with: "return 1")).map(\.ruleID)
                == ["blocking_call_on_main_actor"])
    }
}
