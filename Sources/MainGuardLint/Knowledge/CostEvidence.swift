import SwiftSyntax

/// Whether one file, keychain or database operation can cost a user time.
///
/// Reading a settings file, writing one keychain item, deleting a temporary file or looking up one row
/// takes about a millisecond: blind reviews of real apps rejected such findings as not worth a change.
/// These operations are reported only where the syntax shows that the cost repeats or grows with the
/// user's data:
/// - **repeated**: in a loop, a per-element closure or a function that calls itself (a tree walk), during a SwiftUI `body`, or in a callback that runs
///   per frame, row, keystroke or selection (`updateNSView`, `tableView(_:cellForRowAt:)`, `.onChange`);
/// - **user-sized data**: a video, a recording or a backup read or written; a file the user picked read
///   to upload, send or attach (its URL's security-scoped access started in the same function); a cache, download or package
///   folder walked, or deleted, moved or copied (deleting one only from a launch callback);
/// - **the network**: a read of a remote URL (`URL(string: "https://...")`);
/// - **many rows**: the query's rows are iterated (`while rows.next()`, a cursor) or the fetched rows are
///   handed on or mapped (`rows.map { decode($0) }`); a `fetchAll` alone is a list of any length, and a
///   query with a `limit` reads a page;
/// - **an enumeration**: a keychain query for every item (`kSecMatchLimitAll`), from a launch callback.
///
/// Deleting or moving a file is cheap even in a loop: only a growing folder makes it costly. A read with
/// `options: .alwaysMapped` maps the file instead of reading it.
///
/// Drawing into a bitmap (`UIGraphicsImageRenderer.image`, `ImageRenderer`: an icon, a label), loading one
/// image file and waiting for a helper `Process` need repetition too. Encoding an image needs a user's
/// photo, capture or upload (`userImageWords`) that is not named as a small image (`smallImageWords`).
/// Reading a helper process's output to its end waits for the process. Coders need repetition
/// (`showsCodedData`). Sleeps, semaphore and group waits, synchronous network requests and ImageIO
/// transcoding need no evidence: their cost is never small.
///
/// ```swift
/// // not reported: let settings = try Data(contentsOf: settingsURL)
/// // reported:     for url in urls { texts.append(try String(contentsOf: url)) }
/// ```
enum CostEvidence {
    /// What a single catalogued operation touches, which decides the evidence that makes it costly.
    enum Operation {
        case fileRead, fileWrite, unlink, copy, directoryListing, keychainRead, keychainWrite, database, coordination, drawing
        case imageFile, imageEncoding, process, treeWalk, lazyImage, thumbnail, documentParse, albumQuery, htmlImport, photoRequest
        case keyStretching, appleEvent, script, bundleRead, contactsQuery, calendarQuery, gpuWait

        /// One call costs about a millisecond, so only a loop over a folder's files (or a per-frame
        /// callback) makes it costly: a loop over a handful of items does not. Listing one folder is such
        /// a call: a loop that lists a few known folders (SDK folders, plug-in folders, wildcard paths)
        /// was rejected 8 times of 8 in held-out round H; listing per file of a folder was accepted.
        var isCheapPerItem: Bool {
            [.fileRead, .fileWrite, .keychainRead, .keychainWrite, .coordination, .directoryListing, .albumQuery].contains(self)
        }

        /// Reads the app's storage: a file, an image file, a folder, a database, the keychain. Done per
        /// frame or row through a chain of calls (`Evidence.whenItsCallerRepeats`), such a read was worth a
        /// change in 4 of 11 blind verdicts (a sample over the apps of rounds V to AI, 2026-11); drawing,
        /// encoding and coding there in 1 of 16 (icons, gradients, a few bytes of JSON).
        var readsStorage: Bool {
            [.fileRead, .imageFile, .directoryListing, .treeWalk, .database, .keychainRead, .lazyImage, .thumbnail, .photoRequest].contains(self)
        }

        /// Costs a user time where a caller runs it per frame, row or timer tick (`Evidence.whenItsCallerRepeats`):
        /// a read of the app's storage, or importing HTML, which lays it out with WebKit (blind round AK's
        /// recall hunt: a chat's message cells parsed their HTML on every reload of a 1.5 s timer).
        var addsUpWhenRepeated: Bool { readsStorage || [.htmlImport, .process, .appleEvent, .script].contains(self) }
    }

    /// How a node repeats within its function (`Syntax.repetition`).
    enum Repetition {
        /// A `for` loop or a per-element closure over this sequence.
        case over(ExprSyntax)
        /// A `while` or `repeat` loop.
        case untilDone
        /// A function that calls itself: once per node of a tree.
        case perNode
    }

    /// Catalogue entries (by display name) whose one call is cheap unless the syntax shows more.
    static let singleOperations: [String: Operation] = [
        "Data(contentsOf:)": .fileRead, "String(contentsOf:)": .fileRead, "NSData(contentsOf:)": .fileRead,
        "NSString(contentsOf:)": .fileRead, "FileManager.contents(atPath:)": .fileRead,
        "Bundle(path:)": .bundleRead,
        "write(to:)": .fileWrite, "FileHandle.write(_:)": .fileWrite,
        // `replaceItemAt(_:withItemAt:)` moves the new item into place: a rename on one volume, like `moveItem`
        // (blind round Z rejected two in a loop over a few backup files).
        "FileManager.removeItem": .unlink, "FileManager.moveItem": .unlink, "FileManager.replaceItemAt": .unlink,
        "FileManager.copyItem": .copy,
        "FileManager.contentsOfDirectory": .directoryListing,
        "SecItemCopyMatching": .keychainRead,
        "SecItemAdd": .keychainWrite, "SecItemUpdate": .keychainWrite, "SecItemDelete": .keychainWrite,
        "DatabaseQueue.read": .database, "DatabaseQueue.write": .database, "DatabasePool.read": .database,
        "DatabasePool.write": .database, "DatabaseQueue.inDatabase": .database, "DatabaseQueue.inTransaction": .database,
        "FMDatabaseQueue.inDatabase": .database, "FMDatabaseQueue.inTransaction": .database,
        "FMDatabase.executeQuery": .database, "FMDatabase.executeUpdate": .database, "sqlite3_step": .database,
        "sqlite3_exec": .database,
        "NSFileCoordinator.coordinate": .coordination,
        // Drawing an icon or a label into a bitmap: the cost is the canvas, small unless repeated.
        "UIGraphicsImageRenderer.image": .drawing, "ImageRenderer.cgImage": .drawing, "ImageRenderer.uiImage": .drawing,
        "ImageRenderer.nsImage": .drawing,
        // Loading one image file (an icon, an artwork) takes a few milliseconds; PDFKit opens a document
        // lazily and parses pages as they are drawn.
        "UIImage(contentsOfFile:)": .imageFile, "NSImage(contentsOf:)": .imageFile, "NSImage(contentsOfFile:)": .imageFile,
        "PDFDocument(url:)": .imageFile,
        // Encoding an image costs its pixel count: a camera photo, not an icon or a placeholder.
        "UIImage.pngData()": .imageEncoding, "UIImage.jpegData(compressionQuality:)": .imageEncoding,
        "UIImage.heicData()": .imageEncoding, "NSImage.tiffRepresentation": .imageEncoding,
        "UIImageJPEGRepresentation": .imageEncoding, "UIImagePNGRepresentation": .imageEncoding,
        "CIContext.createCGImage(_:from:)": .imageEncoding, "CIContext.jpegRepresentation": .imageEncoding,
        "CIContext.pngRepresentation": .imageEncoding, "CIContext.heifRepresentation": .imageEncoding,
        "CIContext.writeJPEGRepresentation": .imageEncoding, "CIContext.writePNGRepresentation": .imageEncoding,
        "CIContext.writeHEIFRepresentation": .imageEncoding, "NSBitmapImageRep.representation(using:properties:)": .imageEncoding,
        // A helper tool run to completion: most are short (`git rev-parse`, `defaults read`).
        // A script that only computes or asks Standard Additions (`get volume settings`) returns in
        // milliseconds; one that sends another app a command waits for that app (blind round AS: 4 of 12).
        "NSAppleScript.executeAndReturnError": .appleEvent,
        "Process.waitUntilExit()": .process, "FileHandle.readDataToEndOfFile()": .process,
        // Its modern spelling, and the other handle reads: a pipe's output or a bounded slice of a file
        // (a log's tail, a header); blind reviews rejected every one they read (rounds H to R).
        "FileHandle.readToEnd()": .process, "FileHandle.availableData": .process, "FileHandle.readData(ofLength:)": .fileRead,
        // Walking a folder tree: a user's folder of a few files, unless it is one that grows.
        "FileManager.enumerator": .treeWalk, "FileManager.subpathsOfDirectory(atPath:)": .treeWalk,
        // ImageIO creates the image lazily: it decodes when the image is first drawn, unless asked to
        // decode now (`kCGImageSourceShouldCacheImmediately`).
        "CGImageSourceCreateImageAtIndex": .lazyImage,
        // A thumbnail of a few hundred pixels (`kCGImageSourceThumbnailMaxPixelSize: 240`) of one image a
        // user picked takes tens of milliseconds (blind round AC rejected 2 of 2); made per attachment of a
        // list, or at a size the app does not fix, it is reported (accepted in rounds AB and AC).
        "CGImageSourceCreateThumbnailAtIndex": .thumbnail,
        // Parsing one XML document (a server's reply, a feed) is a decode: its size is the document's, which
        // the syntax does not show, like one `JSONDecoder.decode`. Reading one with `XMLParser(contentsOf:)`
        // is a file read.
        "XMLParser.parse()": .documentParse, "XMLParser(contentsOf:)": .fileRead,
        // Looking up the photo library's albums (by title, by type) returns tens of collections: blind
        // reviews judged both such findings trivial. Fetching assets returns a lazy `PHFetchResult` that
        // loads its objects in batches as they are read, so a fetch handed on takes milliseconds even in a
        // large library (blind round AD rejected 2 of 2, one per album tap and one per sort change). Counted
        // or enumerated where it is fetched (`CalledName.readsItsFetchResultWhole`), it queries the library
        // now (round AA accepted photo counts fetched per album row); one per cell adds up too. Fetching the
        // assets the app names (`withLocalIdentifiers:`, the few a user just picked) is a lookup even then
        // (round Z rejected one run after an import).
        "PHAssetCollection.fetchAssetCollections": .albumQuery, "PHAsset.fetchAssets": .albumQuery,
        // A contacts fetch by identifiers or a name finds a few contacts; one per container or with no
        // predicate reads them all (blind round BO's recall hunt: the whole address book fetched to count it
        // on every tap of the app's main button).
        "CNContactStore.unifiedContacts": .contactsQuery, "CNContactStore.enumerateContacts": .contactsQuery,
        // A calendar query's size is its predicate's dates: a week or a month of events, fetched at each page
        // or refresh, was worth a change in 7 of 8 blind verdicts (round BR's probe); a window of an hour or a
        // day (a meeting about to start, today's agenda, one event's own span) in 0 of 4.
        "EKEventStore.events(matching:)": .calendarQuery, "EKEventStore.enumerateEvents(matching:using:)": .calendarQuery,
        "PHImageManager.requestImage (synchronous)": .photoRequest, "PHImageManager.requestImageDataAndOrientation (synchronous)": .photoRequest,
        "PHImageManager.requestImageData (synchronous)": .photoRequest,
        // PBKDF2 costs what its iteration count says, tens to hundreds of milliseconds: blind review of round AR
        // accepted none of three (an export sheet, a credential transfer, a rare validation flow). Scrypt and
        // Argon2, memory-hard and slower, need no evidence (round AP's recall hunt: seconds at every login).
        "PKCS5.PBKDF2.calculate()": .keyStretching, "CCKeyDerivationPBKDF": .keyStretching,
        // One message's HTML takes tens of milliseconds: a tap can afford it, a list of rows cannot.
        "NSAttributedString(data:) with .html": .htmlImport,
        // A line of JavaScript (`"JSON.stringify(value)"`) runs in microseconds; a script the call has just
        // loaded (`evaluateScript(loadScript("formatter"))`) is a library, compiled again on every call, which
        // adds up where the call repeats.
        "JSContext.evaluateScript(_:)": .script,
        // A wait for one command buffer lasts as long as its pass: a pixel picked under the mouse, a colour bar
        // or a small preview takes a frame or less (blind probe BYg rejected 12 of 16, all single passes);
        // buffers waited for in a loop (a grid computed in batches, one pass per selected structure) add up.
        "MTLCommandBuffer.waitUntilCompleted()": .gpuWait,
    ]

