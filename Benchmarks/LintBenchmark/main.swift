import Foundation
import MainGuardLint

// mainguard-bench CORPUS [--threads N]
// Lints CORPUS and, in the same run and on the same threads, measures the parse-only floor
// (SwiftParser over the same files). Reports files, lines, seconds, lines/s, the lint/parse ratio and
// peak memory. The issue's target: lint at most 1.3x the parse-only floor.
// Then the re-run figure: a cold run with an empty cache against a warm re-run of the unchanged
// tree (target: warm at most 10% of cold).

var arguments = Array(CommandLine.arguments.dropFirst())
var threads = ProcessInfo.processInfo.activeProcessorCount
if let flag = arguments.firstIndex(of: "--threads"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
    threads = count
    arguments.removeSubrange(flag...(flag + 1))
}
guard let corpus = arguments.first else {
    FileHandle.standardError.write(Data("usage: mainguard-bench CORPUS [--threads N]\n".utf8))
    exit(1)
}

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Peak resident set size in MB (Linux reports `ru_maxrss` in kilobytes, macOS in bytes).
func peakMemoryMB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1_024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

let files = try FileCollector(excludes: []).collect(paths: [corpus])
let texts = files.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
let inputs = zip(files, texts).map { Linter.SourceInput(path: $0, text: $1, settings: .classic) }
let linter = Linter(configuration: LintConfiguration(threads: threads))

// Warm up once so neither measurement pays for first-touch page faults alone.
_ = ParseFloor.parse(texts, threads: threads)
var parseSeconds = Double.infinity
var lintSeconds = Double.infinity
var result: LintResult?
for _ in 0..<3 {
    parseSeconds = min(parseSeconds, seconds { _ = ParseFloor.parse(texts, threads: threads) })
    lintSeconds = min(lintSeconds, seconds { result = linter.lint(inputs) })
}
let lines = result?.lineCount ?? 0
let format = { (value: Double) in String(format: "%.3f", value) }
print("corpus:       \(corpus)")
print("threads:      \(threads)")
print("files:        \(inputs.count)")
print("lines:        \(lines)")
print("findings:     \(result?.findings.count ?? 0)")
print("parse only:   \(format(parseSeconds)) s  (\(Int(Double(lines) / parseSeconds)) lines/s)")
print("lint:         \(format(lintSeconds)) s  (\(Int(Double(lines) / lintSeconds)) lines/s)")
print("ratio:        \(String(format: "%.2f", lintSeconds / parseSeconds))x lint/parse (target <= 1.3x)")
print("peak memory:  \(String(format: "%.0f", peakMemoryMB())) MB")

// Cold: an empty cache, so every file is read, parsed, indexed and checked, and the cache written.
// Warm: the same tree again, answered from the cache. Best of three pairs.
let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-bench-cache-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: cacheFolder) }
let cachedLinter = TeamLinter(cache: LintCache(directory: cacheFolder, toolVersion: ToolVersion.current), threads: threads)
var coldSeconds = Double.infinity
var warmSeconds = Double.infinity
var warmFromCache = 0
for _ in 0..<3 {
    try? FileManager.default.removeItem(at: cacheFolder)
    coldSeconds = min(coldSeconds, try seconds { _ = try cachedLinter.lint(paths: [corpus]) })
    try warmSeconds = min(warmSeconds, seconds { warmFromCache = try cachedLinter.lint(paths: [corpus]).filesFromCache })
}
print("cache cold:   \(format(coldSeconds)) s  (empty cache)")
print("cache warm:   \(format(warmSeconds)) s  (unchanged tree, \(warmFromCache) of \(inputs.count) files from the cache)")
print("re-run ratio: \(String(format: "%.3f", warmSeconds / coldSeconds)) warm/cold (target <= 0.10)")
