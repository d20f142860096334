import SwiftSyntax

/// Command-line tools whose run takes a user-visible time, so a synchronous wait for one (`Process`
/// `waitUntilExit()`, reading its output to the end) is evidence enough. Most helper processes an app
/// runs are short (`ps`, `sw_vers`, `defaults`): a wait for them is reported only where it repeats. These
/// are not: they profile the system, build, sign or archive, walk a tree, or go over the network.
///
/// The tool is named in a string literal: where the process is set up (`task.launchPath = "/usr/sbin/system_profiler"`)
/// or in the arguments of the app's helper that runs it (`run("/usr/bin/git", ["push"])`), the usual shape
/// (blind recall hunts: iGlance runs `system_profiler` when its dashboard opens; GitMenuBar runs `git push`).
///
/// ```swift
/// // reported:     title = shell("/usr/sbin/system_profiler", ["SPDisplaysDataType"])
/// // not reported: title = shell("/usr/bin/sw_vers", ["-productVersion"])
/// ```
enum SlowCommands {
    /// Tools that take hundreds of milliseconds or more, by executable name.
    static let tools: Set<String> = [
        "system_profiler", "xcodebuild", "xcrun", "softwareupdate", "mdutil", "tmutil", "codesign", "spctl", "hdiutil",
        "pkgbuild", "productbuild", "lsof", "du", "find", "zip", "unzip", "tar", "ditto", "rsync", "scp", "ssh", "curl",
        "wget", "ffmpeg", "brew", "npm", "pod", "docker",
        // Queries that walk a system database or index (`pluginkit -m` lists every extension: blind round AY's
        // recall hunt, a settings screen's status check), and tools that process media or play it to its end.
        "pluginkit", "mdfind", "ioreg", "networksetup", "sips", "qlmanage", "screencapture", "afplay",
        // The Shortcuts command line asks the Shortcuts service for the user's library, or runs a whole shortcut
        // and waits for it (blind round CE's recall hunt: `shortcuts list` run per keystroke of a search field).
        "shortcuts",
    ]
    /// Tools that look another up (`/usr/bin/which ffmpeg`): the slow tool's name is their argument, and the
    /// lookup returns in milliseconds (blind round AX: `which ffmpeg` when no usual path holds it).
    static let lookupTools: Set<String> = ["which", "whereis", "command", "type"]
    /// `git` subcommands that talk to a remote.
    static let networkGitCommands: Set<String> = ["push", "pull", "fetch", "clone"]

    /// The string literals written in `node` name a slow tool: a literal that is the tool's name or path
    /// (`"/usr/sbin/system_profiler"`), or a command line that starts with one (`"du -sk ~/Library"`); or `git`
    /// with a remote subcommand (`"git push"`, or `"/usr/bin/git"` beside `"pull"`). A word inside a sentence
    /// (`"Could not find the file"`) names nothing.
    static func areNamed(in node: some SyntaxProtocol) -> Bool {
        areNamed(in: node.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> String? in
            if case .stringSegment(let text) = token.tokenKind { text } else { nil }
        })
    }

    /// ``areNamed(in:)`` for a call's arguments, reading only string literals written as arguments or as
    /// elements of an array literal argument (`run("/usr/bin/git", ["push", "origin"])`), not those of
    /// calls nested in them: cheap enough for every call of a file. A helper named for git
    /// (`runGitCommand(args: ["push", "origin"])`) names the tool itself.
    static func areNamed(inArguments arguments: LabeledExprListSyntax, calling function: String) -> Bool {
        var texts: [String] = []
        for argument in arguments {
            let elements = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [argument.expression]
            for element in elements.prefix(16) {
                guard let literal = element.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                      let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { continue }
                texts.append(segment.content.text)
            }
        }
        if function.containsCaseInsensitive("git") { texts.append("git") }
        return !texts.isEmpty && areNamed(in: texts)
    }

    /// Interpreters that run a script handed to them with `-c` or `-e`.
    static let interpreters: Set<String> = ["bash", "sh", "zsh", "osascript"]

    /// The function runs a shell or `osascript` on a script it keeps, not one its caller hands it:
    /// `process.arguments = ["-c", content]` where `content` is the script a user wrote and the app stored
    /// (a property, or a local built from one). Such a script takes as long as its author made it (blind
    /// round AY's recall hunt: a script editor's "Test" button; round AX accepted a notch widget's user
    /// command). A helper's `["-c", command]` with `command` its parameter is its callers' to judge
    /// (`areNamed(inArguments:calling:)`).
    ///
    /// ```swift
    /// // true:  process.executableURL = URL(fileURLWithPath: "/bin/bash"); process.arguments = ["-c", script]
    /// // false: func shell(_ command: String) { ... process.arguments = ["-c", command] ... }
    /// ```
    static func runsAStoredScript(in function: FunctionDeclSyntax) -> Bool {
        var runsAnInterpreter = false
        var scripts: [ExprSyntax] = []
        for token in function.tokens(viewMode: .sourceAccurate) {
            guard case .stringSegment(let text) = token.tokenKind else { continue }
            if interpreters.contains(text.split(separator: "/").last.map(String.init) ?? text) { runsAnInterpreter = true }
            // `["-c", script]`: the element after the flag in an array literal.
            guard text == "-c" || text == "-e", let element = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self)?.parent?.as(ArrayElementSyntax.self),
                  let list = element.parent?.as(ArrayElementListSyntax.self), let index = list.index(of: element),
                  list.index(after: index) != list.endIndex else { continue }
            scripts.append(list[list.index(after: index)].expression)
        }
        guard runsAnInterpreter else { return false }
        let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return scripts.contains { script in
            // The names the script is made of, through a local it is kept in (`let wrapped = "...\(content)..."`).
            let names = script.identifiers.flatMap { name -> [String] in
                let initial = Syntax(script).localValue(named: name)?.identifiers ?? []
                return initial.isEmpty ? [name] : initial
            }
            return !names.isEmpty && names.allSatisfy { !parameters.contains($0) }
        }
    }

    private static func areNamed(in texts: some Sequence<String>) -> Bool {
        var names: Set<String> = []
        var literals: Set<String> = []
        for text in texts {
            guard !text.isEmpty, text.utf8.count < 200 else { continue }
            let words = text.split(separator: " ")
            guard let first = words.first.map(String.init) else { continue }
            let command = first.split(separator: "/").last.map(String.init) ?? first
            names.insert(command)
            literals.insert(text)
            if command == "git", words.count > 1 { literals.insert(String(words[1])) }
            if names.count > 64 { break }
        }
        guard names.isDisjoint(with: lookupTools) else { return false }
        return !names.isDisjoint(with: tools) || (names.contains("git") && !literals.isDisjoint(with: networkGitCommands))
    }
}
