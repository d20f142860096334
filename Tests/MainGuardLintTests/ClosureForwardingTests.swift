@testable import MainGuardLint
import SwiftParser
import SwiftSyntax
import XCTest

/// Issue 17, item 3: a closure handed to the app's own network or dispatch helper runs where the helper
/// runs it. These pin the shapes of helpers that forward closures through other helpers (blind round AO).
final class ClosureForwardingTests: XCTestCase {
    /// With `include_low_cost`, every read in main-actor code is reported: what is left out runs elsewhere.
    private func lowCostFindings(_ source: String) -> [String] {
        Linter(configuration: LintConfiguration(scope: LintScope(includeLowCost: true))).lint(source: source)
            .map { "\($0.line):\($0.ruleID)" }
    }

    private let session = """
        import UIKit

        protocol Transport {
            func send(_ request: URLRequest, completion: @escaping (Data?) -> Void)
        }

        final class SessionTransport: Transport {
            func send(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: request) { data, _, _ in completion(data) }.resume()
            }
        }

        """

    /// The line of the screen's movie read (``screen(client:)``).
    private func readLine(in source: String) -> Int {
        (source.components(separatedBy: "\n").firstIndex { $0.contains("Data(contentsOf:") } ?? -1) + 1
    }

    /// A screen that hands `client.send` a closure reading a movie file.
    private func screen(client: String) -> String {
        """
        final class ClipViewController: UIViewController {
            let client = \(client)
            let movieFile = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("clip.mov")
            var sizes: [Int] = []

            func download(_ request: URLRequest) {
                client.send(request) { data in
                    let movie = try? Data(contentsOf: self.movieFile)
                    self.sizes.append(movie?.count ?? 0)
                }
            }
        }
        """
    }

    /// A decorator that conforms to the protocol it wraps resolves to itself too: that candidate does not
    /// keep its closures on the caller's thread.
    func testADecoratorOfTheSameProtocolForwardsLikeTheTransportItWraps() {
        let source = session + """
            final class LoggingTransport: Transport {
                let transport: Transport
                init(transport: Transport) { self.transport = transport }

                func send(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                    transport.send(request) { data in
                        print("received \\(data?.count ?? 0) bytes")
                        completion(data)
                    }
                }
            }

            """ + screen(client: "LoggingTransport(transport: SessionTransport())")
        XCTAssertEqual(lowCostFindings(source), [])
        // A decorator that calls its closure itself, here, keeps it on the caller's thread.
        let synchronous = source.replacingOccurrences(of: "transport.send(request) { data in", with: "do { let data: Data? = nil")
        XCTAssertEqual(lowCostFindings(synchronous), ["\(readLine(in: synchronous)):blocking_call_on_main_actor"])
    }

    /// A closure parameter passed on as it is (`completion: completion`) runs where that helper runs it.
    func testAClosurePassedOnAsAnArgumentIsDecidedByTheHelperItIsPassedTo() {
        let source = session + """
            final class API {
                let transport = SessionTransport()

                func send(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                    execute(request, completion: completion)
                }

                private func execute(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                    transport.send(request) { data in completion(data) }
                }
            }

            """ + screen(client: "API()")
        XCTAssertEqual(lowCostFindings(source), [])
        // Passed to a helper that calls it at once, it stays on the caller's thread.
        let immediate = source.replacingOccurrences(of: "transport.send(request) { data in completion(data) }", with: "completion(nil)")
        XCTAssertEqual(lowCostFindings(immediate), ["\(readLine(in: immediate)):blocking_call_on_main_actor"])
    }

    /// Two decorators of the same protocol wrap each other and the session one: each resolves to the other.
    /// Helpers that only forward to each other, with nothing that runs closures elsewhere, decide nothing.
    func testDecoratorsThatWrapEachOtherForwardOnlyWhenOneOfThemReachesTheSession() {
        let decorators = """
            final class LoggingTransport: Transport {
                let transport: Transport
                init(transport: Transport) { self.transport = transport }

                func send(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                    transport.send(request) { data in completion(data) }
                }
            }

            final class AuthorizingTransport: Transport {
                let transport: Transport
                init(transport: Transport) { self.transport = transport }

                func send(_ request: URLRequest, completion: @escaping (Data?) -> Void) {
                    var signed = request
                    signed.setValue("Bearer token", forHTTPHeaderField: "Authorization")
                    transport.send(signed) { data in completion(data) }
                }
            }

            """ + screen(client: "AuthorizingTransport(transport: LoggingTransport(transport: SessionTransport()))")
        XCTAssertEqual(lowCostFindings(session + decorators), [])
        // Without a transport that runs closures elsewhere, the two decorators' cycle keeps the caller's thread.
        let protocolOnly = "import UIKit\n\nprotocol Transport {\n    func send(_ request: URLRequest, completion: @escaping (Data?) -> Void)\n}\n\n"
        XCTAssertEqual(lowCostFindings(protocolOnly + decorators).count, 1)
    }
}

extension ClosureForwardingTests {
    /// `nonisolated(unsafe) let work = work` hands the same closure on: the local's uses decide, and a
    /// use that runs it on the caller's thread still keeps the caller's closures theirs.
    func testARebindingOfTheClosureIsTheClosure() throws {
        func forwards(_ body: String) throws -> Bool {
            let tree = Parser.parse(source: "func onQueue(_ work: @escaping () -> Void) {\n\(body)\n}")
            let function = try XCTUnwrap(tree.statements.first?.item.as(FunctionDeclSyntax.self))
            return ClosureForwarding.forwarding(function.signature.parameterClause.parameters, body: function.body).offTheCallersThread
        }
        XCTAssertTrue(try forwards("nonisolated(unsafe) let work = work\nqueue.async { work() }"))
        XCTAssertTrue(try forwards("let job = work\nDispatchQueue.global().async { job() }"))
        XCTAssertFalse(try forwards("let job = work\njob()"))
        XCTAssertFalse(try forwards("nonisolated(unsafe) let work = work\nwork()\nqueue.async { work() }"))
    }
}

