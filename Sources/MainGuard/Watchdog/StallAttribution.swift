/// Turns a symbolicated main-thread stack into the frames and the one-line summary of an ``Attribution``.
///
/// ```swift
/// let summary = StallAttribution.summary(frames: ["doLongRunningWork()"], taskName: nil, origin: .inheritedMainActor)
/// // "doLongRunningWork() in a Task that inherited @MainActor"
/// ```
enum StallAttribution {
    /// Images whose frames are plumbing (C library, Swift runtime, Dispatch, Foundation, test
    /// runners): the first frame left after removing them is the code that stalled.
    private static let plumbingImages = [
        "libc.so", "libc-", "libpthread", "ld-linux", "libgcc_s", "libswiftCore", "libswift_Concurrency",
        "libswiftDispatch", "libdispatch", "libFoundation", "libswiftSynchronization", "libBlocksRuntime",
        "libXCTest", "libTesting", "lib_Testing", "linux-vdso",
    ]

    /// Keeps the frames that belong to the stalled code, innermost first, with readable names.
    static func userFrames(_ frames: [Symbolicator.Frame]) -> [String] {
        // The innermost frames are the capture's own signal handler; the stalled code starts below it.
        let handlerEnd = frames.lastIndex { $0.name?.contains("MainGuard.StackSampler") == true }
        let stalled = handlerEnd.map { frames[frames.index(after: $0)...] } ?? frames[...]
        let names = stalled.compactMap { frame -> String? in
            guard let name = frame.name, !isPlumbing(frame, name: name) else { return nil }
            return readableName(name)
        }
        // A recovered stack can name one function twice in a row (see StackScan): keep one.
        return names.enumerated().filter { $0.offset == 0 || names[$0.offset - 1] != $0.element }.map(\.element)
    }

    static func summary(frames: [String], taskName: String?, origin: JobOrigin) -> String {
        let code = frames.first ?? "main-actor code (stack not captured)"
        let task = taskName.map { " \"\($0)\"" } ?? ""
        switch origin {
        case .inheritedMainActor: return "\(code) in a Task\(task) that inherited @MainActor"
        case .explicitMainActor: return "\(code) in explicitly @MainActor work\(task.isEmpty ? "" : " (task\(task))")"
        case .mainActorRun: return "\(code) after a hop onto the main actor (MainActor.run or an @MainActor call)\(task.isEmpty ? "" : " in task\(task)")"
        case .mainQueue: return "\(code) on the main queue"
        case .unknown: return task.isEmpty ? code : "\(code) in task\(task)"
        }
    }

    private static func isPlumbing(_ frame: Symbolicator.Frame, name: String) -> Bool {
        let image = frame.image.split(separator: "/").last.map(String.init) ?? frame.image
        if plumbingImages.contains(where: { image.hasPrefix($0) }) { return true }
        // MainGuard's own executor and watchdog frames (not MainGuardTests/MainGuardExamples).
        if name.contains("MainGuard.") { return true }
        // Standard-library code inlined into the user's image (e.g. `UnownedJob.runSynchronously`).
        let standardLibrary = ["Swift.", "_Concurrency.", "(extension in Swift)", "(extension in _Concurrency)"]
        if standardLibrary.contains(where: name.hasPrefix) { return true }
        return name.hasPrefix("partial apply") || name.contains("thunk") || name.hasPrefix("_") || name == "main"
    }

    /// `MainGuardTests.RuntimeTests.spin(milliseconds: Swift.Double) -> ()` → `RuntimeTests.spin(milliseconds:)`;
    /// closures keep their context: `closure #1 in Button.tapped()`.
    static func readableName(_ demangled: String) -> String {
        var name = Substring(withoutPrivateDiscriminators(demangled))
        for prefix in ["merged ", "specialized ", "@objc ", "static "] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
        }
        if let range = name.range(of: " partial function for ") { name = name[range.upperBound...] }
        if name.hasPrefix("closure #"), let inRange = name.range(of: " in ") {
            let number = name.dropFirst("closure ".count).prefix { $0 != " " }
            return "closure \(number) in " + readableName(String(name[inRange.upperBound...]))
        }
        return function(name)
    }

    /// `Module.Type.method(a: Swift.Int, _: Swift.String) -> ()` → `Type.method(a:_:)`.
    private static func function(_ name: Substring) -> String {
        guard let open = name.firstIndex(of: "(") else { return dropModule(name) }
        var depth = 0
        var close = name.endIndex
        for index in name[open...].indices {
            if name[index] == "(" { depth += 1 }
            if name[index] == ")" { depth -= 1; if depth == 0 { close = index; break } }
        }
        let parameters = close > open ? name[name.index(after: open)..<close] : ""
        var labels: [String] = []
        var level = 0
        var current = ""
        for character in parameters {
            if "(<[".contains(character) { level += 1 }
            if ")>]".contains(character) { level -= 1 }
            if character == ",", level == 0 { labels.append(current); current = ""; continue }
            current.append(character)
        }
        if !current.isEmpty { labels.append(current) }
        let labelList = labels.map { parameter -> String in
            let trimmed = parameter.drop { $0 == " " }
            guard let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(" ") else { return "_:" }
            return trimmed[..<colon] + ":"
        }.joined()
        return dropModule(name[..<open]) + "(" + labelList + ")"
    }

    /// `Module.Type.(helper in _6A8F…)(…)` → `Module.Type.helper(…)`: private names carry a file discriminator.
    private static func withoutPrivateDiscriminators(_ name: String) -> String {
        var result = name
        while let marker = result.range(of: " in _"),
              let open = result[..<marker.lowerBound].lastIndex(of: "("),
              let close = result[marker.upperBound...].firstIndex(of: ")") {
            let identifier = result[result.index(after: open)..<marker.lowerBound]
            result.replaceSubrange(open...close, with: identifier)
        }
        return result
    }

    private static func dropModule(_ qualified: Substring) -> String {
        let components = qualified.split(separator: ".", omittingEmptySubsequences: false)
        return components.count > 1 ? components.dropFirst().joined(separator: ".") : String(qualified)
    }
}
