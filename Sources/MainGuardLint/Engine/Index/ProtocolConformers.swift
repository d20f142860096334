/// The types of the linted code that conform to each protocol it declares. A call through a value typed as
/// such a protocol (`let store: DraftStoring`) runs one of their implementations, not the bodiless requirement.
struct ProtocolConformers: Sendable {
    private let byProtocol: [String: Set<String>]

    init(_ records: [TypeDeclarationRecord]) {
        let protocols = Set(records.filter { $0.keyword == "protocol" }.map(\.name))
        var byProtocol: [String: Set<String>] = [:]
        for record in records where record.keyword != "protocol" {
            for name in record.inherited where protocols.contains(name) {
                byProtocol[name, default: []].insert(record.name)
            }
        }
        self.byProtocol = byProtocol
    }

    /// The conforming types, or nil when `name` is not a protocol of the linted code with conformers.
    func conformers(of name: String) -> Set<String>? {
        byProtocol[name]
    }
}
