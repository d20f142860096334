@testable import MainGuardLint
import XCTest

/// Each catalogue entry added for app code (file writes, encoders, keychain, Core Image, image decoding,
/// operation waits) matches the call as apps write it, and look-alikes do not match.
final class CatalogueMatchingTests: XCTestCase {
    private func blockingFindings(_ statement: String, scope: LintScope = LintScope(includeLowCost: true)) -> [Finding] {
        let source = """
            import Foundation
            @MainActor func handle(url: URL, image: UIImage, context: CIContext, output: CIImage, queue: OperationQueue,
                                   operation: Operation, generator: AVAssetImageGenerator, picture: NSImage) {
                let encoder = JSONEncoder()
                let handle = FileHandle(forWritingAtPath: "/tmp/log")!
                var log = ""
                let files = listFiles(), database = FMDatabase(), posts: [String] = load(), rows: [Any] = load()
                var count = 0
                \(statement)
            }
            """
        return Linter(configuration: LintConfiguration(scope: scope)).lint(source: source).filter { $0.ruleID == "blocking_call_on_main_actor" }
    }

    func testAppAPIsMatch() {
        let calls: [(statement: String, display: String, severity: Severity)] = [
            ("try? Data().write(to: url)", "write(to:)", .warning),
            ("queue.addOperations(operations, waitUntilFinished: true)", "OperationQueue.addOperations(_:waitUntilFinished: true)", .error),
            ("try? \"text\".write(to: url, atomically: true, encoding: .utf8)", "write(to:)", .warning),
            ("NSData().write(toFile: \"/tmp/a\", atomically: true)", "write(to:)", .warning),
            ("_ = image.jpegData(compressionQuality: 0.8)", "UIImage.jpegData(compressionQuality:)", .warning),
            ("_ = image.pngData()", "UIImage.pngData()", .warning),
            ("_ = image.preparingThumbnail(of: CGSize(width: 10, height: 10))", "UIImage.preparingThumbnail(of:)", .warning),
            ("_ = context.createCGImage(output, from: output.extent)", "CIContext.createCGImage(_:from:)", .warning),
            ("_ = context.jpegRepresentation(of: output, colorSpace: CGColorSpaceCreateDeviceRGB())", "CIContext.jpegRepresentation", .warning),
            ("_ = try? encoder.encode(posts)", "JSONEncoder.encode(_:)", .warning),
            ("_ = try? JSONSerialization.data(withJSONObject: rows)", "JSONSerialization.data(withJSONObject:)", .warning),
            ("_ = try? NSKeyedArchiver.archivedData(withRootObject: posts, requiringSecureCoding: true)", "NSKeyedArchiver.archivedData", .warning),
            ("SecItemCopyMatching([:] as CFDictionary, nil)", "SecItemCopyMatching", .warning),
            ("handle.write(Data())", "FileHandle.write(_:)", .warning),
            ("_ = XMLParser(contentsOf: url)", "XMLParser(contentsOf:)", .warning),
            ("_ = NSImage(contentsOf: url)", "NSImage(contentsOf:)", .warning),
            ("_ = NSImage(contentsOfFile: path)", "NSImage(contentsOfFile:)", .warning),
            ("_ = picture.tiffRepresentation", "NSImage.tiffRepresentation", .warning),
            ("_ = try? generator.copyCGImage(at: .zero, actualTime: nil)", "AVAssetImageGenerator.copyCGImage(at:actualTime:)", .warning),
            ("queue.waitUntilAllOperationsAreFinished()", "OperationQueue.waitUntilAllOperationsAreFinished()", .error),
            ("operation.waitUntilFinished()", "Operation.waitUntilFinished()", .error),
            ("try? FileManager.default.removeItem(at: url)", "FileManager.removeItem", .warning),
            ("try? FileManager.default.moveItem(at: url, to: url)", "FileManager.moveItem", .warning),
            ("NSFileCoordinator().coordinate(readingItemAt: url, options: [], error: nil) { _ in }", "NSFileCoordinator.coordinate", .warning),
            ("_ = PHAsset.fetchAssets(with: .image, options: nil)", "PHAsset.fetchAssets", .warning),
            ("let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\n_ = try? dbQueue.read { db in try Row.fetchAll(db) }", "DatabaseQueue.read", .warning),
            ("let pool: DatabasePool = makePool()\ntry? pool.write { db in try db.execute(sql: \"DELETE\") }", "DatabasePool.write", .warning),
            ("queue.inDatabase { db in print(db) }", "FMDatabaseQueue.inDatabase", .warning),
            // GRDB's queue has the same method: named for the library the receiver shows.
            ("let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\ntry? dbQueue.inDatabase { db in try db.execute(sql: \"DELETE\") }",
             "DatabaseQueue.inDatabase", .warning),
            ("_ = sqlite3_step(statement)", "sqlite3_step", .warning),
            ("_ = try? NSDocumentController.shared.makeDocument(withContentsOf: url, ofType: \"txt\")",
             "NSDocumentController.makeDocument(withContentsOf:ofType:)", .warning),
        ]
        for call in calls {
            let findings = blockingFindings(call.statement)
            XCTAssertEqual(findings.count, 1, call.statement)
            XCTAssertEqual(findings.first?.severity, call.severity, call.statement)
            XCTAssertTrue(findings.first?.message.hasPrefix(call.display + " ") == true, "\(call.statement): \(findings.map(\.message))")
        }
    }