    /// What the syntax of one catalogued call shows about its cost.
    enum Evidence {
        /// Small work: reported only with `include_low_cost`.
        case none
        /// The cost repeats or grows, or the entry needs no evidence.
        case shown
        /// Only a growing folder it deletes, moves or copies (not a loop of copies), or a keychain query
        /// for every item: reported where the app does it unasked, from a launch callback
        /// (`CatalogueEntry.costsOnlyAtLaunch`). Blind reviews rejected deleting a download, a session or
        /// a cache the user asked to clear, and listing the keychain in a settings screen; they accepted
        /// purging caches at every launch.
        case atLaunchOnly
        /// Small work where it is written, but nothing bounds how often it runs: it costs a user time where a
        /// caller runs it per frame, per row or per tick of a timer, through any number of synchronous calls
        /// (`CostEvidence.event(repeating:)`). Blind round AI's recall hunt: a music player re-read and decoded the
        /// cover art on every 0.1 s tick of its progress timer, three calls below the timer's closure.
        case whenItsCallerRepeats
        /// An image the function is handed (`self` in an extension of `UIImage`, or a parameter) encoded with no
        /// word of a user's photo where it is written: costly where a caller hands it one
        /// (`Syntax.encodesUserMedia(receiver:)` at the call). Blind round AO's recall hunt: a diary saved each
        /// camera photo through `image.saveImage(imageName:)`, a `UIImage` extension that JPEG-encodes at quality 1.
        case whenItsCallerHandsAUserImage
    }

    /// What `call` shows about the cost of `entry`.
    static func evidence(for entry: CatalogueEntry, at call: CalledName) -> Evidence {
        guard let operation = singleOperations[entry.display] else { return .shown }
        let node = Syntax(call.call)
        // `NSAttributedString(data:options:documentAttributes:)` reading RTF or plain text: no WebKit.
        if operation == .htmlImport, !call.importsHTML { return .none }
        // A line of JavaScript costs microseconds, even per message of a socket (blind round AX).
        if operation == .script, !call.evaluatesAScriptItLoads { return .none }
        // `Data(contentsOf: url, options: .alwaysMapped)` maps the file: pages are read when touched.
        // `.mappedIfSafe` and `.mappedRead` (Foundation's spellings) map it too.
        if operation == .fileRead, call.call.arguments.contains(where: { $0.expression.trimmedDescription.containsCaseInsensitive("mapped") }) {
            return .none
        }
        // Unlinking a file takes microseconds, however many times a loop does it; a folder that grows is the cost.
        // One file, keychain item or coordinated access per loop pass is cheap unless the loop walks a folder.
        // One image file per `body`: `UIImage(contentsOfFile:)` maps the file and decodes it when first drawn,
        // so a render costs a lookup and a map (blind rounds V and Y rejected 3 of 3 in a view's `body`);
        // a loop of them, or one per selection or cell, adds up.
        // Drawing an icon (`UIGraphicsImageRenderer(size: CGSize(width: iconSize, ...))`) costs microseconds,
        // even per cell (blind round AA rejected one per row of a downloads list).
        if operation == .drawing, call.drawsASmallImage { return .none }
        // An icon read from its file (`UIImage(contentsOfFile: iconPath)`): a few kilobytes, decoded when drawn,
        // even once per section header (blind round AU: a category icon per header of a lessons list), also
        // through a URL made from the path (`URL(string: app.rowIconURL)`: blind round BV, an app's icon per
        // row of a list). Not a file named a thumbnail, which an app may write at full size (blind round AP
        // accepted such a row read).
        if operation == .imageFile, let path = call.call.arguments.first?.expression,
           path.tracesBack(hops: 1, to: { $0.namesAnIconFile || $0.urlPath?.tracesBack(hops: 1, to: \.namesAnIconFile) == true }) {
            return .none
        }
        // The app's own records, one JSON or plist file each (`guard url.pathExtension == "json"`): a
        // handful of profiles or pending updates (blind round AA rejected 4 of 4 such reads per file). So is
        // a file of a fixed JSON or plist name read per folder (`folder.appendingPathComponent("config.json")`
        // for each installed sound pack or extension: blind round BQ rejected 4 of 4), unless per frame or event.
        // Writing such a file back (a stylesheet rewritten in place) is as small.
        if operation == .fileRead || operation == .fileWrite, node.readsAppRecordFiles { return .none }
        // The file of a list its type keeps to a few hundred entries (`CappedLists`).
        if operation == .fileRead || operation == .fileWrite, CappedLists.holdOnlyACappedList(call.call) { return .none }
        if operation == .fileRead, call.call.arguments.first?.expression.namesARecordFile == true, !call.readsARemoteURL,
           !node.runsPerFrameOrEvent {
            return .none
        }
        // Stepping through a page of rows or the schema (`LIMIT ?`, `PRAGMA table_info(tabs)`) ends after a
        // few rows, however the `while` reads; the same query run once per item of a list does not.
        if operation == .database, node.enclosingFunction?.runsOnlyPagedOrSchemaSQL == true, !node.runsPerFrameOrEvent {
            if case .over = node.repetition(followingRecursion: false) {} else { return .none }
        }
        // `dbQueue.read { db in try Font.fetchOne(db, key: name) }`: one row by its primary key or a count is an
        // index lookup of microseconds, however often a view asks (blind round AZ: a reader's font path per page).
        if operation == .database, call.readsOneRowByKey { return .none }
        // `process.waitUntilExit()` then `pipe.fileHandleForReading.readDataToEndOfFile()`: the process is gone,
        // so the read returns what it left at once; the wait before it is the finding (blind round AX).
        if operation == .process, entry.kind != .wait, node.followsAWaitForAProcess { return .none }
        // `if !fm.fileExists(atPath: destination) { try fm.copyItem(atPath: source, toPath: destination) }`: each
        // file is copied once, the first time it is missing (an install of bundled themes, blind round AR), not
        // each time the code runs, however many files a loop goes over.
        if operation == .copy, call.copiesOnlyWhenTheDestinationIsMissing { return .none }
        // `for item in contentsOfDirectory(atPath: "/Applications") { Bundle(path: ...) }`: one bundle per
        // app of a folder (blind round BM's recall hunt: an app picker reading every installed app's
        // `Info.plist` as it appears). The same bundle again, per frame or per event, comes from Bundle's cache.
        if operation == .bundleRead {
            if case .over(let sequence) = node.repetition, sequence.listsAFolder { return .shown }
            return .none
        }
        // `for item in fields { if let image = item.value as? UIImage { image.jpegData(...) } }`: a loop over the mixed
        // values a caller hands (a form's fields) encodes the images among them, if any; what the caller passes
        // shows whether there are, not the loop (blind round CI rejected 2 of 2: an upload helper whose callers pass
        // only strings).
        let encodesMixedValues = operation == .imageEncoding && node.encodesAnImageCastFromWhatItIsHanded(image: call.receiver)
        // `UIImage(contentsOfFile:)` reads the header and decodes when first drawn: well under a millisecond per
        // item of a list the app maps (blind rounds CN and CP rejected 2 of 2: a chat's media, a CarPlay list's
        // artwork), but one per file of a folder, row or frame adds up.
        let readsLazily = entry.display == "UIImage(contentsOfFile:)"
        let repeats = encodesMixedValues ? false
            : operation == .imageFile ? (readsLazily ? node.repeatsOverAFolder : node.isRepeated) || node.runsPerFrameOrEvent(countingBody: false)
            : operation.isCheapPerItem ? node.repeatsPerFile : node.runsRepeatedly
        if operation != .unlink, repeats { return .shown }
        let shown: Bool
        switch operation {
        case .fileRead: shown = call.namesMedia || node.resultNameMentionsMedia || node.functionNameMentionsMedia || call.readsARemoteURL
            || call.readsAFileTheUserPicked
        case .fileWrite: shown = call.namesMedia(words: writtenMediaWords) || call.writesMedia
        case .unlink, .copy:
            guard call.namesGrowingFolder, operation == .copy || !call.deletesAFolderItFoundLeftOver else { return .none }
            return .atLaunchOnly
        // `skipsSubdirectoryDescendants` lists one folder, like `contentsOfDirectory`.
        case .treeWalk: shown = call.namesGrowingFolder && !call.call.arguments.trimmedDescription.contains("skipsSubdirectoryDescendants")
        // Listing every keychain item takes tens of milliseconds: a hang at launch, a moment the user chose later.
        case .keychainRead: return node.enclosingFunctionText.contains("kSecMatchLimitAll") ? .atLaunchOnly : .whenItsCallerRepeats
        case .database: shown = node.readsManyRows
        case .imageFile: shown = call.readsARemoteURL
        // `UIImageJPEGRepresentation(photo, 0.8)`: the Swift 3 spellings take the image as their first argument.
        case .imageEncoding:
            // `context.createCGImage(ciImage, from:)`: a Core Image context renders the image it is handed
            // (blind round AU: a QR code rendered to save it, read as a photo because the function saves to Photos).
            let rendersItsArgument = entry.display.hasPrefix("CIContext.")
            let image = rendersItsArgument ? call.call.arguments.first?.expression : call.receiver ?? call.call.arguments.first?.expression
            // An image the function keeps in a cache (`cache.setObject(result, forKey: key)`) is made once per
            // key (blind round AV: a blurred artwork background, rendered once per track).
            // Among mixed values, the function's words (an upload helper's) do not say an image is there: its callers do.
            shown = !encodesMixedValues && node.encodesUserMedia(receiver: image) && !node.enclosingFunctionText.readsACache
            // `UIImageJPEGRepresentation(image, 1)` takes the image first; `jpegData(...)` alone encodes `self`.
            let encoded = rendersItsArgument ? image
                : call.receiver ?? (call.name.startsWithUppercase ? call.call.arguments.first?.expression : nil)
            if !shown, node.encodesAnImageItIsHanded(image: encoded), !node.namesASmallOrDrawnImage(receiver: image) {
                return .whenItsCallerHandsAUserImage
            }
        case .lazyImage: shown = node.enclosingFunctionText.contains("ShouldCacheImmediately")
        // `func multiResolutionIcon(from data: Data)`: the function makes an icon, whatever size it asks for.
        case .thumbnail: shown = !call.asksForASmallThumbnail && !node.functionNameNamesASmallImage
        // Under limited access the library holds only the photos the user chose to share: a screen written for that
        // (`LimitedAccessPhotoViewModel`) lists a handful (blind round CL rejected 2 of 2).
        case .albumQuery: shown = entry.display == "PHAsset.fetchAssets" && call.labels.first != "withLocalIdentifiers" && call.readsItsFetchResultWhole
            && !node.isWrittenForLimitedPhotoAccess
        case .contactsQuery: shown = call.readsEveryContact
        case .calendarQuery: shown = !call.queriesADayOrLess
        // One photo at full size, or one Photos may download from iCloud; a thumbnail costs a cache read unless it repeats.
        case .photoRequest: shown = PhotoRequests.asksForAFullSizeOrRemoteImage(call)
        // A helper process that profiles, builds, archives or goes over the network (`SlowCommands`), set up here.
        case .process:
            let function = node.enclosingFunction
            shown = function.map(SlowCommands.areNamed(in:)) ?? false
                || function?.as(FunctionDeclSyntax.self).map(SlowCommands.runsAStoredScript(in:)) ?? false
        // `tell application "Finder" to move …`: the script waits for the other app's reply (Finder moving files
        // to the trash, blind round AS); `kill`, `get volume settings` or an administrator prompt do not scale.
        // A function that runs the script it is handed (`executeAppleScript(_ script: String)`) is judged by the
        // scripts its type writes (blind round CK: a hook injected into an editor by a script of `delay` steps,
        // built by another method of the injector).
        case .appleEvent:
            let function = node.enclosingFunction
            shown = function.map(Self.scriptsAnotherApp(in:)) ?? false
                || function.map(Self.writesNoScript(in:)) ?? false && node.enclosingTypeDeclaration?.memberBlock.map(Self.scriptsAnotherApp(in:)) ?? false
        // One bundled script compiled when an object is made, or at a first request, takes milliseconds
        // (blind round AX rejected 2 of 2: 15 and 88 KB); compiled again per keystroke, row or frame, it adds up.
        case .script: shown = false
        case .directoryListing, .keychainWrite, .coordination, .drawing, .documentParse, .htmlImport, .keyStretching, .bundleRead, .gpuWait:
            shown = false
        }
        if shown { return .shown }
        // A read the function keeps in a cache (`imageCache.object(forKey:)` first, `setObject` after) is
        // done once per key, however often callers ask (blind review: map markers read once per icon).
        return operation.addsUpWhenRepeated && !node.enclosingFunctionText.readsACache ? .whenItsCallerRepeats : .none
    }

