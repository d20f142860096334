import Foundation

/// MainGuard's version: printed by `--version` and written into SARIF. The cache is keyed by
/// ``cacheIdentity``, which also names the build.
///
/// ```swift
/// print(ToolVersion.current) // "0.1.0"
/// let cache = LintCache(directory: URL(fileURLWithPath: ".build/mainguard-cache"), toolVersion: ToolVersion.cacheIdentity)
/// ```
public enum ToolVersion {
    public static let current = "0.1.0"

    /// The version plus the running executable's size and modification time ("0.1.0+56230640-1795852800"):
    /// every cache key includes it, so an upgraded or rebuilt `mainguard` never serves findings an older
    /// build made for an unchanged file (the version string stays the same across the builds of a release,
    /// while what the rules find changes). The version alone when the executable cannot be found.
    public static let cacheIdentity: String = {
        guard let path = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = attributes[.modificationDate] as? Date else { return current }
        return "\(current)+\(size)-\(Int64(modified.timeIntervalSince1970))"
    }()
}