/// Issue 17, item 3 and recall: a closure the app's own client calls on the main queue is main-thread
/// work wherever it is written (blind round CN: `Thread.sleep(1)` polls in a network client's completions).
extension ClosureForwardingTests {
    private func delivered(_ signature: String, _ body: String) throws -> Set<String> {
        let tree = Parser.parse(source: "func \(signature) {\n\(body)\n}")
        let function = try XCTUnwrap(tree.statements.first?.item.as(FunctionDeclSyntax.self))
        return ClosureForwarding.mainQueueDelivery(function.signature.parameterClause.parameters, body: function.body).delivered
    }

    func testAClosureCalledInAMainQueueBlockIsDeliveredOnTheMainQueue() throws {
        let signature = "load(_ url: URL, progress: ((Double) -> Void)?, completion: @escaping (Data?) -> Void)"
        XCTAssertEqual(try delivered(signature, """
            URLSession.shared.dataTask(with: url) { data, _, _ in
                progress?(1)
                DispatchQueue.main.async { completion(data) }
            }.resume()
            """), ["completion"])
        // Called in place under `Thread.isMainThread`, on the main queue otherwise; a failure reported at once.
        XCTAssertEqual(try delivered(signature, """
            guard url.isFileURL == false else { completion?(nil, .invalidURL); return }
            queue.async {
                let data = try? Data(contentsOf: url)
                if Thread.isMainThread { completion(data) } else { DispatchQueue.main.async { completion(data) } }
                DispatchQueue.main.async(execute: { progress?(1) })
            }
            """), ["completion", "progress"])
        // Called on the client's own queue: not the main queue.
        XCTAssertEqual(try delivered(signature, "queue.async { completion(try? Data(contentsOf: url)) }"), [])
        // `DispatchQueue.main.sync` runs it on the main thread too.
        XCTAssertEqual(try delivered(signature, "if wait { DispatchQueue.main.sync(execute: { completion(nil) }) } else { DispatchQueue.main.async { completion(nil) } }"),
                       ["completion"])
    }

    /// A dispatch helper named like a type (`OnMainThread { }`) is the free function, not an initializer: the
    /// wait in its block is reported there, on the main queue, not as the work of the function that hands it.
    func testAFreeFunctionNamedLikeATypeRunsItsBlockOnTheMainQueue() {
        let source = """
            import Foundation

            public func OnMainThread(async: Bool = true, _ block: @escaping () -> Void) {
                if async { DispatchQueue.main.async(execute: block) } else { DispatchQueue.main.sync(execute: block) }
            }

            final class DomainsManager {
                func update(_ names: [String]) {
                    let group = DispatchGroup()
                    OnMainThread {
                        for _ in names { group.enter() }
                        _ = group.wait(timeout: .now() + 5)
                    }
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map { "\($0.line):\($0.ruleID)" }, ["12:sync_work_in_main_actor_task"], "\(findings.map(\.message))")
        XCTAssertTrue(findings.first?.message.contains("OnMainThread(async:_:) calls this closure there") == true)
    }

    /// The finding follows the closure through an overload to the parameter that is delivered, not the
    /// function's other closures, and an instance call does not bind to a subclass's `class func`.
    func testAClosureHandedThroughAnOverloadRunsOnTheMainQueue() {
        let source = """
            import Foundation

            class Client {
                func request(_ path: String, completion: ((Data?, Error?) -> Void)? = nil) {
                    request(path, nil, completion)
                }

                func request(_ path: String, _ build: ((inout URLRequest) -> Void)?, _ completion: ((Data?, Error?) -> Void)?) {
                    guard var request = URL(string: path).map({ URLRequest(url: $0) }) else { completion?(nil, nil); return }
                    build?(&request)
                    URLSession.shared.dataTask(with: request) { data, _, error in
                        DispatchQueue.main.async { completion?(data, error) }
                    }.resume()
                }
            }

            final class AppClient: Client {
                static let shared = AppClient()
                class func request(_ path: String, completion: ((Data?, Error?) -> Void)? = nil) {
                    shared.request(path, completion: completion)
                }
            }

            final class Poller {
                let client = AppClient.shared

                func poll() {
                    client.request("/jobs") { data, _ in
                        if data == nil {
                            Thread.sleep(forTimeInterval: 1)
                            self.poll()
                        }
                    }
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [30], "\(findings.map(\.message))")
        XCTAssertTrue(findings.first?.message.contains("Client.request calls this closure there") == true, findings.first?.message ?? "")
        // The same closure handed to the client's request builder runs where the client calls it.
        let builder = source.replacingOccurrences(of: "client.request(\"/jobs\") { data, _ in", with: "client.request(\"/jobs\", { _ in")
            .replacingOccurrences(of: "                        }\n                    }\n                }\n            }", with: "                        }\n                    }, nil)\n                }\n            }")
        XCTAssertNotEqual(builder, source)
        XCTAssertEqual(Linter().lint(source: builder).map(\.line), [])
    }
}
