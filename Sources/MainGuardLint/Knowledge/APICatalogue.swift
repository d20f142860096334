/// What a catalogued API does to the thread that calls it.
///
/// ```swift
/// print(BlockingKind.sleep.severityOnMainActor) // error
/// ```
public enum BlockingKind: String, Sendable, Hashable, CaseIterable {
    /// Sleeps for a fixed time (`sleep`, `Thread.sleep`).
    case sleep
    /// Waits for another thread (semaphores, groups, conditions, processes, joins).
    case wait
    /// `DispatchQueue.main.sync`: deadlocks when already on the main thread.
    case mainSync
    /// Reads or enumerates files synchronously.
    case syncIO
    /// Decodes or renders data; cost grows with the input.
    case heavyCompute

    /// What the call does to the main thread, for messages: "blocks the main thread".
    var effect: String {
        switch self {
        case .sleep: "sleeps on the main thread"
        case .wait: "waits on the main thread"
        case .mainSync: "deadlocks on the main thread"
        case .syncIO: "does synchronous I/O"
        case .heavyCompute: "does heavy work"
        }
    }

    /// `blocking_call_on_main_actor`'s severity: waiting is always wrong on the main actor, I/O and decoding depend on the size.
    public var severityOnMainActor: Severity {
        switch self {
        case .sleep, .wait, .mainSync: .error
        case .syncIO, .heavyCompute: .warning
        }
    }
}

/// One known blocking or heavy API, matched on syntax (no type checker is available).
///
/// ```swift
/// let entry = APICatalogue.entries.first { $0.display == "Thread.sleep(forTimeInterval:)" }
/// print(entry?.kind == .sleep) // true
/// ```
public struct CatalogueEntry: Sendable, Hashable {
    public enum Match: Sendable, Hashable {
        /// A global function such as `usleep(_:)`; `prefix` also matches longer names.
        case function(name: String, prefix: Bool)
        /// An initializer `Type(label: ...)` whose first argument label is one of `firstLabels`.
        case initializer(type: String, firstLabels: [String])
        /// A method called on a value or type. `receiver` nil: the name alone is distinctive enough.
        case method(receiver: String?, name: String, prefix: Bool)
        /// A method on any receiver whose name is common but whose first argument label is distinctive:
        /// `write(to:)` writes a file, while `write(_:)` appends to a stream.
        case labeledMethod(name: String, firstLabels: [String])
        /// A method that waits only when its `flag:` argument is written `true`:
        /// `queue.addOperations(operations, waitUntilFinished: true)`.
        case methodWaiting(name: String, flag: String)
        /// A property read such as `handle.availableData`.
        case property(receiver: String?, name: String)
    }

    public var match: Match
    public var kind: BlockingKind
    /// How documents and messages name the API.
    public var display: String
    /// This call's only evidence of cost is a growing folder it deletes, moves or copies, or a keychain
    /// query for every item: it is reported where the app does that unasked, from a launch callback
    /// (`AppLifecycle`), not from a user's action.
    var costsOnlyAtLaunch = false
    /// What the call does to the main thread, for messages, where the kind's words do not say it
    /// (`CatalogueEntry.effect`).
    var ownEffect: String?

    /// APIs that must run on the main actor (`ImageRenderer`): the fix is to cache or precompute, not to move.
    var isMainActorOnly: Bool { display.hasPrefix("ImageRenderer.") || display == "NSAttributedString(data:) with .html" }

    /// The fix the SDK documents where moving the call into an async function is not it: a capture session
    /// is started and stopped on one serial queue of the app's (AVFoundation's documentation of
    /// `startRunning()`; blind rounds CF and CG: both reviewers of their ten camera findings asked for that, since
    /// a start and a stop on different threads race).
    var documentedFix: String? {
        display.hasPrefix("AVCaptureSession.") ? "start and stop the session on one serial queue of its own" : nil
    }
}