    func testLookAlikesDoNotMatch() {
        for statement in [
            "\"entry\".write(to: &log)",
            "print(\"x\", to: &log)",
            "_ = CGImageSourceCreateWithURL(url as CFURL, nil)",
            "_ = try? PropertyListSerialization.self",
            "log.write(\"line\")",
            "_ = image.byPreparingThumbnail(ofSize: .zero)",
            "_ = Coder().encode(1)",
            "queue.addOperations(operations, waitUntilFinished: false)",
        ] {
            XCTAssertEqual(blockingFindings(statement).map(\.message), [], statement)
        }
    }

    /// A coder's cost is the size of what it codes: collections match, single values do not.
    func testCodersNeedEvidenceOfSize() {
        for statement in [
            "_ = try? JSONDecoder().decode([String].self, from: Data())",
            "_ = try? JSONDecoder().decode(Set<String>.self, from: Data())",
            "_ = try? PropertyListDecoder().decode([String: [Int]].self, from: Data())",
            "let posts: [String] = []\n_ = try? encoder.encode(posts)",
            "_ = try? JSONSerialization.jsonObject(with: Data()) as? [String]",
            "_ = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSArray.self, from: Data())",
        ] {
            XCTAssertEqual(blockingFindings(statement).count, 1, statement)
        }
        for statement in [
            "_ = try? JSONDecoder().decode(String.self, from: Data())",
            "_ = try? encoder.encode(LoginRequest(user: \"me\"))",
            "_ = try? JSONSerialization.jsonObject(with: Data())",
            "_ = try? PropertyListDecoder().decode([String: Int].self, from: Data())",
            "_ = try? JSONSerialization.data(withJSONObject: [\"push_token\": \"abc\"])",
            "_ = try? NSKeyedArchiver.archivedData(withRootObject: url, requiringSecureCoding: true)",
            // One cause: the read is reported, its decode not again.
            "let data = try! Data(contentsOf: url)\n_ = try? JSONDecoder().decode(String.self, from: data)",
        ] {
            XCTAssertEqual(blockingFindings(statement).count, statement.contains("contentsOf") ? 1 : 0, statement)
        }
    }