    /// A string literal of the function tells another app what to do (`tell application "Finder"`). Not a
    /// terminal told to open a window and run a command: the script hands the user over to Terminal, which
    /// comes to the front as the call returns (blind round BN rejected 2 of 2: "Run Setup in Terminal", an
    /// editor opened in Terminal).
    ///
    /// A script that walks a terminal's windows (`repeat with aWindow in windows`) or pauses (`delay 0.5`) waits for
    /// replies, or for its own steps, wherever it goes (blind round CK's recall hunt: a title set on every iTerm
    /// session once a second).
    static func scriptsAnotherApp(in function: some SyntaxProtocol) -> Bool {
        var walksOrWaits = false
        var tellsATerminal = false
        for token in function.tokens(viewMode: .sourceAccurate) {
            guard case .stringSegment(let text) = token.tokenKind else { continue }
            if text.contains("repeat with") || text.containsADelay { walksOrWaits = true }
            guard let tell = text.range(of: "tell application") else { continue }
            let target = text[tell.upperBound...].drop { $0 == " " || $0 == "\\" || $0 == "\"" }.lowercased()
            // `tell application "Finder" to restart`: when the script ends, the Mac restarts, shuts down or logs
            // out, and no interaction is left to answer (blind round CH: a MIDI monitor's Restart button).
            if sessionEndingCommands.contains(where: { target.contains($0) }) { continue }
            if terminalApps.contains(where: { target.hasPrefix($0) }) { tellsATerminal = true } else { return true }
        }
        return tellsATerminal && walksOrWaits
    }

