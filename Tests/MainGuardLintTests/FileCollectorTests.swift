@testable import MainGuardLint
import XCTest

final class FileCollectorTests: XCTestCase {
    /// The string path helpers give what `NSString` and `URL.standardizedFileURL` give, for the paths
    /// a run builds and for odd ones.
    func testPathPartsAgreeWithFoundation() {
        let paths = ["Sources/App/View.swift", "View.swift", "/View.swift", "/", "a/b/", "./a/b.swift", "/a//b.swift", "/a/b/../c.swift",
                     "/a/./b/.../c", "/a/../../b", "/..", "rel/../x.swift", "/a/b c/é.swift"]
        for path in paths {
            XCTAssertEqual(PathParts.name(path), (path as NSString).lastPathComponent, path)
            XCTAssertEqual(PathParts.standardized(path), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
        for path in ["Sources/App/View.swift", "View.swift", "/View.swift", "a/b/", "/a/b/c.swift"] {
            XCTAssertEqual(PathParts.folder(path), (path as NSString).deletingLastPathComponent, path)
        }
    }

    func testCollectsSwiftFilesSortedSkippingHiddenBuildAndExcluded() throws {
        let directory = try TemporaryDirectory(self)
        for file in ["b/B.swift", "a/A.swift", "a/Generated/G.swift", ".build/debug/X.swift", ".build_linux/Y.swift",
                     ".git/Z.swift", "a/.hidden/H.swift", "a/notes.md", "a/ModelTests.swift"] {
            try directory.write(file, "")
        }
        let all = try FileCollector(excludes: []).collect(paths: [directory.path])
        XCTAssertEqual(all.map { String($0.dropFirst(directory.path.count + 1)) },
                       ["a/A.swift", "a/Generated/G.swift", "a/ModelTests.swift", "b/B.swift"])
        let excluded = try FileCollector(excludes: ["Generated", "*Tests.swift"]).collect(paths: [directory.path])
        XCTAssertEqual(excluded.map { String($0.dropFirst(directory.path.count + 1)) }, ["a/A.swift", "b/B.swift"])
        let byPath = try FileCollector(excludes: ["*/b/*"]).collect(paths: [directory.path])
        XCTAssertFalse(byPath.contains { $0.hasSuffix("b/B.swift") })
    }

    func testVendoredAndToolingFoldersAreSkippedUnlessNamed() throws {
        let directory = try TemporaryDirectory(self)
        for file in ["App/A.swift", "Pods/Alamofire/S.swift", "Carthage/Checkouts/K/K.swift", "fastlane/swift/Runner.swift"] {
            try directory.write(file, "")
        }
        let all = try FileCollector(excludes: []).collect(paths: [directory.path])
        XCTAssertEqual(all.map { String($0.dropFirst(directory.path.count + 1)) }, ["App/A.swift"])
        let named = try FileCollector(excludes: []).collect(paths: [directory.path + "/fastlane"])
        XCTAssertEqual(named.map { String($0.dropFirst(directory.path.count + 1)) }, ["fastlane/swift/Runner.swift"])
    }

    func testFilesGivenDirectlyAreLintedAndDeduplicated() throws {
        let directory = try TemporaryDirectory(self)
        let file = try directory.write("One.swift", "")
        XCTAssertEqual(try FileCollector(excludes: []).collect(paths: [file, file, directory.path]), [file])
    }

    func testMissingPathIsAnErrorNamingThePath() {
        XCTAssertThrowsError(try FileCollector(excludes: []).collect(paths: ["/no/such/place"])) { error in
            XCTAssertEqual((error as? LintInputError)?.path, "/no/such/place")
            XCTAssertTrue(String(describing: error).contains("/no/such/place"))
        }
    }
}
