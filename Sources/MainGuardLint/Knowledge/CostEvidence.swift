import SwiftSyntax

/// Whether one file, keychain or database operation can cost a user time.
///
/// Reading a settings file, writing one keychain item, deleting a temporary file or looking up one row
/// takes about a millisecond: blind reviews of real apps rejected such findings as not worth a change.
/// These operations are reported only where the syntax shows that the cost repeats or grows with the
/// user's data:
/// - **repeated**: in a loop, a per-element closure or a function that calls itself (a tree walk), during a SwiftUI `body`, or in a callback that runs
///   per frame, row, keystroke or selection (`updateNSView`, `tableView(_:cellForRowAt:)`, `.onChange`);
/// - **user-sized data**: a media file (video, image, audio, an upload or attachment, an encoded image), a backup,
///   or a cache, download or package folder being deleted, moved or copied;
/// - **the network**: a read of a remote URL (`URL(string: "https://...")`);
/// - **many rows**: the query's rows are iterated (`while rows.next()`) or fetched whole (`fetchAll`);
/// - **an enumeration**: a keychain query for every item (`kSecMatchLimitAll`).
///
/// Deleting or moving a file is cheap even in a loop: only a growing folder makes it costly. A read with
/// `options: .alwaysMapped` maps the file instead of reading it.
///
/// Drawing into a bitmap (`UIGraphicsImageRenderer.image`: an icon, a label) needs repetition too. Coders
/// need a list and a file or network on one side (`showsCodedData`). Waits, sleeps, image encoding and
/// decoding and whole-folder walks need no evidence: their cost is never small.
///
/// ```swift
/// // not reported: let settings = try Data(contentsOf: settingsURL)
/// // reported:     for url in urls { texts.append(try String(contentsOf: url)) }
/// ```
enum CostEvidence {
    /// What a single catalogued operation touches, which decides the evidence that makes it costly.
    enum Operation {
        case fileRead, fileWrite, unlink, copy, directoryListing, keychainRead, keychainWrite, database, coordination, drawing
    }

    /// Catalogue entries (by display name) whose one call is cheap unless the syntax shows more.
    static let singleOperations: [String: Operation] = [
        "Data(contentsOf:)": .fileRead, "String(contentsOf:)": .fileRead, "NSData(contentsOf:)": .fileRead,
        "NSString(contentsOf:)": .fileRead, "FileManager.contents(atPath:)": .fileRead,
        "write(to:)": .fileWrite, "FileHandle.write(_:)": .fileWrite,
        "FileManager.removeItem": .unlink, "FileManager.moveItem": .unlink,
        "FileManager.copyItem": .copy, "FileManager.replaceItemAt": .copy,
        "FileManager.contentsOfDirectory": .directoryListing,
        "SecItemCopyMatching": .keychainRead,
        "SecItemAdd": .keychainWrite, "SecItemUpdate": .keychainWrite, "SecItemDelete": .keychainWrite,
        "DatabaseQueue.read": .database, "DatabaseQueue.write": .database, "DatabasePool.read": .database,
        "DatabasePool.write": .database, "FMDatabaseQueue.inDatabase": .database, "FMDatabaseQueue.inTransaction": .database,
        "FMDatabase.executeQuery": .database, "FMDatabase.executeUpdate": .database, "sqlite3_step": .database,
        "sqlite3_exec": .database,
        "NSFileCoordinator.coordinate": .coordination,
        // Drawing an icon or a label into a bitmap: the cost is the canvas, small unless repeated.
        "UIGraphicsImageRenderer.image": .drawing,
    ]

    /// True when `entry` needs no evidence, or `call` shows that its cost repeats or grows.
    static func shows(for entry: CatalogueEntry, at call: CalledName) -> Bool {
        guard let operation = singleOperations[entry.display] else { return true }
        let node = Syntax(call.call)
        // `Data(contentsOf: url, options: .alwaysMapped)` maps the file: pages are read when touched.
        if operation == .fileRead, call.call.arguments.contains(where: { $0.expression.trimmedDescription.contains("Mapped") }) { return false }
        // Unlinking a file takes microseconds, however many times a loop does it; a folder that grows is the cost.
        if operation != .unlink, node.isRepeated || node.runsPerFrameOrEvent { return true }
        switch operation {
        case .fileRead: return call.namesMedia || node.resultNameMentionsMedia || node.functionNameMentionsMedia || call.readsARemoteURL
        case .fileWrite: return call.namesMedia || call.writesMedia
        case .unlink, .copy: return call.call.arguments.contains { $0.expression.namesGrowingFolder }
        case .keychainRead: return node.enclosingFunctionText.contains("kSecMatchLimitAll")
        case .database: return node.readsManyRows
        case .directoryListing, .keychainWrite, .coordination, .drawing: return false
        }
    }

