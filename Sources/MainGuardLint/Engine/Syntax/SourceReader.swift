import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file the linter was pointed at without ever blocking on it, and says precisely why a
/// file cannot be linted. A FIFO or device named `*.swift` would block a plain read forever, so
/// only regular files are read; the file is opened non-blocking and checked with `fstat` on the
/// same descriptor, so it cannot be swapped for a FIFO between the check and the read.
///
/// ```swift
/// switch SourceReader.read("Sources/App/View.swift") {
/// case .success(let text): print(text.count)
/// case .failure(let reason): print("skipped: \(reason)")
/// }
/// ```
public enum SourceReader {
    /// Why a file was not linted; the description is the message users see next to its path.
    public enum Unreadable: Error, Sendable, Hashable, CustomStringConvertible {
        case symbolicLinkLoop
        case danglingSymbolicLink
        case permissionDenied
        case notRegularFile
        case notUTF8
        case nestingTooDeep(Int)
        case failed(String)

        public var description: String {
            switch self {
            case .symbolicLinkLoop: "symbolic link loop (the link resolves to itself); fix or remove the link"
            case .danglingSymbolicLink: "dangling symbolic link (its target does not exist); fix or remove the link"
            case .permissionDenied: "file is not readable (permission denied); grant read access or exclude it with --exclude"
            case .notRegularFile: "not a regular file (a FIFO, socket or device): reading it could block the lint forever; exclude it with --exclude"
            case .notUTF8: "file is not valid UTF-8, so it is not Swift source; re-save it as UTF-8 or exclude it with --exclude"
            case .nestingTooDeep(let depth):
                "\(depth) directly nested `[` (the limit is \(ParserLimits.maximumNestedSquareBrackets)): SwiftParser's lookahead "
                    + "takes time exponential in that depth, so the file is not parsed; exclude it with --exclude if it is generated"
            case .failed(let error): "file is not readable (\(error))"
            }
        }
    }

    /// The file's text, or why it cannot be linted.
    public static func read(_ path: String) -> Result<String, Unreadable> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(reason(forOpenError: errno, path: path)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return .failure(.failed(error.localizedDescription))
        }
        guard let text = validUTF8(data) else { return .failure(.notUTF8) }
        if let depth = ParserLimits.excessiveBracketRun(in: text) { return .failure(.nestingTooDeep(depth)) }
        return .success(text)
    }

    /// The text if `data` is valid UTF-8. `String(validating:as:)` needs macOS 15 / iOS 18, above the
    /// package's platforms; Foundation's decoder (also strict) serves the older systems.
    private static func validUTF8(_ data: Data) -> String? {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) { return String(validating: data, as: UTF8.self) }
        return String(data: data, encoding: .utf8)
    }

    private static func reason(forOpenError error: Int32, path: String) -> Unreadable {
        switch error {
        case ELOOP: return .symbolicLinkLoop
        case EACCES, EPERM: return .permissionDenied
        case ENOENT:
            var status = stat()
            return lstat(path, &status) == 0 ? .danglingSymbolicLink : .failed(String(cString: strerror(error)))
        default: return .failed(String(cString: strerror(error)))
        }
    }
}