    /// No string of the function tells an app anything: the script it runs comes from elsewhere.
    static func writesNoScript(in function: some SyntaxProtocol) -> Bool {
        !function.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .stringSegment(let text) = token.tokenKind else { return false }
            return text.contains("tell application")
        }
    }

    /// Terminal apps a script opens a window in, by the name a `tell application` uses.
    static let terminalApps = ["terminal", "iterm"]
    /// Commands a script sends Finder or System Events that end the user's session.
    static let sessionEndingCommands = ["to restart", "to shut down", "to log out"]

    /// The image a call hands a helper (`image` its receiver or first argument) is a user's photo or capture,
    /// as the caller's function shows it (`Evidence.whenItsCallerHandsAUserImage`).
    /// The helper's own name says what the helper does (`upload(fields:)`), not what the caller hands it: only the
    /// rest of the caller's words count.
    static func handsAUserImage(at call: FunctionCallExprSyntax, image: ExprSyntax?) -> Bool {
        let callee = call.calledExpression
        let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return Syntax(call).encodesUserMedia(receiver: image, notCounting: name)
    }

    /// A call that hands a helper one image per element of a list (`for media in mediaItems {
    /// ImageHelper.compress(uiImage: media.image) }`), not a small or drawn one: the helper's encode repeats,
    /// as one written in the loop does (blind round BU's recall hunt: each photo of a review JPEG-encoded on
    /// the main actor as the review is posted).
    static func handsImagesInALoop(at call: FunctionCallExprSyntax, image: ExprSyntax?) -> Bool {
        let node = Syntax(call)
        return node.isRepeated && !node.namesASmallOrDrawnImage(receiver: image)
    }

    /// True when a catalogued property read (`renderer.uiImage`) needs no evidence, or repeats and, for a
    /// renderer, does not draw an icon (`ImageRenderer(content: Image(nsImage: workspace.icon(forFile:)))`:
    /// blind round AB rejected one in a fallback card's `body`).
    static func shows(for entry: CatalogueEntry, atPropertyRead node: Syntax) -> Bool {
        guard let operation = singleOperations[entry.display] else { return true }
        // `log.availableData` on a handle opened on a file reads what was appended since the last read, a
        // log's tail, and waits for no process (blind round BH: a log view refreshed every 0.25 s).
        if operation == .process, node.readsAHandleOpenedOnAFile { return false }
        if operation == .drawing, let renderer = node.as(MemberAccessExprSyntax.self)?.base, renderer.namesASmallImage { return false }
        return node.runsRepeatedly
    }

    /// A coder of a list (`SizeEvidence`) that runs per file of a folder, per node of a tree walk, during
    /// `body`, or per row or event. One decode of a file or a response took a few milliseconds in most
    /// cases blind reviews read (4 of 15 accepted, the growing ones: an event log, a package registry), so
    /// it is low cost; so is a loop over a few of the app's own values (a decode per saved filter group or
    /// per saved search: blind reviews rejected all 11 decodes in loops and callbacks of rounds H to N).
    static func showsCodedData(at call: CalledName) -> Bool {
        Syntax(call.call).repeatsPerFile || codesABackup(at: call)
    }

    /// A JSON or archive coder in a function named for a backup (`createBackupData`, `restoreBackup(from:)`):
    /// it codes every record the app keeps, whatever the syntax says of the value's type (blind round BW's
    /// recall hunt: a workout log's Backup button JSON-encoding every workout on the main actor). Not a
    /// property-list coder, nor a backup of settings or preferences: a few values (blind round BD rejected a
    /// proxy's saved network settings, `loadDirectBackup()`).
    ///
    /// ```swift
    /// func createBackupData() throws -> Data { try JSONEncoder().encode(Backup(workouts: workouts)) } // codes a backup
    /// func saveSettingsBackup() throws -> Data { try JSONEncoder().encode(settings) }                 // does not
    /// ```
    static func codesABackup(at call: CalledName) -> Bool {
        let node = Syntax(call.call)
        guard !call.name.hasPrefix("propertyList"), call.receiver.map({ !$0.trimmedDescription.contains("PropertyList") }) ?? true,
              let name = node.enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text,
              camelCaseWords(name).contains(where: { $0.hasPrefix("backup") }) else { return false }
        // `SettingsBackupExporter.buildBackup()`, `getAllBackupStatuses()`: the type or the function names what little it holds.
        let names = camelCaseWords(name) + camelCaseWords(node.enclosingTypeDeclaration?.name ?? "")
        guard !names.contains(where: { word in backupOfSettingsWords.contains { word.hasPrefix($0) } }) else { return false }
        // `encoder.encode(metadata)`, `decode(BackupMetadata.self, from:)`: the few fields that describe a backup, written
        // beside it (blind round CO rejected 3 of 3; the copy of the database beside them was the cost).
        let coded = call.call.arguments.first?.expression.identifiers.flatMap(camelCaseWords) ?? []
        return !coded.contains { word in backupDescriptionWords.contains { word.hasPrefix($0) } }
    }

    /// Words of a coded value that describe a backup rather than hold it (`codesABackup(at:)`).
    static let backupDescriptionWords = ["metadata", "manifest", "summary", "header"]

    /// Words of a backup's function or type that say it holds a few values, not the app's records
    /// (`codesABackup(at:)`): settings, or the backup's own status.
    static let backupOfSettingsWords = ["setting", "preference", "pref", "config", "option", "default", "key", "status", "state"]

    /// True when `node` runs in a loop or per-element closure of its function, during `body`, or in a
    /// callback that runs per frame, row or event: where a cost, however small, adds up. Unlike the
    /// evidence for single operations it does not read the function for a call to itself (a tree walk),
    /// which would read a long function once per call in it.
    static func repeats(_ node: Syntax) -> Bool { node.repetition(followingRecursion: false) != nil || node.runsPerFrameOrEvent }

    /// What runs a call per frame, per visible row or per tick of a timer at most a second apart, as messages
    /// name it ("timer tick"), also through a `Task { }` or a `DispatchQueue.main.async { }` it starts; nil
    /// for anything else. This is the evidence that makes small work (`Evidence.whenItsCallerRepeats`)
    /// costly, however many calls below it the work is done. Not a selection, a keystroke or an `.onChange`,
    /// which run once per thing the user does, and not `body`: blind reviews rejected one small read per
    /// tap (most rounds) and single image reads in `body` (rounds V and Y).
    ///
    /// ```swift
    /// Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
    ///     Task { @MainActor in self.updateTimeDisplay() } // event(repeating:) is "timer tick"
    /// }
    /// ```
    static func event(repeating node: Syntax) -> String? { node.event(countingBody: false, perFrameOrTickOnly: true) }

    /// The folder whose files a call runs once for: in a loop over its listing (`for file in
    /// contentsOfDirectory(...)`, `while let file = enumerator.nextObject()`). Small work a helper does (`Evidence.whenItsCallerRepeats`) adds up there as it does
    /// per frame: blind round BW's recall hunt, a song browser reading every file of the user's songs folder
    /// through a parsing helper as its model was made.
    ///
    /// ```swift
    /// for file in try fm.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
    ///     titles.append(NoteParser.title(of: file)) // repeatsPerFileOfAFolder
    /// }
    /// ```
    ///
    /// `listings` keeps each loop's answer by its sequence, for the other calls of the same loop.
    static func repeatsPerFileOfAFolder(_ call: FunctionCallExprSyntax, listings: inout [SyntaxIdentifier: Bool]) -> Bool {
        let node = Syntax(call)
        // Asked of every call the rule reads, so the loop is found without building a `CalledName` per closure.
        guard let sequence = node.innermostLoopSequence else { return false }
        let listsAFolder = listings[sequence.id] ?? {
            // The app's bundle: a fixed set of files it ships (blind probe BYp: a few SVG presets).
            let answer = sequence.isAFolderListing && !sequence.tracesBack(hops: 2, to: \.namesTheAppBundle)
            listings[sequence.id] = answer
            return answer
        }()
        guard listsAFolder else { return false }
        // A loop that keeps only the folder's `.json` or `.plist` files reads the app's own records, a few
        // small files (`Syntax.readsAppRecordFiles`), whichever helper reads them; so does one that hands the
        // helper a file of a fixed name in each folder (`load(from: folder.appendingPathComponent("index.json"))`:
        // blind probe BYp, one index per installed dictionary).
        return !node.readsAppRecordFiles && !call.arguments.contains { $0.expression.namesARecordFile || $0.expression.appendsAFixedFileName }
    }

    /// The event a `body` that follows a drag, a pinch or a rotation runs on (`PatternBindingSyntax.followsAContinuousGesture`).
    static let gestureFrame = "frame of a drag"

    /// The event a repeating timer's closure runs on, as ``event(repeating:)`` names it.
    static let timerTick = "timer tick"
    /// How messages name the repetition `repeatsPerFileOfAFolder(_:)` finds.
    static let fileOfAFolder = "file of a folder"

    /// The longest side, in pixels, of a thumbnail that is small to make: a list row's or an attachment chip's.
    static let smallThumbnailPixels = 512
    /// The longest side, in points, of an image the app scales or draws to a fixed size that is small to
    /// encode: an avatar, a banner, a preview (a camera photo is 4,000 pixels across).
    static let smallImageSide = 1024

    /// Words in a name that say the data is a user's media, whose size has no bound.
    static func mentionsMedia(_ name: String) -> Bool { mentionsMedia(name, words: mediaWords) }

    static func mentionsMedia(_ name: String, words: [StaticString]) -> Bool { words.contains { name.containsCaseInsensitive($0) } }

    /// A name that says an image is small by design (`smallImageWords`): `iconSize`, `avatarImage`,
    /// `favicon`, `screenShot`. Words are matched whole or at a word's start or end, never inside one:
    /// `ciContext` names no icon, `sqrt` no QR code (blind round AK: a `CIContext` render of a full-screen
    /// backdrop read as an icon's).
    ///
    /// ```swift
    /// CostEvidence.namesSmallImage("appIconSize") // true
    /// CostEvidence.namesSmallImage("ciContext")   // false
    /// ```
    static func namesSmallImage(_ name: String) -> Bool {
        let words = camelCaseWords(name)
        // Adjacent words too, for a word split in two: `screenShot`, `thumbNail`.
        let candidates = words + zip(words, words.dropFirst()).map { $0 + $1 }
        return candidates.contains { word in
            smallImageWords.contains { small in
                let small = "\(small)"
                return word.hasPrefix(small) || word.hasSuffix(small)
            }
        }
    }

    /// The words of a camel-case or snake-case name, lowercased: `CIContext` gives `ci` and `context`,
    /// `app_iconSize` gives `app`, `icon` and `size`.
    static func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (position, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let afterLowercase = characters[position - 1].isLowercase || characters[position - 1].isNumber
                let beforeLowercase = position + 1 < characters.count && characters[position + 1].isLowercase
                if afterLowercase || beforeLowercase {
                    words.append(current.lowercased())
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// Only media without a typical size: a photo or an attachment is a few megabytes, read in milliseconds,
    /// and blind reviews rejected 9 of 11 such reads; a video, a recording or a backup can be gigabytes.
    static let mediaWords: [StaticString] = ["video", "movie", "recording", "backup"]
    /// Extensions of the files a function keeps when it reads the app's records or a document's stylesheets
    /// (`Syntax.readsAppRecordFiles`): small, one file each.
    static let smallFileExtensions = ["json", "plist", "css"]
    /// Words of a constant that holds the name of one of the app's small record files (`FileNames.metadata`).
    static let recordFileWords: [StaticString] = ["metadata", "manifest", "config"]
    /// Media a write names: not a backup. The app writes a backup from data it already holds, a settings file's
    /// copy or an export of its records (blind rounds BD to BI rejected each of the seven single writes they
    /// read, among them `claude_desktop_config.backup.json` written before a setup step changes the original).
    static let writtenMediaWords: [StaticString] = ["video", "movie", "recording"]
    /// Words in a name that say a folder grows with use: deleting, moving or copying it walks every file.
    /// Words in the enclosing function that say an encoded image is a user's photo or capture. Not a
    /// screenshot of the app's own window: it is screen-sized and taken once, for a report or a share
    /// (blind rounds Y and Z rejected 4 of 4). Not the pasteboard or a clipboard history: blind review of the
    /// 13 findings those words added judged 6 worth acting on (pastes into an editor, a clipboard monitor)
    /// and 7 one-off (a Copy button, a menu's "insert image from clipboard").
    static let userImageWords: [StaticString] = [
        "camera", "photo", "picker", "picking", "originalimage", "editedimage", "crop", "capture", "upload",
        "attachment", "scan",
    ]
    /// Words of `userImageWords` that name what is done with data, not an image: a helper named so
    /// (`upload(fields:)`) may be handed anything.
    static let dataOperationWords: Set<String> = ["upload", "attachment"]
    /// The SDK's pasteboards: an image read from one is whatever the user copied (`encodesUserMedia(receiver:)`).
    static let pasteboardTypes: Set<String> = ["UIPasteboard", "NSPasteboard"]
    /// Image types whose extensions' methods encode `self` (`extension UIImage { func save() }`).
    static let imageTypes: Set<String> = ["UIImage", "NSImage", "CIImage", "CGImage"]
    /// The catalogue's encoders an image type's extension calls on `self` without a receiver (`jpegData(...)`).
    static let selfEncoders: Set<String> = ["jpegData", "pngData", "heicData"]
    /// Phrases that contain a word of `userImageWords` but name no user's image: `blurred.cropped(to: image.extent)`
    /// trims a Core Image filter's edges; `SentrySDK.capture(error:)` and `captureMessage` report an error (the
    /// comparison for blind round AQ: a downloaded article picture resized in a function that reports its errors).
    static let phrasesNamingNoImage = [".cropped(to:", "capture(error", "captureError", "captureMessage", "captureException", "captureEvent"]
    /// Words of a method that scales an image to a side it is handed: `aspectFittedToHeight`, `resized`, `scaledTo`.
    static let scalingWords: [StaticString] = ["resiz", "scale", "fitted", "fitting", "downsampl", "shrink"]
    /// Words in a name that say an image is small by design.
    static let smallImageWords: [StaticString] = [
        "icon", "avatar", "profile", "screenshot", "placeholder", "logo", "thumbnail", "qr", "symbol", "badge", "emoji", "glyph",
    ]
    /// Types that draw a view or a canvas into an image, and UIKit's older drawing call that returns it: the
    /// image is the size the app drew (blind round AC: a profile picture redrawn at 150 by 150 points).
    static let rendererTypes: Set<String> = ["ImageRenderer", "UIGraphicsImageRenderer", "UIGraphicsGetImageFromCurrentImageContext"]
    /// Calls and properties that list a folder's files.
    static let folderListingNames: Set<String> = [
        "contentsOfDirectory", "enumerator", "subpathsOfDirectory", "subpaths", "allObjects", "directoryContents",
    ]
    static let growingFolderWords: [StaticString] = ["cache", "download", "package", "node_modules", "repo", "clone"]

    /// A name with a word of `growingFolderWords`, where "repo" is not the start of "report": blind round AU
    /// read `diagnosticReportDirs()`, two folders of crash reports, as repositories.
    ///
    /// ```swift
    /// CostEvidence.namesAGrowingFolder("repoURL")              // true
    /// CostEvidence.namesAGrowingFolder("diagnosticReportDirs") // false
    /// ```
    static func namesAGrowingFolder(_ name: String) -> Bool {
        let unreported = name.containsCaseInsensitive("report")
            ? name.replacingOccurrences(of: "report", with: "", options: .caseInsensitive) : name
        return growingFolderWords.contains { unreported.containsCaseInsensitive($0) }
    }
    /// Words in a function that say a file it reads goes out as it is (`readsAFileTheUserPicked`).
    static let transferWords: [StaticString] = ["upload", "attach", "send"]
}

private extension String {
    /// Code that looks a value up in a cache before making it: `NSCache.object(forKey:)`, `cache[key]`.
    var readsACache: Bool {
        contains("object(forKey:") || contains("setObject(") || containsCaseInsensitive("cache[")
    }
}

private extension CalledName {
    /// An argument names media: `Data(contentsOf: compressedVideoURL)`; for a write, by `writtenMediaWords`.
    var namesMedia: Bool { namesMedia(words: CostEvidence.mediaWords) }

    func namesMedia(words: [StaticString]) -> Bool { call.arguments.contains { $0.expression.namesMedia(words: words) } }

    /// `context.evaluateScript(Scripts.read("formatter"))`, or a local set so in the function: the script is
    /// loaded where it runs, so each call compiles a whole file of JavaScript again. Not a string literal, a
    /// literal built around a value (`"format(\\(json))"`), or a script kept in a property.
    var evaluatesAScriptItLoads: Bool {
        guard let script = call.arguments.first?.expression.loadedValue else { return false }
        if script.is(FunctionCallExprSyntax.self) { return true }
        // Only a name is followed to its local: the values a literal interpolates are not the script.
        guard let name = script.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return Syntax(script).hasLocal(named: name) { $0.loadedValue.is(FunctionCallExprSyntax.self) }
    }

    /// `String(contentsOf: URL(string: "https://status.example.com")!)`: a synchronous network request.
    var readsARemoteURL: Bool {
        guard let argument = call.arguments.first?.expression else { return false }
        return argument.isOrNamesLocal { expression in
            let text = expression.trimmedDescription
            return text.contains("URL(string:") || text.contains("\"http") || expression.isURLOfComponentsBuiltForTheWeb
        } || argument.urlOfComponentsSetToTheWeb
    }

    /// `url.startAccessingSecurityScopedResource(); Data(contentsOf: url)` in a function that uploads, sends
    /// or attaches it: a URL outside the sandbox, which only the user's pick grants (a document picker,
    /// `.fileImporter`, an open panel, a drop), read whole to be sent as it is, so it is whatever the user
    /// chose, up to hundreds of megabytes (blind recall hunt of round AH: a chat app reading each file it
    /// sends on the main actor). A picked file the app imports (a backup, a certificate, a settings or
    /// outline file) is small: reading those was not made evidence.
    var readsAFileTheUserPicked: Bool {
        guard let url = call.arguments.first?.expression.identifiers.first,
              let function = Syntax(call).enclosingFunction else { return false }
        // `@Sendable` sends nothing (blind round AU: an artwork picked for a collection, read once).
        let text = function.description.replacingOccurrences(of: "Sendable", with: "")
        guard CostEvidence.transferWords.contains(where: { text.containsCaseInsensitive($0) }) else { return false }
        let picked = function.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "startAccessingSecurityScopedResource" && token.previousToken(viewMode: .sourceAccurate)?.text == "."
                && token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.text == url
        }
        // The file turns away picks over a size (`resourceValues(forKeys: [.fileSizeKey])`, then a limit):
        // the file read is as small as that limit (blind round AK: a feedback form's 2 MB attachment).
        return picked && !Syntax(call).root.tokens(viewMode: .sourceAccurate).contains { $0.text == "fileSizeKey" }
    }

    /// `NSAttributedString(html: data, ...)`, or `(data:options:...)` whose options ask for
    /// `.documentType: .html`, written there or in a local the options come from.
    var importsHTML: Bool {
        if labels.first == "html" { return true }
        guard let options = call.arguments.first(where: { $0.label?.text == "options" })?.expression else { return false }
        return options.tracesBack(hops: 2) { $0.identifiers.contains("html") }
    }

    /// An argument names a growing folder, not a file in one: `removeItem(at: cachesURL)`.
    var namesGrowingFolder: Bool {
        call.arguments.contains { argument in
            // `options: [.skipsPackageDescendants]` names no folder.
            !Self.optionLabels.contains(argument.label?.text ?? "") && !argument.expression.namesAFile && argument.expression.namesGrowingFolder
        }
    }

    static let optionLabels: Set<String> = ["options", "includingPropertiesForKeys", "errorHandler", "mask"]

    /// The renderer or its drawing names a small image: `UIGraphicsImageRenderer(size: iconSize).image { ... }`.
    var drawsASmallImage: Bool {
        ((receiver.map { [$0] } ?? []) + call.arguments.map(\.expression)).contains(where: \.namesASmallImage)
    }

    /// The options ask for a thumbnail of at most `smallThumbnailPixels` on its longer side, written as a
    /// number here or in a local: `let options = [kCGImageSourceThumbnailMaxPixelSize: 240]`.
    var asksForASmallThumbnail: Bool {
        guard let options = call.arguments.dropFirst(2).first?.expression else { return false }
        return options.tracesBack(hops: 2) { expression in
            expression.as(DictionaryExprSyntax.self)?.content.as(DictionaryElementListSyntax.self)?.contains { element in
                element.key.trimmedDescription.hasSuffix("kCGImageSourceThumbnailMaxPixelSize")
                    && element.value.tracesBack(hops: 1) { $0.integerLiteralValue.map { $0 <= CostEvidence.smallThumbnailPixels } ?? false }
            } ?? false
        }
    }

    /// In the body of an `if` that tests the copy's destination is missing (`!fm.fileExists(atPath: destination)`),
    /// or after a `guard` that leaves when it exists; the destination may be a file in the folder tested
    /// (`guard !fm.fileExists(atPath: folder.path)`, then `folder.appendingPathComponent(name)`: blind round AS,
    /// bundled files copied the first time their folder is missing).
    var copiesOnlyWhenTheDestinationIsMissing: Bool {
        guard let destinationArgument = call.arguments.first(where: { ["toPath", "to"].contains($0.label?.text) })?.expression
        else { return false }
        let destination = destinationArgument.trimmedDescription
        // The tested path names the destination, or the local the destination is made from.
        func namesTheDestination(_ path: ExprSyntax) -> Bool {
            guard let root = path.identifiers.first else { return false }
            return destinationArgument.tracesBack(hops: 3) { $0.identifiers.first == root }
        }
        // `!fm.fileExists(atPath: destination)`, `FileManager.default.fileExists(atPath: destination) == false`.
        func testsMissing(_ conditions: ConditionElementListSyntax) -> Bool {
            conditions.contains { element in
                let text = element.condition.trimmedDescription
                guard (text.hasPrefix("!") || text.hasSuffix("== false")) && text.contains("fileExists(atPath:") else { return false }
                return text.contains(destination) || element.condition.fileExistsPaths.contains(where: namesTheDestination)
            }
        }
        var child = Syntax(call)
        var node = child.parent
        while let current = node, !current.isFunctionBoundary {
            if let branch = current.as(IfExprSyntax.self), Syntax(branch.body) == child, testsMissing(branch.conditions) { return true }
            if let item = current.as(CodeBlockItemSyntax.self), item.previousStatements(limit: 10).contains(where: { statement in
                guard let test = statement.item.as(GuardStmtSyntax.self) else { return false }
                return testsMissing(test.conditions)
            }) {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// `if fileExists(atPath: oldCache.path) { removeItem(at: oldCache) }`: the function deletes a folder,
    /// or its files, only once it has found the folder there. That cleans up what an earlier version left:
    /// after the first launch the folder is gone and the check costs a `stat`, unlike a purge of a cache
    /// the app keeps filling (blind round Z rejected 4 of 4 such launch deletions).
    var deletesAFolderItFoundLeftOver: Bool {
        guard let function = Syntax(call).enclosingFunction else { return false }
        let tested = Set(function.fileExistsPaths.compactMap(\.identifiers.first))
        guard !tested.isEmpty else { return false }
        return call.arguments.contains { argument in
            !Self.optionLabels.contains(argument.label?.text ?? "")
                && argument.expression.tracesBack(hops: 3) { $0.identifiers.contains(where: tested.contains) }
        }
    }

    /// `videoData.write(to:)`: the data written is named as media, not as a backup.
    var writesMedia: Bool {
        guard var receiver else { return false }
        if let unwrapped = receiver.as(OptionalChainingExprSyntax.self)?.expression { receiver = unwrapped }
        return receiver.namesMedia(words: CostEvidence.writtenMediaWords)
    }
}

private extension ExprSyntax {
    /// A call in this expression takes `width:` and `height:` written as numbers of at most
    /// `CostEvidence.smallImageSide`: `CGSize(width: 150, height: 150)`, `resize(image, width: 600, height: 150)`;
    /// or a call named for scaling takes such a number as its side: `aspectFittedToHeight(1024)`,
    /// `resized(maxDimension: 800)` (blind round AU: a pet's avatar scaled to 1,024 points, then encoded once).
    var writesASmallFixedSize: Bool {
        Syntax(self).tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let name) = token.tokenKind, CostEvidence.scalingWords.contains(where: { name.containsCaseInsensitive($0) }),
               let call = token.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
               call.calledExpression.lastToken(viewMode: .sourceAccurate)?.id == token.id {
                let sides = call.arguments.compactMap { $0.expression.numberLiteralValue }
                return sides.count == 1 && sides[0] > 1 && sides[0] <= Double(CostEvidence.smallImageSide)
            }
            guard token.text == "width", let argument = token.parent?.as(LabeledExprSyntax.self),
                  let arguments = argument.parent?.as(LabeledExprListSyntax.self) else { return false }
            let side = { (label: String) in
                arguments.first { $0.label?.text == label }.flatMap { $0.expression.numberLiteralValue }.map { $0 <= Double(CostEvidence.smallImageSide) } ?? false
            }
            return side("width") && side("height")
        }
    }

    /// The value of an integer or floating-point literal: `150`, `0.5`, `1_024`.
    var numberLiteralValue: Double? {
        if let integer = integerLiteralValue { return Double(integer) }
        if let float = self.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        return nil
    }

    /// This expression, or a local it is made from (three locals deep: a bitmap of the TIFF of a snapshot),
    /// names a small image (an icon, an avatar), or a snapshot of the app's own view (an image named so; a
    /// function named for a snapshot may mean a state's, as in `cutoutSnapshot()`).
    var namesASmallImage: Bool {
        tracesBack(hops: 3) { expression in
            expression.identifiers.contains { CostEvidence.namesSmallImage($0) || $0.containsCaseInsensitive("snapshot") }
        }
    }

    func namesMedia(words: [StaticString] = CostEvidence.mediaWords) -> Bool {
        identifiers.contains { CostEvidence.mentionsMedia($0, words: words) }
    }

    /// `folder.appendingPathComponent("Config.json")`, `configURL.path`, or a local made so: a file,
    /// however its folder grows.
    var namesAFile: Bool {
        if endsInAFileName { return true }
        return identifiers.contains { name in Syntax(self).hasLocal(named: name) { $0.endsInAFileName } }
    }

    /// `folder.appendingPathComponent("config.json")`, or a local made so: a JSON or property-list file the
    /// code names, one of the app's records (`manifest.json`, `Info.plist`). Also a file name kept in a
    /// constant named for such a record (`bookFolder.appendingPathComponent(FileNames.metadata)`: blind round
    /// BV, one small metadata file per book of a shelf).
    var namesARecordFile: Bool {
        tracesBack(hops: 2) { expression in
            if let last = expression.lastStringSegment?.lowercased() { return last.hasSuffix(".json") || last.hasSuffix(".plist") }
            return expression.appendsARecordFileConstant
        }
    }

    /// `url.appendingPathComponent(FileNames.metadata)`, `folder.appending(path: manifestFileName)`: a path
    /// component held in a constant whose name says it is a record file (`CostEvidence.recordFileWords`).
    private var appendsARecordFileConstant: Bool {
        guard let component = appendedPathComponent,
              component.is(MemberAccessExprSyntax.self) || component.is(DeclReferenceExprSyntax.self) else { return false }
        let name = component.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? component.trimmedDescription
        return CostEvidence.recordFileWords.contains { name.containsCaseInsensitive($0) }
    }

    /// The text of the last string literal piece written here.
    private var lastStringSegment: String? {
        Array(tokens(viewMode: .sourceAccurate)).last(where: {
            if case .stringSegment = $0.tokenKind { return true } else { return false }
        })?.text
    }

    /// The last string literal piece written here ends in a file extension: `"Config.json"`, `".json"`.
    var endsInAFileName: Bool {
        guard let last = lastStringSegment else { return false }
        let name = last.split(separator: "/").last.map(String.init) ?? last
        guard let dot = name.lastIndex(of: ".") else { return false }
        let suffix = name[name.index(after: dot)...]
        return (1...5).contains(suffix.count) && suffix.allSatisfy { $0.isLetter || $0.isNumber }
    }

    /// `contentsOfDirectory(at: folder)`, `enumerator.allObjects`, `fileURLs` made from one, or a growing
    /// folder: a sequence with one element per file of a folder.
    var listsAFolder: Bool {
        tracesBack(hops: 2) { expression in
            expression.identifiers.contains(where: CostEvidence.folderListingNames.contains) || expression.namesGrowingFolder
        }
    }

    /// `contentsOfDirectory(at: folder)`, `enumerator.allObjects`, or `fileURLs` made from one: not a value only
    /// named for a growing folder (`packages`, `downloads`), which may be a list of the app's records.
    var isAFolderListing: Bool {
        tracesBack(hops: 2) { $0.identifiers.contains(where: CostEvidence.folderListingNames.contains) }
    }

    /// `Bundle.main.url(forResource: "Presets", withExtension: "bundle")`, `bundleURL`, `resourcePath`: a
    /// folder of the app's bundle.
    var namesTheAppBundle: Bool {
        identifiers.contains { $0 == "Bundle" || $0.hasPrefix("bundle") || $0 == "resourceURL" || $0 == "resourcePath" }
    }

    /// `folder.appendingPathComponent("SKILL.md")`, `dir.appending(path: "index.json")`: one file of a fixed
    /// name in a folder.
    var appendsAFixedFileName: Bool {
        guard let component = appendedPathComponent, component.is(StringLiteralExprSyntax.self) else { return false }
        return component.endsInAFileName
    }

    /// `name` in `folder.appendingPathComponent(name)` or `folder.appending(path: name)`.
    private var appendedPathComponent: ExprSyntax? {
        guard let call = self.as(FunctionCallExprSyntax.self), let called = CalledName(call),
              ["appendingPathComponent", "appending"].contains(called.name) else { return nil }
        return call.arguments.first?.expression
    }

    /// `cachesURL`, `downloadDirectory()`, `packagePath`, `tempDir`, or a local (or loop variable) made
    /// from one: `let images = caches.appendingPathComponent("Images")`, `for item in [images, favicons]`.
    var namesGrowingFolder: Bool {
        tracesBack(hops: 3) { expression in
            expression.identifiers.contains { name in
                CostEvidence.namesAGrowingFolder(name) || name.hasSuffix("Dir")
            }
        }
    }

    /// Names a small image's file (`CostEvidence.namesSmallImage`: `iconPath`, `app.rowIconURL`), not a
    /// thumbnail's, which an app may write at full size.
    var namesAnIconFile: Bool {
        identifiers.contains { CostEvidence.namesSmallImage($0) && !$0.containsCaseInsensitive("thumbnail") }
    }

    /// The path a URL is made from: `path` in `URL(string: path)` or `URL(fileURLWithPath: path)`.
    var urlPath: ExprSyntax? {
        guard let call = self.as(FunctionCallExprSyntax.self), call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "URL",
              let first = call.arguments.first, ["string", "fileURLWithPath"].contains(first.label?.text) else { return nil }
        return first.expression
    }

    /// This expression passes `test`, or a local or loop variable it names was made from one that does,
    /// following such names at most `hops` deep.
    func tracesBack(hops: Int, to test: (ExprSyntax) -> Bool) -> Bool {
        if test(self) { return true }
        guard hops > 0 else { return false }
        return identifiers.contains { name in
            Syntax(self).hasLocal(named: name) { $0.tracesBack(hops: hops - 1, to: test) }
                || Syntax(self).loopSequence(binding: name)?.tracesBack(hops: hops - 1, to: test) == true
        }
    }

    /// The expression that makes the value, without what only unwraps it: `try? load()`, `load()!` and
    /// `load() ?? ""` give `load()`.
    var loadedValue: ExprSyntax {
        if let attempt = self.as(TryExprSyntax.self) { return attempt.expression.loadedValue }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.loadedValue }
        if let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
           let first = sequence.elements.first {
            return first.loadedValue
        }
        return self
    }
}

