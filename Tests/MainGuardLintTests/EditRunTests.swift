import Foundation
import Testing
@testable import MainGuardLint

/// Edit runs (`TeamLinter` with a cache) lint only what an edit can change (`EditImpact`) and reuse the
/// rest: their findings must equal a cold run's after any edit. The realistic fixture (two targets, one
/// with the Swift 6.2 settings) is copied and edited at random: comments, bodies made heavy or cheap, new
/// and renamed functions, isolation added, lines deleted (which may leave the file unparsable).
@Suite struct EditRunTests {
    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Realistic")

    private static let edits = ["comment", "heavy body", "heavy body", "heavy body", "cheap body", "main actor", "new function", "overload", "rename", "main actor", "delete line",
                                "new file", "remove file",
                                "restore", "restore"]

    /// One random edit to one file of `folder`; returns what it did, for the failure message.
    private static func edit(_ folder: URL, _ random: inout SplitMix64) throws -> String {
        let files = try FileCollector(excludes: []).collect(paths: [folder.path]).filter { !$0.hasSuffix("Package.swift") }.sorted()
        let texts = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let kind = edits.randomElement(using: &random)!
        // Bodies are edited mostly in files whose functions other files call, where an edit reaches other files' findings.
        let calledElsewhere = files.indices.filter { position in
            Self.functionNames(in: texts[position].components(separatedBy: "\n")).contains { name in
                texts.indices.contains { $0 != position && EditImpact.mentionsAny(of: [name], in: texts[$0]) }
            }
        }
        let position = kind.hasSuffix("body") && !calledElsewhere.isEmpty && Int.random(in: 0..<4, using: &random) > 0
            ? calledElsewhere.randomElement(using: &random)! : files.indices.randomElement(using: &random)!
        let path = files[position]
        var lines = texts[position].components(separatedBy: "\n")
        let functionLines = lines.indices.filter { lines[$0].contains("func ") && lines[$0].hasSuffix("{") }
        let declaredNames = Self.functionNames(in: lines)
        let name = (path as NSString).lastPathComponent
        switch kind {
        case "comment":
            lines.insert("// edited", at: Int.random(in: 0...lines.count, using: &random))
        case "heavy body", "cheap body":
            guard let line = functionLines.randomElement(using: &random) else { return "nothing to edit in \(name)" }
            lines.insert(kind == "heavy body" ? "for _ in 0..<1_000_000 { }; _ = try? Data(contentsOf: URL(fileURLWithPath: \"/x\"))"
                         : "_ = 1", at: line + 1)
        case "new function":
            lines.append("func editedHelper\(random.next() % 100)() { for _ in 0..<1_000_000 { } }")
        case "overload":
            // A second function with a name the module already uses: calls of that name may become ambiguous.
            guard let existing = declaredNames.randomElement(using: &random) else { return "nothing to edit in \(name)" }
            lines.append("func \(existing)() { usleep(200_000) }")
        case "rename":
            guard let line = functionLines.randomElement(using: &random) else { return "nothing to edit in \(name)" }
            lines[line] = lines[line].replacingOccurrences(of: "func ", with: "func renamed")
        case "main actor":
            guard let line = lines.indices.filter({ lines[$0].contains("class ") || lines[$0].contains("struct ") || lines[$0].contains("func ") })
                .randomElement(using: &random) else { return "nothing to edit in \(name)" }
            lines[line] = "@MainActor " + lines[line]
        case "delete line":
            lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
        case "restore":
            // Every file as it was, the added ones gone: many edits at once, undoing those before.
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources"))
            try Self.writeCorpus(to: folder, withFixture: false)
            return "restored every file"
        case "new file":
            let callee = declaredNames.randomElement(using: &random) ?? "work"
            let file = (path as NSString).deletingLastPathComponent + "/Edited\(random.next() % 1000).swift"
            try "@MainActor final class EditedScreen {\n    func tapped() {\n        Task { \(callee)() }\n    }\n}\nfunc \(callee)() { sleep(1) }\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            return "new file \((file as NSString).lastPathComponent) calling \(callee)()"
        default:
            guard files.count > 8 else { return "kept \(name)" }
            try FileManager.default.removeItem(atPath: path)
            return "removed \(name)"
        }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return "\(kind) in \(name)"
    }

    /// Calls that cross files two and three at a time, a class hierarchy and a protocol across files:
    /// an edit at the end of a chain changes findings at its start, in a file that does not name the
    /// edited function.
    private static let chains = [
        "Screens.swift": """
            @MainActor final class ChainScreen {
                func tapped() {
                    Task { stepOne() }
                }
                func shown() {
                    stepTwo()
                }
            }
            final class ChainController: ChainBase {
                func appeared() {
                    stepOne()
                }
            }
            """,
        "StepOne.swift": "func stepOne() {\n    stepTwo()\n}\n",
        "StepTwo.swift": "func stepTwo() {\n    stepThree()\n}\n",
        "StepThree.swift": "func stepThree() {\n    _ = 1\n}\n",
        "Base.swift": "class ChainBase: ChainRoot {\n}\n",
        "Root.swift": "class ChainRoot {\n}\nprotocol ChainScreenish {\n}\n",
        "Conformance.swift": "extension ChainScreen: ChainScreenish {\n}\n",
        "Sizes.swift": "struct ChainSize {\n    func area() -> Int {\n        4\n    }\n}\n",
        "Colors.swift": "enum ChainColor {\n    case red\n    func name() -> String {\n        \"red\"\n    }\n}\n",
    ]