    /// A coder of a list (`SizeEvidence`) whose input is read from a file or the network, or whose output
    /// is written to one, or that runs repeatedly. Lists kept in `UserDefaults` or a database attribute (a
    /// few saved filters) code in microseconds: blind reviews rejected every such finding, and accepted
    /// decodes of files that grow (an event log, a package registry).
    static func showsCodedData(for entry: CatalogueEntry, at call: CalledName) -> Bool {
        let node = Syntax(call.call)
        if node.isRepeated || node.runsPerFrameOrEvent { return true }
        let encodes = ["encode", "archivedData", "data(withJSONObject"].contains { entry.display.contains($0) }
        let text = node.enclosingFunctionText
        return (encodes ? codedOutputSinks : codedInputSources).contains { text.contains($0) }
            || !encodes && node.decodesAParameter(of: call)
    }

    /// Reads whose data a decoder's input may be: a file, a stream or a network response.
    static let codedInputSources = [
        "contentsOf:", "contentsOfFile:", "contents(atPath", "readDataToEndOfFile", "readToEnd", "URLSession", ".data(from:",
        ".data(for:", "dataTask",
    ]
    /// Where an encoder's output may go and grow: files and uploads.
    static let codedOutputSinks = ["write(to", "write(toFile", "createFile", "upload(", "uploadTask"]

    /// Words in a name that say the data is a user's media, whose size has no bound.
    static func mentionsMedia(_ name: String) -> Bool { mediaWords.contains { name.containsCaseInsensitive($0) } }

    static let mediaWords: [StaticString] = ["video", "movie", "gif", "image", "photo", "media", "audio", "attachment", "upload", "recording", "backup"]
    /// Calls whose result is an encoded image: writing it writes media.
    static let imageEncoders = ["jpegData(", "pngData(", "heicData(", "tiffRepresentation", "Representation("]
    /// Words in a name that say a folder grows with use: deleting, moving or copying it walks every file.
    static let growingFolderWords: [StaticString] = ["cache", "download", "package", "node_modules", "repo", "clone"]
}

private extension CalledName {
    /// An argument names media: `Data(contentsOf: compressedVideoURL)`.
    var namesMedia: Bool { call.arguments.contains { $0.expression.namesMedia } }

    /// `String(contentsOf: URL(string: "https://status.example.com")!)`: a synchronous network request.
    var readsARemoteURL: Bool {
        call.arguments.first?.expression.isOrNamesLocal { expression in
            let text = expression.trimmedDescription
            return text.contains("URL(string:") || text.contains("\"http")
        } ?? false
    }

    /// `imageData.write(to:)`, or data a local made by encoding an image: `let data = image.jpegData(...)`.
    var writesMedia: Bool {
        guard var receiver else { return false }
        if let unwrapped = receiver.as(OptionalChainingExprSyntax.self)?.expression { receiver = unwrapped }
        if receiver.namesMedia { return true }
        guard let name = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return Syntax(call).hasLocal(named: name) { value in
            CostEvidence.imageEncoders.contains { value.trimmedDescription.contains($0) }
        }
    }
}

private extension ExprSyntax {
    var namesMedia: Bool { identifiers.contains(where: CostEvidence.mentionsMedia) }

    /// `cachesURL`, `downloadDirectory()`, `packagePath`, `tempDir`, or a local (or loop variable) made
    /// from one: `let images = caches.appendingPathComponent("Images")`, `for item in [images, favicons]`.
    var namesGrowingFolder: Bool { namesGrowingFolder(hops: 0) }

    private func namesGrowingFolder(hops: Int) -> Bool {
        let names = identifiers
        if names.contains(where: { name in
            CostEvidence.growingFolderWords.contains { name.containsCaseInsensitive($0) } || name.hasSuffix("Dir")
        }) {
            return true
        }
        guard hops < 3 else { return false }
        return names.contains { name in
            Syntax(self).hasLocal(named: name) { $0.namesGrowingFolder(hops: hops + 1) }
                || Syntax(self).loopSequence(binding: name)?.namesGrowingFolder(hops: hops + 1) == true
        }
    }

    /// The identifiers written in this expression, without string literals' contents.
    var identifiers: [String] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let name) = token.tokenKind { name } else { nil }
        }
    }
}