/// The blocking and heavy APIs the rules share. Documented in `Rules/catalogue.md`.
///
/// ```swift
/// let waits = APICatalogue.entries.filter { $0.kind == .wait }.map(\.display)
/// ```
public enum APICatalogue {
    public static let entries: [CatalogueEntry] = [
        // Sleeps.
        .init(match: .function(name: "sleep", prefix: false), kind: .sleep, display: "sleep(_:)"),
        .init(match: .function(name: "usleep", prefix: false), kind: .sleep, display: "usleep(_:)"),
        .init(match: .function(name: "nanosleep", prefix: false), kind: .sleep, display: "nanosleep(_:_:)"),
        .init(match: .method(receiver: "Thread", name: "sleep", prefix: false), kind: .sleep, display: "Thread.sleep(forTimeInterval:)"),
        // Waits.
        .init(match: .method(receiver: "DispatchSemaphore", name: "wait", prefix: false), kind: .wait, display: "DispatchSemaphore.wait()"),
        .init(match: .method(receiver: "DispatchGroup", name: "wait", prefix: false), kind: .wait, display: "DispatchGroup.wait()"),
        .init(match: .method(receiver: "NSCondition", name: "wait", prefix: false), kind: .wait, display: "NSCondition.wait()"),
        .init(match: .method(receiver: "Process", name: "waitUntilExit", prefix: false), kind: .wait, display: "Process.waitUntilExit()"),
        // Runs the script to its end: each command it sends another app is an Apple Event whose reply it
        // waits for (two minutes by default), and an app that must launch first, or an administrator
        // password prompt, holds the caller until it is done (blind recall hunts AP and AS).
        .init(match: .method(receiver: nil, name: "executeAndReturnError", prefix: false), kind: .syncIO,
              display: "NSAppleScript.executeAndReturnError"),
        .init(match: .method(receiver: nil, name: "waitUntilExit", prefix: false), kind: .wait, display: "Process.waitUntilExit()"),
        .init(match: .function(name: "pthread_join", prefix: false), kind: .wait, display: "pthread_join(_:_:)"),
        .init(match: .method(receiver: nil, name: "waitUntilAllOperationsAreFinished", prefix: false), kind: .wait, display: "OperationQueue.waitUntilAllOperationsAreFinished()"),
        .init(match: .methodWaiting(name: "addOperations", flag: "waitUntilFinished"), kind: .wait,
              display: "OperationQueue.addOperations(_:waitUntilFinished: true)"),
        .init(match: .method(receiver: nil, name: "waitUntilFinished", prefix: false), kind: .wait, display: "Operation.waitUntilFinished()"),
        .init(match: .method(receiver: nil, name: "sendSynchronousRequest", prefix: false), kind: .wait, display: "NSURLConnection.sendSynchronousRequest"),
        // The Just library's requests (`Just.get(url)`) return the response: they wait for the network
        // (blind round CP's recall hunt: a media player's plugin update asking GitHub on the main thread).
        .init(match: .method(receiver: "Just", name: "get", prefix: false), kind: .wait, display: "Just.get(_:)", ownEffect: "waits for the network"),
        .init(match: .method(receiver: "Just", name: "post", prefix: false), kind: .wait, display: "Just.post(_:)", ownEffect: "waits for the network"),
        .init(match: .method(receiver: "Just", name: "put", prefix: false), kind: .wait, display: "Just.put(_:)", ownEffect: "waits for the network"),
        .init(match: .method(receiver: "Just", name: "delete", prefix: false), kind: .wait, display: "Just.delete(_:)", ownEffect: "waits for the network"),
        .init(match: .method(receiver: "DispatchQueue.main", name: "sync", prefix: false), kind: .mainSync, display: "DispatchQueue.main.sync"),
        // Starting or stopping a capture session blocks until the camera pipeline has started or stopped
        // (Apple: "a blocking call which can take some time"; the Thread Performance Checker flags it on
        // the main thread). Blind recall hunts of rounds AU and AY: a camera switch and a delegate on the main queue.
        .init(match: .method(receiver: "AVCaptureSession", name: "startRunning", prefix: false), kind: .syncIO,
              display: "AVCaptureSession.startRunning()", ownEffect: "waits for the camera to start"),
        .init(match: .method(receiver: "AVCaptureSession", name: "stopRunning", prefix: false), kind: .syncIO,
              display: "AVCaptureSession.stopRunning()", ownEffect: "waits for the camera to stop"),
        // Blocks until the GPU has run every command of the buffer (Apple: "Synchronously waits for the
        // execution of the command buffer to complete"): a render or a compute pass over a grid, as long as
        // the work the buffer holds. Blind round BY's recall hunt: a molecule viewer rendering its ambient
        // occlusion and energy grids and waiting for each on the main thread.
        .init(match: .method(receiver: nil, name: "waitUntilCompleted", prefix: false), kind: .syncIO,
              display: "MTLCommandBuffer.waitUntilCompleted()", ownEffect: "waits for the GPU to finish"),
        // Synchronous file reads.
        .init(match: .initializer(type: "Data", firstLabels: ["contentsOf"]), kind: .syncIO, display: "Data(contentsOf:)"),
        .init(match: .initializer(type: "String", firstLabels: ["contentsOf", "contentsOfFile"]), kind: .syncIO, display: "String(contentsOf:)"),
        .init(match: .initializer(type: "NSData", firstLabels: ["contentsOf", "contentsOfFile"]), kind: .syncIO, display: "NSData(contentsOf:)"),
        .init(match: .initializer(type: "NSString", firstLabels: ["contentsOf", "contentsOfFile"]), kind: .syncIO, display: "NSString(contentsOf:)"),
        .init(match: .method(receiver: nil, name: "readDataToEndOfFile", prefix: false), kind: .syncIO, display: "FileHandle.readDataToEndOfFile()"),
        .init(match: .method(receiver: "FileHandle", name: "readToEnd", prefix: false), kind: .syncIO, display: "FileHandle.readToEnd()"),
        .init(match: .method(receiver: "FileHandle", name: "readData", prefix: false), kind: .syncIO, display: "FileHandle.readData(ofLength:)"),
        .init(match: .property(receiver: "FileHandle", name: "availableData"), kind: .syncIO, display: "FileHandle.availableData"),
        .init(match: .method(receiver: nil, name: "contentsOfDirectory", prefix: false), kind: .syncIO, display: "FileManager.contentsOfDirectory"),
        .init(match: .method(receiver: nil, name: "subpathsOfDirectory", prefix: false), kind: .syncIO, display: "FileManager.subpathsOfDirectory(atPath:)"),
        .init(match: .method(receiver: "FileManager", name: "enumerator", prefix: false), kind: .syncIO, display: "FileManager.enumerator"),
        .init(match: .method(receiver: "FileManager", name: "contents", prefix: false), kind: .syncIO, display: "FileManager.contents(atPath:)"),
        .init(match: .method(receiver: "FileManager", name: "copyItem", prefix: false), kind: .syncIO, display: "FileManager.copyItem"),
        // Archives (ZIPFoundation, SSZipArchive, Zip): extracting or creating one reads, inflates or deflates
        // and writes every entry, a whole EPUB, backup or package, before the call returns. Blind round BV's
        // recall hunt: a reader unzipping each book on the main actor as it opened.
        .init(match: .method(receiver: "FileManager", name: "unzipItem", prefix: false), kind: .syncIO,
              display: "FileManager.unzipItem(at:to:)", ownEffect: "extracts a whole archive"),
        .init(match: .method(receiver: "FileManager", name: "zipItem", prefix: false), kind: .syncIO,
              display: "FileManager.zipItem(at:to:)", ownEffect: "compresses a whole folder"),
        .init(match: .method(receiver: "SSZipArchive", name: "unzipFile", prefix: false), kind: .syncIO,
              display: "SSZipArchive.unzipFile(atPath:toDestination:)", ownEffect: "extracts a whole archive"),
        .init(match: .method(receiver: "SSZipArchive", name: "createZipFile", prefix: false), kind: .syncIO,
              display: "SSZipArchive.createZipFile(atPath:withContentsOfDirectory:)", ownEffect: "compresses a whole folder"),
        .init(match: .method(receiver: "Zip", name: "unzipFile", prefix: false), kind: .syncIO,
              display: "Zip.unzipFile(_:destination:overwrite:password:)", ownEffect: "extracts a whole archive"),
        .init(match: .method(receiver: "Zip", name: "quickUnzipFile", prefix: false), kind: .syncIO,
              display: "Zip.quickUnzipFile(_:)", ownEffect: "extracts a whole archive"),
        .init(match: .method(receiver: "Zip", name: "zipFiles", prefix: false), kind: .syncIO,
              display: "Zip.zipFiles(paths:zipFilePath:password:progress:)", ownEffect: "compresses the files it is handed"),
        .init(match: .method(receiver: "Zip", name: "quickZipFiles", prefix: false), kind: .syncIO,
              display: "Zip.quickZipFiles(_:fileName:)", ownEffect: "compresses the files it is handed"),
        // Deleting or moving a folder (a cache at launch) walks every file in it.
        .init(match: .method(receiver: "FileManager", name: "removeItem", prefix: false), kind: .syncIO, display: "FileManager.removeItem"),
        .init(match: .method(receiver: "FileManager", name: "moveItem", prefix: false), kind: .syncIO, display: "FileManager.moveItem"),
        .init(match: .method(receiver: "FileManager", name: "replaceItemAt", prefix: false), kind: .syncIO, display: "FileManager.replaceItemAt"),
        // File coordination blocks until every other presenter of the file has relinquished it.
        .init(match: .method(receiver: nil, name: "coordinate", prefix: false), kind: .syncIO, display: "NSFileCoordinator.coordinate"),
        // Opening a document reads and parses the whole file.
        .init(match: .labeledMethod(name: "makeDocument", firstLabels: ["withContentsOf"]), kind: .syncIO,
              display: "NSDocumentController.makeDocument(withContentsOf:ofType:)"),
        // Photos fetches query the photo library's database.
        .init(match: .method(receiver: "PHAsset", name: "fetchAssets", prefix: false), kind: .syncIO, display: "PHAsset.fetchAssets"),
        // Photos delivers the image before returning when the request's options say `isSynchronous = true`
        // (`PhotoRequests`): a disk read and decode, or an iCloud download when network access is allowed.
        .init(match: .method(receiver: nil, name: "requestImage", prefix: false), kind: .syncIO,
              display: "PHImageManager.requestImage (synchronous)"),
        .init(match: .method(receiver: nil, name: "requestImageDataAndOrientation", prefix: false), kind: .syncIO,
              display: "PHImageManager.requestImageDataAndOrientation (synchronous)"),
        .init(match: .method(receiver: nil, name: "requestImageData", prefix: false), kind: .syncIO,
              display: "PHImageManager.requestImageData (synchronous)"),
        .init(match: .method(receiver: "PHAssetCollection", name: "fetchAssetCollections", prefix: false), kind: .syncIO,
              display: "PHAssetCollection.fetchAssetCollections"),
        // Contacts: every fetch of `CNContactStore` is synchronous, and Apple's documentation asks apps to run
        // them off the main thread. Enumerating the contacts reads the whole address book.
        .init(match: .method(receiver: nil, name: "enumerateContacts", prefix: false), kind: .syncIO,
              display: "CNContactStore.enumerateContacts"),
        .init(match: .method(receiver: nil, name: "unifiedContacts", prefix: false), kind: .syncIO,
              display: "CNContactStore.unifiedContacts"),
        // Calendars: a query of the calendar daemon over the predicate's dates, synchronous, which Apple's
        // documentation asks apps to run on another thread (blind round BR's recall hunt: a menu-bar
        // calendar fetching a month's events on the main actor at each month change).
        .init(match: .labeledMethod(name: "events", firstLabels: ["matching"]), kind: .syncIO, display: "EKEventStore.events(matching:)"),
        .init(match: .method(receiver: nil, name: "enumerateEvents", prefix: false), kind: .syncIO,
              display: "EKEventStore.enumerateEvents(matching:using:)"),
        // Synchronous database access: GRDB's queue and pool, FMDB, SQLite's C API.
        .init(match: .method(receiver: "DatabaseQueue", name: "read", prefix: false), kind: .syncIO, display: "DatabaseQueue.read"),
        .init(match: .method(receiver: "DatabaseQueue", name: "write", prefix: false), kind: .syncIO, display: "DatabaseQueue.write"),
        .init(match: .method(receiver: "DatabasePool", name: "read", prefix: false), kind: .syncIO, display: "DatabasePool.read"),
        .init(match: .method(receiver: "DatabasePool", name: "write", prefix: false), kind: .syncIO, display: "DatabasePool.write"),
        .init(match: .method(receiver: "DatabaseQueue", name: "inDatabase", prefix: false), kind: .syncIO, display: "DatabaseQueue.inDatabase"),
        .init(match: .method(receiver: "DatabaseQueue", name: "inTransaction", prefix: false), kind: .syncIO,
              display: "DatabaseQueue.inTransaction"),
        .init(match: .method(receiver: nil, name: "inDatabase", prefix: false), kind: .syncIO, display: "FMDatabaseQueue.inDatabase"),
        .init(match: .method(receiver: nil, name: "inTransaction", prefix: false), kind: .syncIO, display: "FMDatabaseQueue.inTransaction"),
        .init(match: .method(receiver: nil, name: "executeQuery", prefix: false), kind: .syncIO, display: "FMDatabase.executeQuery"),
        .init(match: .method(receiver: nil, name: "executeUpdate", prefix: false), kind: .syncIO, display: "FMDatabase.executeUpdate"),
        .init(match: .function(name: "sqlite3_step", prefix: false), kind: .syncIO, display: "sqlite3_step"),
        .init(match: .function(name: "sqlite3_exec", prefix: false), kind: .syncIO, display: "sqlite3_exec"),
        // `PDFDocument(data:)` reads nothing: the bytes are in memory, and pages are parsed as they are drawn.
        .init(match: .initializer(type: "PDFDocument", firstLabels: ["url"]), kind: .syncIO, display: "PDFDocument(url:)"),
        .init(match: .initializer(type: "UIImage", firstLabels: ["contentsOfFile"]), kind: .syncIO, display: "UIImage(contentsOfFile:)"),
        .init(match: .initializer(type: "NSImage", firstLabels: ["contentsOf"]), kind: .syncIO, display: "NSImage(contentsOf:)"),
        .init(match: .initializer(type: "NSImage", firstLabels: ["contentsOfFile"]), kind: .syncIO, display: "NSImage(contentsOfFile:)"),
        .init(match: .initializer(type: "XMLParser", firstLabels: ["contentsOf"]), kind: .syncIO, display: "XMLParser(contentsOf:)"),
        // A bundle on disk: its `Info.plist` and localized strings are read from the bundle's folder. Bundles
        // are cached by path, so only a loop over a folder of bundles (the apps in /Applications) adds up.
        .init(match: .initializer(type: "Bundle", firstLabels: ["path", "url"]), kind: .syncIO, display: "Bundle(path:)"),
        .init(match: .method(receiver: "FileHandle", name: "write", prefix: false), kind: .syncIO, display: "FileHandle.write(_:)"),
        // Keychain calls are IPC to securityd; Apple: "this function can block the calling thread".
        .init(match: .function(name: "SecItemCopyMatching", prefix: false), kind: .syncIO, display: "SecItemCopyMatching"),
        .init(match: .function(name: "SecItemAdd", prefix: false), kind: .syncIO, display: "SecItemAdd"),
        .init(match: .function(name: "SecItemUpdate", prefix: false), kind: .syncIO, display: "SecItemUpdate"),
        .init(match: .function(name: "SecItemDelete", prefix: false), kind: .syncIO, display: "SecItemDelete"),
        // Synchronous file writes (`Data.write(to:)`, `String.write(to:atomically:encoding:)`, `NSData.write(toFile:)`).
        .init(match: .labeledMethod(name: "write", firstLabels: ["to", "toFile"]), kind: .syncIO, display: "write(to:)"),
        // Password key derivation is slow by design: its cost is tuned to take 100 ms to seconds per call.
        // (CryptoSwift's `Scrypt(...).calculate()` and `PKCS5.PBKDF2(...).calculate()`, CommonCrypto, libsodium, Argon2.)
        .init(match: .method(receiver: "Scrypt", name: "calculate", prefix: false), kind: .heavyCompute, display: "Scrypt.calculate()"),
        .init(match: .method(receiver: "PBKDF2", name: "calculate", prefix: false), kind: .heavyCompute, display: "PKCS5.PBKDF2.calculate()"),
        .init(match: .function(name: "CCKeyDerivationPBKDF", prefix: false), kind: .heavyCompute, display: "CCKeyDerivationPBKDF"),
        .init(match: .function(name: "crypto_pwhash", prefix: true), kind: .heavyCompute, display: "crypto_pwhash"),
        .init(match: .function(name: "argon2", prefix: true), kind: .heavyCompute, display: "argon2 hashing"),
        // Decoding and rendering.
        .init(match: .method(receiver: "JSONDecoder", name: "decode", prefix: false), kind: .heavyCompute, display: "JSONDecoder.decode(_:from:)"),
        .init(match: .method(receiver: "JSONEncoder", name: "encode", prefix: false), kind: .heavyCompute, display: "JSONEncoder.encode(_:)"),
        .init(match: .method(receiver: "PropertyListEncoder", name: "encode", prefix: false), kind: .heavyCompute, display: "PropertyListEncoder.encode(_:)"),
        .init(match: .method(receiver: "JSONSerialization", name: "data", prefix: false), kind: .heavyCompute, display: "JSONSerialization.data(withJSONObject:)"),
        .init(match: .method(receiver: "NSKeyedArchiver", name: "archivedData", prefix: false), kind: .heavyCompute, display: "NSKeyedArchiver.archivedData"),
        .init(match: .method(receiver: "XMLParser", name: "parse", prefix: false), kind: .heavyCompute, display: "XMLParser.parse()"),
        .init(match: .method(receiver: "PropertyListDecoder", name: "decode", prefix: false), kind: .heavyCompute, display: "PropertyListDecoder.decode(_:from:)"),
        .init(match: .method(receiver: "JSONSerialization", name: "jsonObject", prefix: false), kind: .heavyCompute, display: "JSONSerialization.jsonObject"),
        .init(match: .method(receiver: "PropertyListSerialization", name: "propertyList", prefix: false), kind: .heavyCompute, display: "PropertyListSerialization.propertyList"),
        .init(match: .method(receiver: "NSKeyedUnarchiver", name: "unarchive", prefix: true), kind: .heavyCompute, display: "NSKeyedUnarchiver.unarchive*"),
        .init(match: .method(receiver: "UIGraphicsImageRenderer", name: "image", prefix: false), kind: .heavyCompute, display: "UIGraphicsImageRenderer.image"),
        // Encoding a bitmap: `UIImage.jpegData(compressionQuality:)`, `UIGraphicsImageRenderer.pngData { }`.
        .init(match: .method(receiver: nil, name: "pngData", prefix: false), kind: .heavyCompute, display: "UIImage.pngData()"),
        .init(match: .method(receiver: nil, name: "jpegData", prefix: false), kind: .heavyCompute, display: "UIImage.jpegData(compressionQuality:)"),
        .init(match: .method(receiver: nil, name: "heicData", prefix: false), kind: .heavyCompute, display: "UIImage.heicData()"),
        // AppKit's encoder, which apps wrap in their own `pngData()`/`jpegData(compressionQuality:)` on `NSImage`.
        .init(match: .labeledMethod(name: "representation", firstLabels: ["using"]), kind: .heavyCompute,
              display: "NSBitmapImageRep.representation(using:properties:)"),
        // The HTML importer lays the markup out with WebKit on the main thread, tens of milliseconds a call
        // (Apple: "should not be called from a background thread"); other document types read no markup.
        .init(match: .initializer(type: "NSAttributedString", firstLabels: ["data", "html"]), kind: .heavyCompute, display: "NSAttributedString(data:) with .html"),
        .init(match: .initializer(type: "NSMutableAttributedString", firstLabels: ["data", "html"]), kind: .heavyCompute, display: "NSAttributedString(data:) with .html"),
        // Their Swift 3 spellings, still compiled by apps that never migrated: the image is the first argument.
        .init(match: .function(name: "UIImageJPEGRepresentation", prefix: false), kind: .heavyCompute, display: "UIImageJPEGRepresentation"),
        .init(match: .function(name: "UIImagePNGRepresentation", prefix: false), kind: .heavyCompute, display: "UIImagePNGRepresentation"),
        // Decoding: creating an image source only opens it; these decode (and downsample) the pixels.
        .init(match: .function(name: "CGImageSourceCreateThumbnailAtIndex", prefix: false), kind: .heavyCompute, display: "CGImageSourceCreateThumbnailAtIndex"),
        .init(match: .function(name: "CGImageSourceCreateImageAtIndex", prefix: false), kind: .heavyCompute, display: "CGImageSourceCreateImageAtIndex"),
        // Core Image renders the whole filter graph when asked for pixels.
        .init(match: .method(receiver: nil, name: "createCGImage", prefix: false), kind: .heavyCompute, display: "CIContext.createCGImage(_:from:)"),
        .init(match: .method(receiver: nil, name: "jpegRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.jpegRepresentation"),
        .init(match: .method(receiver: nil, name: "pngRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.pngRepresentation"),
        .init(match: .method(receiver: nil, name: "heifRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.heifRepresentation"),
        .init(match: .method(receiver: nil, name: "writeJPEGRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.writeJPEGRepresentation"),
        .init(match: .method(receiver: nil, name: "writePNGRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.writePNGRepresentation"),
        .init(match: .method(receiver: nil, name: "writeHEIFRepresentation", prefix: false), kind: .heavyCompute, display: "CIContext.writeHEIFRepresentation"),
        // Synchronous decoding: the async `byPreparingThumbnail(ofSize:)` / `byPreparingForDisplay()` are the fix.
        .init(match: .method(receiver: nil, name: "preparingThumbnail", prefix: false), kind: .heavyCompute, display: "UIImage.preparingThumbnail(of:)"),
        .init(match: .method(receiver: nil, name: "preparingForDisplay", prefix: false), kind: .heavyCompute, display: "UIImage.preparingForDisplay()"),
        .init(match: .property(receiver: nil, name: "tiffRepresentation"), kind: .heavyCompute, display: "NSImage.tiffRepresentation"),
        .init(match: .function(name: "CGImageDestinationFinalize", prefix: false), kind: .heavyCompute, display: "CGImageDestinationFinalize"),
        .init(match: .method(receiver: nil, name: "copyCGImage", prefix: false), kind: .heavyCompute, display: "AVAssetImageGenerator.copyCGImage(at:actualTime:)"),
        // Vision runs every request before `perform` returns: recognising a photo's text takes 0.1 to 2 s, and
        // Apple's samples perform requests on a background queue (blind round CG's recall hunt: a recipe app
        // recognising a cropped photo's ingredients as the crop is confirmed).
        .init(match: .method(receiver: "VNImageRequestHandler", name: "perform", prefix: false), kind: .heavyCompute,
              display: "VNImageRequestHandler.perform(_:)"),
        .init(match: .method(receiver: "VNSequenceRequestHandler", name: "perform", prefix: false), kind: .heavyCompute,
              display: "VNSequenceRequestHandler.perform(_:on:)"),
        // Core Image's detectors search the whole image before returning, as Vision does: a QR code or faces found
        // in a full-size photo take 0.2 to 1 s at high accuracy (blind round CL's recall hunt: a certificate wallet
        // searching each imported photo, and each page of an imported PDF, for its QR code).
        .init(match: .method(receiver: "CIDetector", name: "features", prefix: false), kind: .heavyCompute,
              display: "CIDetector.features(in:)"),
        // JavaScriptCore parses and runs the whole script before it returns: a bundled library (a formatter,
        // a highlighter) is compiled again each time a fresh context evaluates it (blind recall hunt of round
        // AW: a formatter re-read and re-ran its 400 KB script on every keystroke).
        .init(match: .method(receiver: nil, name: "evaluateScript", prefix: false), kind: .heavyCompute, display: "JSContext.evaluateScript(_:)"),
        .init(match: .property(receiver: "ImageRenderer", name: "cgImage"), kind: .heavyCompute, display: "ImageRenderer.cgImage"),
        .init(match: .property(receiver: "ImageRenderer", name: "uiImage"), kind: .heavyCompute, display: "ImageRenderer.uiImage"),
        .init(match: .property(receiver: "ImageRenderer", name: "nsImage"), kind: .heavyCompute, display: "ImageRenderer.nsImage"),
    ]

    /// Entries keyed by the called name, so a lookup costs one dictionary access per call.
    static let entriesByName: [String: [CatalogueEntry]] = Dictionary(grouping: entries.filter(\.match.isExactName)) { $0.match.name }
    static let prefixEntries: [CatalogueEntry] = entries.filter { !$0.match.isExactName }
}

extension CatalogueEntry.Match {
    /// The type name for initializers, the function/member name otherwise.
    var name: String {
        switch self {
        case .function(let name, _), .method(_, let name, _), .labeledMethod(let name, _), .methodWaiting(let name, _), .property(_, let name): name
        case .initializer(let type, _): type
        }
    }

    var isExactName: Bool {
        switch self {
        case .function(_, let prefix), .method(_, _, let prefix): !prefix
        case .initializer, .labeledMethod, .methodWaiting, .property: true
        }
    }
}