extension ExprSyntax {
    /// The identifiers written in this expression, without string literals' contents.
    var identifiers: [String] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let name) = token.tokenKind { name } else { nil }
        }
    }
}

private extension ExprSyntax {
    /// The name this value is stored in where it is written: `let log = value`, `var log: T? = value`,
    /// `log = value`, `self.log = value`, each with `try` before the value or the whole statement (`try log =
    /// value`); nil elsewhere.
    var assignedName: String? {
        var value = Syntax(self)
        if let tried = value.parent?.as(TryExprSyntax.self) { value = Syntax(tried) }
        if let initializer = value.parent?.as(InitializerClauseSyntax.self) {
            return initializer.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        guard let elements = value.parent?.parent?.as(SequenceExprSyntax.self).map({ Array($0.elements) }),
              let position = elements.firstIndex(where: { $0.id == value.id }), position >= 2,
              elements[position - 1].is(AssignmentExprSyntax.self) else { return nil }
        let target = elements[position - 2]
        return ValuePath(target.as(TryExprSyntax.self)?.expression ?? target)?.components.last
    }

    /// A parameter of the enclosing function, or a stored property of the enclosing type, declared
    /// optional (`image: UIImage?`, `var snapshot: CGImage?`).
    var namesAnOptional: Bool {
        guard let name = self.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if let function = Syntax(self).enclosingFunction?.as(FunctionDeclSyntax.self),
           let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
            return parameter.type.isOptional
        }
        let members = Syntax(self).enclosingTypeDeclaration?.memberBlock?.members ?? []
        return members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && binding.typeAnnotation?.type.isOptional == true
            } ?? false
        }
    }
}