private extension Syntax {
    /// Inside a loop body, or a per-element closure (`forEach`, `map`), of the enclosing function.
    var isRepeated: Bool {
        var child = self
        var node = parent
        while let current = node {
            if let loop = current.as(ForStmtSyntax.self), Syntax(loop.body) == child { return !loop.iteratesAFewTimes }
            if current.is(WhileStmtSyntax.self) || current.is(RepeatStmtSyntax.self) { return true }
            if let closure = current.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
               let called = CalledName(call), called.receiver != nil, CalledName.iterationNames.contains(called.name) {
                return true
            }
            // A function that calls itself walks a tree: its operations repeat per node.
            if let function = current.as(FunctionDeclSyntax.self) { return function.callsItself }
            if current.isFunctionBoundary { return false }
            child = current
            node = current.parent
        }
        return false
    }

    /// During a `body` evaluation, or in a callback that runs per frame, row, keystroke or selection.
    var runsPerFrameOrEvent: Bool {
        var node = parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self) {
                if let called = closure.enclosingCall.flatMap(CalledName.init), FrequentCallbacks.modifiers.contains(called.name) { return true }
                if !closure.runsDuringBodyEvaluation { return false }
            }
            if let binding = current.as(PatternBindingSyntax.self), binding.isMember {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
            }
            if let function = current.as(FunctionDeclSyntax.self) { return FrequentCallbacks.functions.contains(function.name.text) }
            if current.isFunctionBoundary { return false }
            node = current.parent
        }
        return false
    }

    /// The enclosing function iterates a query's rows (`while results.next()`) or fetches them all.
    var readsManyRows: Bool {
        guard let function = enclosingFunction else { return false }
        return function.tokens(viewMode: .sourceAccurate).contains { token in
            switch token.tokenKind {
            case .keyword(.while): true
            case .identifier(let name): FrequentCallbacks.wholeFetches.contains(name)
            default: false
            }
        }
    }

    /// `let videoData = try? Data(contentsOf: url)`: the name the result is bound to.
    var resultNameMentionsMedia: Bool {
        var node = parent
        while let current = node, current.is(TryExprSyntax.self) || current.is(ForceUnwrapExprSyntax.self)
            || current.is(OptionalChainingExprSyntax.self) || current.is(InitializerClauseSyntax.self) { node = current.parent }
        let name = node?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            ?? node?.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        return name.map(CostEvidence.mentionsMedia) ?? false
    }

    /// `func parse(_ data: Data) -> [Post] { try decoder.decode([Post].self, from: data) }`: the data comes
    /// from the caller, a response or a file more often than a preference.
    func decodesAParameter(of call: CalledName) -> Bool {
        guard let input = call.call.arguments.first(where: { ["from", "with"].contains($0.label?.text) })?.expression
                .as(DeclReferenceExprSyntax.self)?.baseName.text,
              let function = enclosingFunction?.as(FunctionDeclSyntax.self) else { return false }
        return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == input }
    }

    /// The enclosing function, initializer or accessor (the type or the file, outside one).
    var enclosingFunction: Syntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary { node = current.parent }
        return node
    }

    /// The text of `enclosingFunction`.
    var enclosingFunctionText: String { enclosingFunction?.description ?? "" }

    /// The sequence of the enclosing `for name in sequence` loop that binds `name`.
    func loopSequence(binding name: String) -> ExprSyntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let loop = current.as(ForStmtSyntax.self), loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return loop.sequence
            }
            node = current.parent
        }
        return nil
    }

    /// `func setImageSynchronously(from url: URL)`: the enclosing function says what it reads.
    var functionNameMentionsMedia: Bool {
        enclosingFunction?.as(FunctionDeclSyntax.self).map { CostEvidence.mentionsMedia($0.name.text) } ?? false
    }

    var isFunctionBoundary: Bool {
        `is`(FunctionDeclSyntax.self) || `is`(InitializerDeclSyntax.self) || `is`(DeinitializerDeclSyntax.self)
            || `is`(AccessorDeclSyntax.self) || `is`(MemberBlockSyntax.self) || `is`(SourceFileSyntax.self)
    }
}

private extension FunctionDeclSyntax {
    /// The body calls a function of the same name (`deepestFolder(in: child)` in `deepestFolder(in:)`).
    var callsItself: Bool {
        let name = self.name.text
        return body?.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            var called = Syntax(reference)
            // `self.walk(child)` and `Self.walk(child)`, not `super.walk()` or `other.walk()`.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self) {
                guard member.declName.id == reference.id,
                      let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind,
                      base == .keyword(.self) || base == .keyword(.Self) else { return false }
                called = Syntax(member)
            }
            return called.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == called.id
        } ?? false
    }
}

private extension PatternBindingSyntax {
    /// A stored or computed property of a type, not a local.
    var isMember: Bool { parent?.parent?.parent?.is(MemberBlockItemSyntax.self) ?? false }
}
