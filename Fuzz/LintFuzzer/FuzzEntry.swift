import Foundation

/// libFuzzer's entry point: one input, whole pipeline. A problem the pipeline reports stops the
/// fuzzer like a crash would, so the input is saved as an artifact.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let problems = WholePipeline.check(bytes)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}

#if FUZZING
// Declared only in the fuzzing build, which links libFuzzer in (see Fuzz/run.sh).
@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// `mainguard-fuzz`. Built by `Fuzz/run.sh` with ASan, libFuzzer's coverage and `-DFUZZING`, it hands
/// control to libFuzzer, whose flags it accepts. Built plainly (`swift build`), it replays inputs:
/// `mainguard-fuzz Fuzz/regressions/*` runs each file once and reports it, with a readable backtrace
/// when one crashes.
///
/// SwiftPM links every executable with `main` aliased to the module's own entry point, so `main`
/// cannot be left to libFuzzer; this one calls `LLVMFuzzerRunDriver`, libFuzzer's documented way in.
@main
enum FuzzEntry {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runLibFuzzerDriver(&argc, &argv, fuzzOneInput))
        #else
        replay(paths: Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func replay(paths: [String]) {
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: mainguard-fuzz INPUT... (fuzzing: bash Fuzz/run.sh SECONDS)\n".utf8))
            exit(1)
        }
        var failures = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read"); failures += 1; continue
            }
            let problems = WholePipeline.check(Array(data))
            print(problems.isEmpty ? "\(path): ok" : "\(path): \(problems.joined(separator: "; "))")
            failures += problems.isEmpty ? 0 : 1
        }
        exit(failures == 0 ? 0 : 1)
    }
}