private extension TypeSyntax {
    var isOptional: Bool { `is`(OptionalTypeSyntax.self) || `is`(ImplicitlyUnwrappedOptionalTypeSyntax.self) }
}

private extension Syntax {
    /// Inside a loop body, or a per-element closure (`forEach`, `map`), of the enclosing function.
    var isRepeated: Bool { repetition != nil }

    /// What repeats this node within its function, innermost first.
    var repetition: CostEvidence.Repetition? { repetition(followingRecursion: true) }

    /// `repetition`, optionally without reading the function for a call to itself.
    func repetition(followingRecursion: Bool) -> CostEvidence.Repetition? {
        var child = self
        var node = parent
        while let current = node {
            if let loop = current.as(ForStmtSyntax.self), Syntax(loop.body) == child {
                return loop.iteratesAFewTimes ? nil : .over(loop.sequence)
            }
            // `while let file = enumerator.nextObject() as? URL`: one pass per object of the enumerator.
            if let loop = current.as(WhileStmtSyntax.self), let enumerator = loop.conditions.nextObjectReceiver { return .over(enumerator) }
            if current.is(WhileStmtSyntax.self) || current.is(RepeatStmtSyntax.self) { return .untilDone }
            if let closure = current.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
               let called = CalledName(call), let receiver = called.receiver, CalledName.iterationNames.contains(called.name),
               // `image.flatMap { }` on an optional parameter or property runs the closure at most once.
               !receiver.namesAnOptional {
                return .over(receiver)
            }
            // A function that calls itself walks a tree: its operations repeat per node.
            if let function = current.as(FunctionDeclSyntax.self) { return followingRecursion && function.callsItself ? .perNode : nil }
            if current.isFunctionBoundary { return nil }
            child = current
            node = current.parent
        }
        return nil
    }

    /// The sequence of the innermost `for` loop, `while let x = e.nextObject()` loop or per-element closure
    /// (`files.map { }`) of the function around this node, the way `repetition` finds it; nil outside any or
    /// in a `while` or `repeat` loop of another kind.
    var innermostLoopSequence: ExprSyntax? {
        var child = self
        var node = parent
        while let current = node {
            switch current.kind {
            case .forStmt:
                // Not asked whether it iterates a few times (`iteratesAFewTimes` reads the file's constants): a
                // literal or a constant is no folder listing.
                if let loop = current.as(ForStmtSyntax.self), Syntax(loop.body) == child { return loop.sequence }
            case .whileStmt:
                return current.as(WhileStmtSyntax.self)?.conditions.nextObjectReceiver
            case .repeatStmt, .functionDecl:
                return nil
            case .closureExpr:
                if let closure = current.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
                   let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                   CalledName.iterationNames.contains(member.declName.baseName.text), let receiver = member.base {
                    return receiver
                }
            default:
                if current.isFunctionBoundary { return nil }
            }
            child = current
            node = current.parent
        }
        return nil
    }

    /// In a loop over a folder's listing, or a walk of a tree.
    var repeatsOverAFolder: Bool {
        switch repetition {
        case .over(let sequence): return sequence.listsAFolder
        case .perNode: return true
        case .untilDone, nil: return false
        }
    }

    /// Repeated per file of a folder (`for file in contentsOfDirectory(...)`), per node of a tree walk,
    /// or per frame, row or event: the evidence that makes a cheap per-item operation costly. A loop over
    /// a few settings, legacy items or search engines is not (blind reviews rejected 9 of 9).
    var repeatsPerFile: Bool { repeatsOverAFolder || runsPerFrameOrEvent }

    /// In a function that keeps only `.json`, `.plist` or `.css` files of the folder it reads
    /// (`url.pathExtension == "json"`, `name.hasSuffix(".json")`): the app's own records, or a document's
    /// stylesheets, one small file each (blind round BS: a share extension's inbox of captures, read when the
    /// app comes to the front; round BV: an EPUB's few stylesheets, read and rewritten as a book opens).
    var readsAppRecordFiles: Bool {
        let text = enclosingFunctionText
        let kept = CostEvidence.smallFileExtensions
        return (text.contains("pathExtension") && kept.contains { text.contains("\"\($0)\"") })
            || (text.contains("hasSuffix") && kept.contains { text.contains("\".\($0)\"") })
    }

    /// `isRepeated` or `runsPerFrameOrEvent`: the evidence that makes any operation's cost repeat.
    var runsRepeatedly: Bool { isRepeated || runsPerFrameOrEvent }

    /// During a `body` evaluation, or in a callback that runs per frame, row, keystroke or selection.
    var runsPerFrameOrEvent: Bool { runsPerFrameOrEvent(countingBody: true) }

    /// `runsPerFrameOrEvent`, optionally without `body` evaluations.
    func runsPerFrameOrEvent(countingBody: Bool) -> Bool { event(countingBody: countingBody, perFrameOrTickOnly: false) != nil }

