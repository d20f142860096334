/// A named piece of main-actor work that the runtime runs and the watchdog measures.
///
/// A workload models what an app does: it starts on the main actor (like a UI event handler)
/// and may start tasks, hop between actors and await. The run ends when `body` returns and the
/// main actor has gone quiet.
///
/// ```swift
/// let tap = Workload(name: "tap", summary: "A button tap that parses a file") {
///     let model = DocumentModel()
///     model.tapped()
/// }
/// let report = Runtime.run(tap)
/// ```
public struct Workload: Sendable {
    /// A short identifier, used on the command line (`mainguard watch NAME`).
    public var name: String
    /// One line saying what the workload does and what a correct measurement should show.
    public var summary: String
    /// The work, started on the main actor.
    public var body: @MainActor @Sendable () async throws -> Void

    public init(name: String, summary: String, body: @escaping @MainActor @Sendable () async throws -> Void) {
        self.name = name
        self.summary = summary
        self.body = body
    }
}
