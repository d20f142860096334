#if canImport(Glibc)
import Glibc
#endif

/// Allocator settings for a process that lints a large tree: the `mainguard` CLI and `mainguard-bench`.
///
/// A lint allocates and frees several hundred megabytes of syntax trees on every worker thread. With
/// glibc's defaults each thread's heap grows a few pages at a time and is trimmed back whenever its top
/// is free, so a lint of six apps (456k lines) spent about 6% of its CPU time in `mprotect` and page
/// faults growing the same heaps again (`perf record` of `mainguard lint --no-cache`). Growing by 64 MB
/// and trimming only above 256 MB free made the whole CLI run 10–15% faster with the same peak memory
/// (pages reserved but never touched are not resident).
///
/// Elsewhere (Darwin's allocator) this does nothing; it was not measured there. A library that apps link
/// never calls it: it changes the whole process.
///
/// ```swift
/// ProcessAllocator.prepareForLinting()   // first thing in `main`
/// ```
public enum ProcessAllocator {
    public static func prepareForLinting() {
        #if canImport(Glibc)
        // `<malloc.h>` is not part of the Glibc module: look `mallopt` up by name. Its parameters'
        // values are glibc's ABI (`M_TRIM_THRESHOLD` -1, `M_TOP_PAD` -2).
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-2, 64 << 20)
        _ = mallopt(-1, 256 << 20)
        #endif
    }
}
