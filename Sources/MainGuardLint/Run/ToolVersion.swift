/// MainGuard's version: printed by `--version`, written into SARIF, and part of every cache key
/// (a new version never reuses an old version's findings).
///
/// ```swift
/// print(ToolVersion.current) // "0.1.0"
/// ```
public enum ToolVersion {
    public static let current = "0.1.0"
}
