import Foundation

/// Renders a ``WatchdogReport`` as JSON with a documented, stable schema (`Docs/report-schema.md`),
/// and reads it back.
///
/// Keys are sorted and the output is pretty printed, so two reports diff cleanly. The document
/// carries `schema_version`; a change that removes or renames a key or changes its meaning
/// bumps it, while adding a key does not.
///
/// ```swift
/// let json = try JSONReport.render(Runtime.run(workload))
/// let report = try JSONReport.decode(Data(json.utf8))
/// print(report.hangs)
/// ```
public enum JSONReport {
    /// The version of the schema ``render(_:)`` writes (documented in `Docs/report-schema.md`).
    public static let schemaVersion = 1

    /// The report as pretty-printed JSON with sorted keys, ending in a newline.
    ///
    /// Throws `EncodingError.invalidValue` when a number in the report is not finite (JSON has no NaN).
    public static func render(_ report: WatchdogReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(report: report, schemaVersion: schemaVersion))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a report written by ``render(_:)``.
    ///
    /// Throws ``UnsupportedSchemaVersion`` for a document from a newer, incompatible schema,
    /// and `DecodingError` for anything that is not a report.
    public static func decode(_ data: Data) throws -> WatchdogReport {
        let document = try JSONDecoder().decode(Document.self, from: data)
        guard document.schemaVersion <= schemaVersion else {
            throw UnsupportedSchemaVersion(found: document.schemaVersion, supported: schemaVersion)
        }
        return document.report
    }

    /// A report written by a newer MainGuard whose schema this version cannot read.
    public struct UnsupportedSchemaVersion: Error, CustomStringConvertible {
        public var found: Int
        public var supported: Int
        public var description: String {
            "report schema_version \(found) is newer than this MainGuard reads (\(supported)): update MainGuard to read it"
        }
    }

    /// The report's own keys plus `schema_version`, in one flat object: the version belongs to the
    /// file format, not to the measurement, so it lives here rather than in ``WatchdogReport``.
    private struct Document: Codable {
        var report: WatchdogReport
        var schemaVersion: Int

        init(report: WatchdogReport, schemaVersion: Int) {
            self.report = report
            self.schemaVersion = schemaVersion
        }

        private enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
        }

        init(from decoder: any Decoder) throws {
            schemaVersion = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .schemaVersion)
            report = try WatchdogReport(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
        }
    }
}