    /// What runs this node per frame or event, as messages name it ("timer tick", "`.onChange`",
    /// "`tableView(_:cellForRowAt:)` call"); nil when nothing does. With `perFrameOrTickOnly`, only a
    /// callback that runs per frame, per row or per tick of a timer counts
    /// (`FrequentCallbacks.runsPerFrameOrRow`), never `body`, also through a `Task { }` or a
    /// `DispatchQueue.main.async { }` it starts.
    func event(countingBody: Bool, perFrameOrTickOnly: Bool) -> String? {
        var node = parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self) {
                if let call = closure.enclosingCall, let called = CalledName(call), FrequentCallbacks.modifiers.contains(called.name) {
                    guard perFrameOrTickOnly ? FrequentCallbacks.firesPerFrameOrTick(call) : FrequentCallbacks.firesOften(call) else { return nil }
                    return called.name == "scheduledTimer" || called.name == "onReceive" ? CostEvidence.timerTick : "`.\(called.name)`"
                }
                if perFrameOrTickOnly, closure.role.startsMainActorJob {
                    node = current.parent
                    continue
                }
                if !closure.runsDuringBodyEvaluation { return nil }
            }
            if let binding = current.as(PatternBindingSyntax.self), binding.isMember {
                let isBody = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
                if isBody, binding.followsAContinuousGesture { return CostEvidence.gestureFrame }
                return countingBody && !perFrameOrTickOnly && isBody ? "`body` evaluation" : nil
            }
            if let function = current.as(FunctionDeclSyntax.self) {
                if let repetition = FrequentCallbacks.selectorRepetition(of: function) { return repetition }
                let often = perFrameOrTickOnly ? FrequentCallbacks.runsPerFrameOrRow(function) : FrequentCallbacks.runsOften(function)
                guard often else { return nil }
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                return "`\(function.name.text)(\(labels))` call"
            }
            if current.isFunctionBoundary { return nil }
            node = current.parent
        }
        return nil
    }

    /// The enclosing function iterates a query's rows (`while results.next()`, a cursor), or hands the
    /// whole result set on or maps it: `articles(from: resultSet)`, `resultSet.mapToSet { ... }`,
    /// `let assets = try pool.read { ... }; assets.map { decode($0) }`.
    var readsManyRows: Bool {
        guard let function = enclosingFunction else { return false }
        // A page of rows (`.limit(20)`, `LIMIT 50`): blind round X rejected twenty swaps read for a history screen.
        let query = description
        if query.contains(".limit(") || query.contains("LIMIT ") { return false }
        let results = resultName
        // `if results.next() { return Episode(row: results) }` reads one row, whatever it is handed to.
        let readsOneRow = results.map { name in
            function.tokens(viewMode: .sourceAccurate).contains { token in
                token.text == name && token.nextToken(viewMode: .sourceAccurate)?.text == "."
                    && token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)?.text == "next"
            }
        } ?? false
        return function.tokens(viewMode: .sourceAccurate).contains { token in
            switch token.tokenKind {
            case .keyword(.while): return true
            case .identifier(let name) where name == results:
                guard !readsOneRow, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
                if reference.parent?.is(LabeledExprSyntax.self) == true { return true }
                guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id else { return false }
                let method = member.declName.baseName.text
                return method.hasPrefix("map") || CalledName.iterationNames.contains(method)
            case .identifier(let name): return FrequentCallbacks.wholeFetches.contains(name)
            default: return false
            }
        }
    }

    /// `let videoData = try? Data(contentsOf: url)`: the name the result is bound to.
    var resultNameMentionsMedia: Bool { resultName.map(CostEvidence.mentionsMedia) ?? false }

    /// The name this expression's value is bound to: `let name = try? expression`, `if let name = expression`.
    var resultName: String? {
        var node = parent
        while let current = node, current.is(TryExprSyntax.self) || current.is(ForceUnwrapExprSyntax.self)
            || current.is(OptionalChainingExprSyntax.self) || current.is(InitializerClauseSyntax.self) { node = current.parent }
        return node?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            ?? node?.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The text of `enclosingFunction`.
    var enclosingFunctionText: String { enclosingFunction?.description ?? "" }

    /// The function or its type is named for limited photo access (`LimitedAccessPhotoView`, `fetchLimitedAssets()`).
    var isWrittenForLimitedPhotoAccess: Bool {
        let function = enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text ?? ""
        return [function, enclosingTypeDeclaration?.name ?? ""].contains { CostEvidence.camelCaseWords($0).contains("limited") }
    }

    /// `handle.availableData` (or `self.handle!.availableData`) where the file assigns `handle` a handle
    /// opened on a file: `handle = FileHandle(forReadingAtPath: path)`, `let handle = try FileHandle(forReadingFrom: url)`.
    var readsAHandleOpenedOnAFile: Bool {
        guard let base = self.as(MemberAccessExprSyntax.self)?.base?.unwrappingOptionals else { return false }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return false }
        return root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "FileHandle", let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let opening = reference.parent?.as(FunctionCallExprSyntax.self), opening.calledExpression.id == reference.id,
                  let label = opening.arguments.first?.label?.text, label.hasPrefix("forReading") || label.hasPrefix("forUpdating")
            else { return false }
            return ExprSyntax(opening).assignedName == name
        }
    }

    /// A `waitUntilExit()` is written before this node in its function.
    var followsAWaitForAProcess: Bool {
        guard let function = enclosingFunction else { return false }
        let start = position
        return function.tokens(viewMode: .sourceAccurate).contains { token in
            token.position < start && token.tokenKind == .identifier("waitUntilExit")
        }
    }

    /// The sequence of the enclosing `for name in sequence` loop that binds `name` (also
    /// `for case let name as URL in enumerator`).
    func loopSequence(binding name: String) -> ExprSyntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let loop = current.as(ForStmtSyntax.self),
               loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) }) {
                return loop.sequence
            }
            if let loop = current.as(WhileStmtSyntax.self), let enumerator = loop.conditions.nextObjectReceiver,
               loop.conditions.contains(where: { $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.trimmedDescription == name }) {
                return enumerator
            }
            node = current.parent
        }
        return nil
    }

    /// `image.jpegData(...)` in a function that handles a camera photo, a screenshot or an upload, where
    /// neither the image nor the function is named for a small image (an icon, an avatar, a QR code).
    func encodesUserMedia(receiver: ExprSyntax?, notCounting calledName: String? = nil) -> Bool {
        if namesASmallOrDrawnImage(receiver: receiver) { return false }
        // `if let image = UIPasteboard.general.image { image.pngData() }`: what the user pasted, a copied photo
        // as often as not (blind round CF's recall hunt: a forum editor PNG-encoding a pasted image in `paste(_:)`).
        if receiver?.tracesBack(hops: 2, to: { $0.identifiers.contains(where: CostEvidence.pasteboardTypes.contains) }) == true { return true }
        var text = enclosingFunction?.description ?? ""
        for phrase in CostEvidence.phrasesNamingNoImage { text = text.replacingOccurrences(of: phrase, with: "", options: .caseInsensitive) }
        // A helper named for what it does with data (`upload(fields:)`) says nothing of the caller's image; one
        // named for the image (`savePhoto(_:)`) does.
        if let calledName, !calledName.isEmpty,
           !CostEvidence.userImageWords.contains(where: { !CostEvidence.dataOperationWords.contains($0.description) && calledName.containsCaseInsensitive($0) }) {
            text = text.replacingOccurrences(of: calledName, with: "")
        }
        return CostEvidence.userImageWords.contains { text.containsCaseInsensitive($0) }
    }

    /// The image (`receiver`) or the enclosing function is named for a small image, or the image was drawn
    /// by the app or scaled to a size written as numbers: small whatever the function does with it.
    func namesASmallOrDrawnImage(receiver: ExprSyntax?) -> Bool {
        let names = (receiver.map { $0.identifiers } ?? []) + [enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text].compactMap { $0 }
        // `let image = picked.resized(to: Config.avatarMaxSize)`: the local the image is made from says it is small.
        if names.contains(where: CostEvidence.namesSmallImage) || receiver?.namesASmallImage == true { return true }
        // An image the app draws itself (`ImageRenderer(content:)`, `UIGraphicsImageRenderer`) is view-sized,
        // whatever the function attaches it to (blind round Z: a rendered popover mailed as feedback).
        if receiver?.tracesBack(hops: 2, to: { $0.identifiers.contains(where: CostEvidence.rendererTypes.contains) }) == true { return true }
        // Scaled to a size written as numbers (`scaled(to: CGSize(width: 600, height: 150))`): a banner, not a photo.
        return receiver?.tracesBack(hops: 2, to: \.writesASmallFixedSize) == true
    }

    /// The encoded image is the one the enclosing function is handed, or is made from it: a parameter
    /// (`image.jpegData(...)`, `UIImageJPEGRepresentation(image, 1)`, a bitmap made from `image.cgImage`), or
    /// `self` in a method of an extension of an image type (`jpegData(compressionQuality: 1)`, an
    /// `NSBitmapImageRep` of `self.cgImage` in an `NSImage` extension). `image` is the encoded image as the
    /// call shows it, nil for an implicit `self`.
    func encodesAnImageItIsHanded(image: ExprSyntax?) -> Bool {
        guard enclosingClosure == nil, let function = enclosingFunction?.as(FunctionDeclSyntax.self) else { return false }
        // An image type's extension encodes `self`, or an image made from it, whatever locals it goes through.
        if Syntax(function).extendsAnImageType { return true }
        guard let image else { return false }
        let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return image.tracesBack(hops: 2) { $0.identifiers.contains(where: parameters.contains) }
    }

    /// `image` is a local bound by a cast (`if let image = item.value as? UIImage`) of an element of a loop over one
    /// of the enclosing function's parameters (`for item in fields`): an image among mixed values it is handed. Not
    /// a cast of the parameter itself: `info[.originalImage] as? UIImage` in a picker's callback is the user's photo.
    ///
    /// ```swift
    /// // func upload(fields: [String: Any]) { for item in fields { if let image = item.value as? UIImage { image.jpegData(compressionQuality: 1) } } }
    /// node.encodesAnImageCastFromWhatItIsHanded(image: receiver) // true
    /// ```
    func encodesAnImageCastFromWhatItIsHanded(image: ExprSyntax?) -> Bool {
        guard let name = image?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let function = enclosingFunction?.as(FunctionDeclSyntax.self) else { return false }
        let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return hasLocal(named: name) { value in
            guard let cast = value.castOperand else { return false }
            return cast.identifiers.contains { element in
                Syntax(cast).loopSequence(binding: element)?.identifiers.contains(where: parameters.contains) == true
            }
        }
    }

    /// `func multiResolutionIcon(from:)`: the enclosing function is named for a small image (`smallImageWords`).
    /// "thumbnail" does not count: it names what a thumbnail API makes, whatever its size.
    var functionNameNamesASmallImage: Bool {
        guard let name = enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text else { return false }
        return CostEvidence.namesSmallImage(name) && !name.containsCaseInsensitive("thumbnail")
    }

    /// `func setImageSynchronously(from url: URL)`: the enclosing function says what it reads. Not a function
    /// that decodes a property list: a backup of a few settings (blind round BD: a proxy's saved network
    /// settings, `loadDirectBackup()`, read with `PropertyListDecoder`).
    var functionNameMentionsMedia: Bool {
        guard let function = enclosingFunction?.as(FunctionDeclSyntax.self), CostEvidence.mentionsMedia(function.name.text) else { return false }
        return !(function.body?.tokens(viewMode: .sourceAccurate).contains { ["PropertyListDecoder", "PropertyListSerialization"].contains($0.text) } ?? false)
    }
}

private extension FunctionDeclSyntax {
    /// The body calls a function of the same name and labels per child, as a tree walk does: in a loop or
    /// a per-element closure (`for child in children { deepestFolder(in: child) }`), or more than once
    /// (`walk(left); walk(right)`). One call outside a loop is not a walk: it retries, pages on, or
    /// forwards to an overload with the same labels (blind round X: `importMarkdown(_ url: URL, ...)`
    /// reading the file and handing its data to `importMarkdown(_ data: Data, ...)`).
    var callsItself: Bool {
        let calls = selfCalls
        return calls.count > 1 || calls.contains { Syntax($0).repetition(followingRecursion: false) != nil }
    }

    /// The calls in the body of a function with this one's name and labels (`self.` or `Self.` allowed).
    private var selfCalls: [FunctionCallExprSyntax] {
        let name = self.name.text
        return body?.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            var called = Syntax(reference)
            // `self.walk(child)` and `Self.walk(child)`, not `super.walk()` or `other.walk()`.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self) {
                guard member.declName.id == reference.id,
                      let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind,
                      base == .keyword(.self) || base == .keyword(.Self) else { return nil }
                called = Syntax(member)
            }
            guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id else { return nil }
            // `run(for: types)` in `run(saving:as:)` is an overload, not a recursion.
            return call.arguments.map { $0.label?.text ?? "_" } == labels.prefix(call.arguments.count).map { $0 } ? call : nil
        } ?? []
    }

    /// The argument labels of this function's parameters: `["saving", "as", "directoryURL"]`.
    private var labels: [String] { signature.parameterClause.parameters.map(\.firstName.text) }
}

private extension PatternBindingSyntax {
    /// A stored or computed property of a type, not a local.
    var isMember: Bool { parent?.parent?.parent?.is(MemberBlockItemSyntax.self) ?? false }
}

extension CalledName {
    /// `store.enumerateContacts(with: request)` whose request no predicate narrows, or
    /// `unifiedContacts(matching: CNContact.predicateForContactsInContainer(withIdentifier: id))`: every
    /// contact of the address book or of a container. Not a predicate by identifiers, name, email or phone.
    var readsEveryContact: Bool {
        if name == "enumerateContacts" {
            guard let request = call.arguments.first?.expression else { return true }
            let text = Syntax(call).enclosingFunctionText
            let names = request.identifiers
            return !names.contains { text.contains("\($0).predicate") }
        }
        return call.arguments.first?.expression.tracesBack(hops: 2) { $0.identifiers.contains("predicateForContactsInContainer") } ?? false
    }