    /// One file, keychain or database operation is reported by default only with evidence that its cost
    /// repeats or grows (`CostEvidence`); `include_low_cost` reports each one.
    func testSingleOperationsNeedEvidenceOfRepetitionOrSize() {
        let shippedCode = LintScope()
        for statement in [
            "for file in try! FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) { _ = try? Data(contentsOf: file) }",
            "let logs = FileManager.default.enumerator(atPath: url.path)!.allObjects as! [String]\n_ = logs.map { try? String(contentsOfFile: $0, encoding: .utf8) }",
            "let videoData = try? Data(contentsOf: url)",
            "_ = try? Data(contentsOf: compressedVideoURL)",
            "_ = try? String(contentsOf: URL(string: \"https://example.com/status\")!, encoding: .utf8)",
            "let videoData = Data()\ntry? videoData.write(to: url)",
            "let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\nlet rows = try! dbQueue.read { db in try Row.fetchAll(db) }\n_ = rows.map { try? JSONDecoder().decode([String].self, from: $0[\"json\"]) }",
            "let rows = database.executeQuery(\"SELECT * FROM feeds\", withArgumentsIn: [])\nwhile rows?.next() == true { count += 1 }",
            "for file in try! FileManager.default.contentsOfDirectory(atPath: path) { _ = try? JSONDecoder().decode([String].self, from: Data(file.utf8)) }",
        ] {
            XCTAssertEqual(blockingFindings(statement, scope: shippedCode).count, 1, statement)
        }
        for statement in [
            "let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\n_ = try? dbQueue.read { db in try Row.fetchAll(db) }",
            "let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\nlet rows = try! dbQueue.read { db in try Row.limit(20).fetchAll(db) }\nlet ids = rows.map { row in row[\"id\"] as String? }",
            "_ = try? Data(contentsOf: url)",
            "_ = FileManager.default.contents(atPath: \"/tmp/settings.json\")",
            "try? Data().write(to: url)",
            "try? FileManager.default.removeItem(at: url)",
            "SecItemCopyMatching([:] as CFDictionary, nil)",
            "_ = SecItemAdd([:] as CFDictionary, nil)",
            "let saved = UserDefaults.standard.data(forKey: \"filters\") ?? Data()\n_ = try? JSONDecoder().decode([String].self, from: saved)",
            "let filters: [String] = []\nUserDefaults.standard.set(try? encoder.encode(filters), forKey: \"filters\")",
            "let dbQueue = try! DatabaseQueue(path: \"/tmp/db\")\n_ = try? dbQueue.read { db in try Row.fetchOne(db, key: 1) }",
            "for size in [1, 2, 3] { _ = try? Data(contentsOf: url.appendingPathComponent(\"\\(size)\")) }",
            // One file or keychain item per element of a list that is not a folder's files: a few settings.
            "for file in files { _ = try? Data(contentsOf: file) }",
            // A decode per one of the app's own values (a saved filter group), not per file.
            "for group in groups { _ = try? JSONDecoder().decode([String].self, from: group.filtersData) }",
            "for name in posts { _ = SecItemAdd([kSecAttrAccount: name] as CFDictionary, nil) }",
            // Listing the keychain counts only at launch (`CostEvidence.Evidence.atLaunchOnly`).
            "let query = [kSecMatchLimit: kSecMatchLimitAll] as CFDictionary\nSecItemCopyMatching(query, nil)",
            // Photos are a few megabytes; only unbounded media (video, recordings, backups) count (`CostEvidence.mediaWords`).
            "let imageData = Data()\ntry? imageData.write(to: url)",
            "let photoData = try? Data(contentsOf: url)",
            // Deleting a cache or download folder counts only from a launch callback (`LaunchCallbacks`).
            "try? FileManager.default.removeItem(at: cachesURL)",
            "try? FileManager.default.removeItem(at: downloadDirectory())",
        ] {
            XCTAssertEqual(blockingFindings(statement, scope: shippedCode).map(\.message), [], statement)
            XCTAssertEqual(blockingFindings(statement).count, 1, statement)
        }
        // One decode of a file, one encode to a file: low cost unless repeated (`CostEvidence.showsCodedData`).
        for statement in [
            "let saved = try? Data(contentsOf: url)\n_ = try? JSONDecoder().decode([String].self, from: saved ?? Data())",
            "let data = try? encoder.encode(posts)\ntry? data?.write(to: url)",
        ] {
            XCTAssertEqual(blockingFindings(statement, scope: shippedCode).map(\.message), [], statement)
            XCTAssertFalse(blockingFindings(statement).isEmpty, statement)
        }
    }

