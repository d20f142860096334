import Foundation
import XCTest

/// A fresh directory under the system temporary directory, removed when the test ends.
struct TemporaryDirectory {
    let path: String

    init(_ test: XCTestCase) throws {
        path = NSTemporaryDirectory() + "mainguard-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let path = path
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes `contents` at `relative`, creating intermediate directories; returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ contents: String) throws -> String {
        try write(relative, data: Data(contents.utf8))
    }

    @discardableResult
    func write(_ relative: String, data: Data) throws -> String {
        let file = "\(path)/\(relative)"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}

extension URL {
    /// Writes `text` at `relative` under this folder, creating the folders between: the Swift Testing
    /// suites' fixture projects (`folder.writeFile("Sources/App/View.swift", source)`).
    func writeFile(_ relative: String, _ text: String) throws {
        let url = appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