    private static func writeCorpus(to folder: URL, withFixture: Bool) throws {
        let sources = folder.appendingPathComponent("Sources")
        if withFixture || FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: sources)
            try FileManager.default.copyItem(at: corpus.appendingPathComponent("Sources"), to: sources)
            try? FileManager.default.copyItem(at: corpus.appendingPathComponent("Package.swift"), to: folder.appendingPathComponent("Package.swift"))
        }
        let chain = sources.appendingPathComponent("PhotoJournal/Chain")
        try FileManager.default.createDirectory(at: chain, withIntermediateDirectories: true)
        for (name, text) in chains { try text.write(to: chain.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    private static func functionNames(in lines: [String]) -> [String] {
        lines.filter { $0.contains("func ") && $0.hasSuffix("{") }.compactMap { line -> String? in
            guard let range = line.range(of: "func ") else { return nil }
            return String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
    }

    private static func lint(_ folder: URL, cache: LintCache?) throws -> TeamLinter.Result {
        try TeamLinter(cache: cache, sourceRoot: folder.path, threads: 2).lint(paths: [folder.path])
    }

    /// Forty lints of the fixture per seed: the work runs off the cooperative pool (`offThePool`).
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 9])
    func editRunsFindWhatColdRunsFind(seed: UInt64) async throws {
        try await offThePool {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-edit-runs-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // Odd seeds edit the chains alone, where most edits reach other files; even seeds edit them within the fixture.
            try Self.writeCorpus(to: folder, withFixture: seed % 2 == 0)
            let cache = LintCache(directory: folder.appendingPathComponent(".build/cache"), toolVersion: "test")
            _ = try Self.lint(folder, cache: cache)
            var random = SplitMix64(seed: seed)
            var reused = 0
            for step in 1...20 {
                let edit = try Self.edit(folder, &random)
                let edited = try Self.lint(folder, cache: cache)
                let cold = try Self.lint(folder, cache: nil)
                #expect(edited.lint.findings == cold.lint.findings, "seed \(seed), step \(step): \(edit)")
                reused += edited.filesFromCache
            }
            #expect(reused > 0, "edit runs reuse the files an edit cannot change")
        }
    }

    @Test func anEditRelintsOnlyTheFilesThatNameWhatChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-edit-runs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let write = { (text: String, name: String) in
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try write("@MainActor final class Screen {\n    func tapped() {\n        Task { crunch() }\n    }\n}\n", "Screen.swift")
        try write("func crunch() { helper() }\n", "Crunch.swift")
        try write("func helper() {}\n", "Helper.swift")
        for number in 1...5 { try write("struct Model\(number) { func size() -> Int { \(number) } }\n", "Model\(number).swift") }
        let cache = LintCache(directory: folder.appendingPathComponent(".build/cache"), toolVersion: "test")
        #expect(try Self.lint(folder, cache: cache).lint.findings.isEmpty)

        // helper() becomes heavy: Screen calls it through crunch(), so Screen is linted again; the models are not.
        try write("func helper() { for _ in 0..<1_000_000 { } }\n", "Helper.swift")
        let result = try Self.lint(folder, cache: cache)
        #expect(result.lint.findings.map(\.line) == [3])
        #expect(result.filesFromCache == 5, "Helper.swift, Crunch.swift (names helper) and Screen.swift (names crunch) are linted")
    }

    @Test func namesAreFoundAsWholeIdentifiers() {
        #expect(EditImpact.mentionsAny(of: ["crunch"], in: "Task { crunch() }"))
        #expect(!EditImpact.mentionsAny(of: ["crunch"], in: "Task { crunchNumbers() }"))
        #expect(EditImpact.mentionsAny(of: ["model"], in: "Toggle(isOn: $model.on)"))
        #expect(EditImpact.mentionsAny(of: ["default"], in: "func `default`() {}"))
        #expect(!EditImpact.mentionsAny(of: [], in: "anything"))
    }

    @Test func changesFollowCallersInheritanceAndMembers() {
        let facts = ModuleIndexTestSupport.facts([
            "func leaf() {}\nfunc middle() { leaf() }\nfunc top() { middle() }\nfunc other() {}",
            "protocol Base {}\nclass Derived: Base { func member() {} }",
        ])
        #expect(EditImpact.affectedNames(changed: ["leaf"], files: facts) == ["leaf", "middle", "top"])
        #expect(EditImpact.affectedNames(changed: ["Base"], files: facts) == ["Base", "Derived", "member"])
        #expect(EditImpact.changedNames(old: ["a": "1", "b": "2"], new: ["a": "1", "b": "3", "c": "4"]) == ["b", "c"])
        #expect(EditImpact.changedNames(old: ["a": "1"], new: [:]) == ["a"])
    }
}

/// Facts of in-memory sources, as the full walk collects them.
enum ModuleIndexTestSupport {
    static func facts(_ sources: [String]) -> [FileFacts] {
        sources.enumerated().map { position, source in
            FactCollector.collect(Linter.parse(source), fileIndex: position, settings: .classic)
        }
    }
}