    /// The function counts or enumerates what this fetch returns (`let assets = PHAsset.fetchAssets(with:
    /// options)` then `assets.count`, or `fetchAssets(in: album, options: nil).enumerateObjects { ... }`):
    /// the lazy result runs its query there and then, instead of where it is handed on to.
    var readsItsFetchResultWhole: Bool {
        let wholeReads = ["count", "enumerateObjects", "objects", "lastObject"]
        if let member = call.parent?.as(MemberAccessExprSyntax.self), wholeReads.contains(member.declName.baseName.text) { return true }
        // Bound (`let assets = call`) or assigned (`result = call`).
        let node = Syntax(call)
        guard let name = node.resultName ?? node.assignmentTarget?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        let text = node.enclosingFunctionText
        return wholeReads.contains { text.contains("\(name).\($0)") }
    }
}

extension SyntaxProtocol {
    /// The paths the `fileExists(atPath:)` calls written in this node test, in source order.
    var fileExistsPaths: [ExprSyntax] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "fileExists", let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            return CalledName.calling(reference)?.call.arguments.first?.expression
        }
    }

    /// Every SQL statement the function writes as a string literal reads a page (`LIMIT`) or the schema
    /// (`PRAGMA table_info(tabs)`, a few rows of metadata): blind round AH rejected a browser's column
    /// checks and its ten most recently closed tabs, read with `sqlite3_step` in a loop. False when the
    /// function writes no SQL literal (the statement comes from elsewhere).
    var runsOnlyPagedOrSchemaSQL: Bool {
        // A multi-line literal is one segment per line: join each literal's segments.
        var literals: [SyntaxIdentifier: String] = [:]
        var order: [SyntaxIdentifier] = []
        for token in tokens(viewMode: .sourceAccurate) {
            guard case .stringSegment(let text) = token.tokenKind,
                  let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self) else { continue }
            if literals[literal.id] == nil { order.append(literal.id) }
            literals[literal.id, default: ""] += text.uppercased() + " "
        }
        let statements = order.compactMap { id in
            literals[id].flatMap { text in ["SELECT ", "PRAGMA ", "INSERT ", "UPDATE ", "DELETE "].contains(where: text.contains) ? text : nil }
        }
        return !statements.isEmpty && statements.allSatisfy { $0.contains("PRAGMA ") || $0.contains("LIMIT ") }
    }
}

extension CatalogueEntry {
    /// What the call does to the main thread, for messages (`BlockingKind.effect`): reading a helper
    /// process's output to its end waits for the process (`git push` run through a shell helper).
    var effect: String {
        if CostEvidence.singleOperations[display] == .script { return "compiles and runs a script" }
        if let ownEffect { return ownEffect }
        return switch kind == .syncIO ? CostEvidence.singleOperations[display] : nil {
        case .process: "waits for a helper process"
        case .appleEvent: "runs a script to its end"
        default: kind.effect
        }
    }
}

extension CalledName {
    /// A calendar query (`store.events(matching: predicate)`) whose predicate, written in the call or bound
    /// one step before, ends at most a day after it starts: the end is an hour, minutes or a day added
    /// (`byAdding: .day, value: 1`, `addingTimeInterval(15 * 60)`), the end of a day, or an event's own end.
    ///
    /// ```swift
    /// let end = Calendar.current.date(byAdding: .day, value: 1, to: startOfDay)!
    /// store.events(matching: store.predicateForEvents(withStart: startOfDay, end: end, calendars: nil)) // queriesADayOrLess
    /// ```
    var queriesADayOrLess: Bool {
        guard let predicate = call.arguments.first?.expression else { return false }
        var end: ExprSyntax?
        _ = predicate.tracesBack(hops: 1) { expression in
            guard let made = expression.loadedValue.as(FunctionCallExprSyntax.self),
                  made.arguments.contains(where: { $0.label?.text == "withStart" }) else { return false }
            end = made.arguments.first { $0.label?.text == "end" }?.expression
            return true
        }
        return end?.tracesBack(hops: 1, to: \.endsADayOrLessLater) ?? false
    }
}

private extension ExprSyntax {
    /// `date.addingTimeInterval(15 * 60)`, `calendar.date(byAdding: .hour, value: 2, to: now)`,
    /// `date(byAdding: .day, value: 1, to: start)`, `endOfDay`, `event.endDate`.
    var endsADayOrLessLater: Bool {
        var node: ExprSyntax = loadedValue
        if let call = node.as(FunctionCallExprSyntax.self) {
            let arguments = Array(call.arguments)
            if CalledName(call)?.name == "addingTimeInterval", let interval = arguments.first?.expression {
                let seconds = WaitEvidence.product(of: interval.as(PrefixOperatorExprSyntax.self)?.expression ?? interval)
                return seconds.map { $0 <= 86_400 } ?? false
            }
            if let component = arguments.first(where: { $0.label?.text == "byAdding" })?.expression.as(MemberAccessExprSyntax.self) {
                let value = arguments.first { $0.label?.text == "value" }?.expression.integerLiteralValue
                return switch component.declName.baseName.text {
                case "second", "minute", "hour": true
                case "day": value.map { $0 <= 1 } ?? false
                default: false
                }
            }
            node = call.calledExpression
        }
        // An event's own end (`event.endDate`), not a local of that name, which may be any date.
        if let member = node.as(MemberAccessExprSyntax.self), member.base != nil {
            let name = member.declName.baseName.text
            return name == "endDate" || name.containsCaseInsensitive("endofday")
        }
        return node.as(DeclReferenceExprSyntax.self)?.baseName.text.containsCaseInsensitive("endofday") ?? false
    }
}

extension CalledName {
    /// A GRDB read whose block only fetches one row by its key (`fetchOne(db, key:)`, `fetchOne(db, id:)`),
    /// or only counts rows (`fetchCount(db)`): every call in the block is one of those, or a member read.
    ///
    /// ```swift
    /// // dbQueue.read { db in try CustomFont.fetchOne(db, key: fontName)?.path } // readsOneRowByKey
    /// ```
    var readsOneRowByKey: Bool {
        guard let block = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) else { return false }
        var calls = 0
        for nested in block.statements.tokens(viewMode: .sourceAccurate) where nested.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen {
            guard case .identifier(let name) = nested.tokenKind else { continue }
            var called = nested.parent
            if let member = called?.parent?.as(MemberAccessExprSyntax.self) { called = Syntax(member) }
            let arguments = called?.parent?.as(FunctionCallExprSyntax.self)?.arguments.compactMap { $0.label?.text } ?? []
            guard (name == "fetchOne" && (arguments.contains("key") || arguments.contains("id"))) || name == "fetchCount" else { return false }
            calls += 1
        }
        return calls > 0
    }
}

extension Syntax {
    /// In an extension of an image type (`extension UIImage { ... }`), not in a type declared inside one.
    var extendsAnImageType: Bool {
        enclosingTypeDeclaration.map { $0.isExtension && CostEvidence.imageTypes.contains($0.name) } ?? false
    }
}

extension PatternBindingSyntax {
    /// A `body` whose own gesture updates the view as the pointer moves (`DragGesture().onChanged`, a
    /// `MagnifyGesture` or a `RotateGesture` with `.onChanged` or `.updating`): SwiftUI evaluates it once per
    /// frame while the gesture lasts, so what it reads each time repeats per frame (blind round AU's recall
    /// hunt: an image comparison re-read its full-size file on every move of its slider).
    var followsAContinuousGesture: Bool {
        guard let accessors = accessorBlock else { return false }
        var hasGesture = false
        var followsChanges = false
        for token in accessors.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if SwiftUICallbacks.continuousGestures.contains(name) { hasGesture = true }
            if name == "onChanged" || name == "updating" { followsChanges = true }
            if hasGesture && followsChanges { return true }
        }
        return false
    }
}

private extension ExprSyntax {
    /// What `value as? T` or `value as! T` casts (folded or, as the parser leaves it, a sequence of three); nil
    /// for anything else.
    var castOperand: ExprSyntax? {
        if let cast = self.as(AsExprSyntax.self) { return cast.expression }
        if let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true { return sequence.elements.first }
        return nil
    }
}

private extension ConditionElementListSyntax {
    /// `enumerator` in `while let file = enumerator.nextObject() as? URL`: what the loop steps through.
    var nextObjectReceiver: ExprSyntax? {
        for element in self {
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self), var value = binding.initializer?.value else { continue }
            // Unfolded, `e.nextObject() as? URL` is a sequence of the call, `as?` and the type.
            if let cast = value.as(AsExprSyntax.self) { value = cast.expression }
            if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first {
                value = first
            }
            if let call = value.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               member.declName.baseName.text == "nextObject", call.arguments.isEmpty, let base = member.base {
                return base
            }
        }
        return nil
    }
}

private extension StringProtocol {
    /// AppleScript's `delay 0.5` (or `delay 3`): the script pauses that long before its next step.
    var containsADelay: Bool {
        var rest = self[...]
        while let found = rest.range(of: "delay ") {
            if rest[found.upperBound...].first?.isNumber == true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }
}

private extension ExprSyntax {
    /// `components.url!` where the function sets `components.scheme = "https"`: URL components pointed at a web
    /// server (blind round CK's recall hunt: an experiment downloaded from a `phyphox://` link, tried over https
    /// and then http).
    var urlOfComponentsSetToTheWeb: Bool {
        guard let components = identifiers.first, let function = Syntax(self).enclosingFunction else { return false }
        return function.setsAWebAddress(on: components)
    }

    /// `makeComponents(of: user).url`: the URL of components that a function of the same type (in this file) builds with a host, or
    /// with an `http` scheme (blind round CM's recall hunt: a contributions page downloaded at launch, its address
    /// built by a helper that sets `components.host = GitHubURL.host`).
    var isURLOfComponentsBuiltForTheWeb: Bool {
        let unwrapped = self.as(ForceUnwrapExprSyntax.self)?.expression ?? self
        guard let member = unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "url",
              let call = member.base?.as(FunctionCallExprSyntax.self), let name = CalledName(call)?.ownFunctionName,
              let type = Syntax(self).enclosingTypeDeclaration?.name, let file = root.as(SourceFileSyntax.self) else { return false }
        return file.members(ofTypeNamed: type).contains { member in
            guard let builder = member.decl.as(FunctionDeclSyntax.self), builder.name.text == name, let body = builder.body else { return false }
            return body.setsAWebAddress(on: nil)
        }
    }
}

private extension SyntaxProtocol {
    /// The code sets `components.scheme = "https"` (or `"http"`) or `components.host = …` on the named components
    /// (any, for nil): URL components pointed at a server.
    func setsAWebAddress(on components: String?) -> Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "scheme" || token.text == "host", let dot = token.previousToken(viewMode: .sourceAccurate), dot.text == ".",
                  let owner = dot.previousToken(viewMode: .sourceAccurate), components.map({ owner.text == $0 }) ?? true,
                  let equals = token.nextToken(viewMode: .sourceAccurate), equals.text == "=" else { return false }
            if token.text == "host" { return true }
            guard let quote = equals.nextToken(viewMode: .sourceAccurate), quote.tokenKind == .stringQuote,
                  let value = quote.nextToken(viewMode: .sourceAccurate) else { return false }
            return value.text.hasPrefix("http")
        }
    }
}
