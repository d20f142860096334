import SwiftParser
import SwiftSyntax
import Testing
@testable import MainGuardLint

/// Code that runs only after something went wrong (`Syntax.isOnAnErrorPath`), which the default run does
/// not report, and the tests that name errors without requiring one.
struct ErrorPathTests {
    /// Whether the call `mark()` in `body` is on an error path.
    private func markIsOnAnErrorPath(_ body: String) throws -> Bool {
        let tree = Parser.parse(source: "func sample() throws {\n\(body)\n}")
        let mark = try #require(tree.tokens(viewMode: .sourceAccurate).first { $0.text == "mark" })
        return Syntax(mark).isOnAnErrorPath
    }

    @Test func fallbacksAfterAFailureAreErrorPaths() throws {
        #expect(try markIsOnAnErrorPath("do { try load() } catch { mark() }"))
        #expect(try markIsOnAnErrorPath("if let error = result.error { mark() }"))
        #expect(try markIsOnAnErrorPath("if case .failure = result { mark() }"))
        #expect(try markIsOnAnErrorPath("if lastError != nil { mark() }"))
        #expect(try markIsOnAnErrorPath("if didFail { mark() }"))
        #expect(try markIsOnAnErrorPath("defer { if !succeeded { mark() } }"))
        #expect(try markIsOnAnErrorPath("guard let data else { alert = .downloadFailed; mark(); return }"))
        #expect(try markIsOnAnErrorPath("if process.terminationStatus == 0 { done() } else { mark() }"))
        #expect(try markIsOnAnErrorPath("if status == errSecSuccess { done() } else { mark() }"))
        #expect(try markIsOnAnErrorPath("if succeeded { done() } else if retries > 0 { mark() }"))
    }

    @Test func testsThatAskForNoErrorAreNot() throws {
        #expect(try !markIsOnAnErrorPath("if previewErrors[id] == nil { mark() }"))
        #expect(try !markIsOnAnErrorPath("if !successfulURLs.isEmpty { mark() }"))
        #expect(try !markIsOnAnErrorPath("guard let cached else { mark(); return }"))
        #expect(try !markIsOnAnErrorPath("if pendingRetries.count > 0 { mark() }"))
        #expect(try !markIsOnAnErrorPath("do { try load(); mark() } catch {}"))
        #expect(try !markIsOnAnErrorPath("if process.terminationStatus == 0 { mark() } else { report() }"))
        #expect(try !markIsOnAnErrorPath("if selection.count == 0 { done() } else { mark() }"))
        #expect(try !markIsOnAnErrorPath("if status == 0 && isVisible { done() } else { mark() }"))
    }
}