    /// Deleting a growing folder is reported where the app does it unasked, at launch, not where a user
    /// asked for it (`CatalogueEntry.costsOnlyAtLaunch`).
    func testDeletingACacheFolderCountsAtLaunchOnly() {
        let helper = """
            enum CachePurger {
                static func purge() {
                    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
                    try? FileManager.default.removeItem(at: caches.appendingPathComponent("Images"))
                }
            }
            """
        let atLaunch = helper + """

            @MainActor final class AppDelegate: NSObject, NSApplicationDelegate {
                func applicationDidFinishLaunching(_ notification: Notification) { CachePurger.purge() }
            }
            """
        let onTap = helper + """

            @MainActor final class SettingsModel {
                func clearCacheTapped() { CachePurger.purge() }
            }
            """
        XCTAssertEqual(Linter().lint(source: atLaunch).map(\.line), [8])
        XCTAssertEqual(Linter().lint(source: onTap).map(\.line), [])
        XCTAssertEqual(Linter().lint(source: onTap, settings: .lowCost).map(\.line), [8])
    }

    /// Listing every keychain item is reported at launch, not in a screen the user opened.
    func testAKeychainEnumerationCountsAtLaunchOnly() {
        let helper = """
            enum Credentials {
                static func all() -> CFTypeRef? {
                    var result: CFTypeRef?
                    SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecMatchLimit: kSecMatchLimitAll] as CFDictionary, &result)
                    return result
                }
            }
            """
        let atLaunch = helper + """

            @MainActor final class AppDelegate: NSObject, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    _ = Credentials.all()
                    return true
                }
            }
            """
        let inSettings = helper + """

            @MainActor final class KeychainViewController: UIViewController {
                override func viewDidLoad() { _ = Credentials.all() }
            }
            """
        XCTAssertEqual(Linter().lint(source: atLaunch).map(\.line), [10])
        XCTAssertEqual(Linter().lint(source: inSettings).map(\.line), [])
        XCTAssertEqual(Linter().lint(source: inSettings, settings: .lowCost).map(\.line), [9])
    }

    /// Small-image words match whole words or a word's start or end, so a `CIContext` is not an icon.
    func testSmallImageNamesMatchWordsNotLetters() {
        XCTAssertEqual(CostEvidence.camelCaseWords("CIContext"), ["ci", "context"])
        XCTAssertEqual(CostEvidence.camelCaseWords("app_iconSize2x"), ["app", "icon", "size2x"])
        for name in ["appIconSize", "favicon", "avatarImage", "screenShot", "QRCode", "emojis", "multiResolutionIcon"] {
            XCTAssertTrue(CostEvidence.namesSmallImage(name), name)
        }
        for name in ["ciContext", "CIContext", "sqrt", "photo", "capturedFrame"] {
            XCTAssertFalse(CostEvidence.namesSmallImage(name), name)
        }
    }

    /// One-off task names match words: an export, an import, a software install, a repair, a backup restored;
    /// installing a hook and restoring a selection are not.
    func testOneOffTasksAreNamedByWords() {
        for name in ["exportLogs", "importSkillFromZip", "installFromPath", "performUninstall", "repairStore",
                     "restoreFromBackup", "migrateLegacySettings", "handleFileImport", "extractAndInstall", "recoverStaleProxyIfNeeded",
                     "updateToLastestVersion", "upgradeDataVersion"] {
            XCTAssertTrue(AppLifecycle.namesAOneOffTask(name), name)
        }
        for name in ["installSpectrumTap", "installKeyMonitor", "importantItems", "restoreSelection", "exporter",
                     "reloadExportedSymbols", "loadImports", "recoveredItems", "updateVersionLabel" ] {
            XCTAssertFalse(AppLifecycle.namesAOneOffTask(name), name)
        }
    }
}
