/// Which types of the linted code conform to its protocols and which classes subclass its classes. A call
/// through a value typed as such a protocol (`let store: DraftStoring`) runs one of the conformers'
/// implementations, not the bodiless requirement; a call through a value typed as a class
/// (`let cell: BaseCell`) runs the method the class declares or inherits, or a subclass's override.
///
/// ```swift
/// let hierarchy = TypeHierarchy(records) // class PhotoCell: BaseCell {}, protocol Store {}, …
/// hierarchy.subclasses(of: "BaseCell")   // ["PhotoCell"]
/// hierarchy.superclasses(of: "PhotoCell") // ["BaseCell"]
/// ```
struct TypeHierarchy: Sendable {
    private let byProtocol: [String: Set<String>]
    /// Each class's superclass, where the linted code declares both.
    private let superclassOf: [String: String]
    /// Each class's subclasses, direct and indirect.
    private let subclassesOf: [String: Set<String>]
    /// The names of the types the linted code declares (not only extends).
    private let declared: Set<String>
    /// The types the stored properties of each name are declared with, across the linted code.
    private let propertyTypes: [String: Set<String>]

    init(_ records: [TypeDeclarationRecord]) {
        let protocols = Set(records.filter { $0.keyword == "protocol" }.map(\.name))
        var byProtocol: [String: Set<String>] = [:]
        for record in records where record.keyword != "protocol" {
            for name in record.inherited where protocols.contains(name) {
                byProtocol[name, default: []].insert(record.name)
            }
        }
        self.byProtocol = byProtocol
        declared = Set(records.filter { $0.keyword != "extension" }.map(\.name))
        // A class's superclass is written first among its inherited names (`class A: B, P`).
        let classes = Set(records.filter { $0.keyword == "class" }.map(\.name))
        var superclassOf: [String: String] = [:]
        for record in records where record.keyword == "class" {
            if let first = record.inherited.first, first != record.name, classes.contains(first) {
                superclassOf[record.name] = first
            }
        }
        self.superclassOf = superclassOf
        var subclassesOf: [String: Set<String>] = [:]
        for subclass in superclassOf.keys {
            for ancestor in Self.ancestors(of: subclass, in: superclassOf) {
                subclassesOf[ancestor, default: []].insert(subclass)
            }
        }
        self.subclassesOf = subclassesOf
        var propertyTypes: [String: Set<String>] = [:]
        for record in records {
            for property in record.propertyTypes { propertyTypes[property.name, default: []].insert(property.type) }
        }
        self.propertyTypes = propertyTypes
    }

    /// The one type of the linted code that every stored property of this name is declared with
    /// (`var versioningService: VersioningSerivice` in a dependency container); nil when the linted code
    /// declares no such property, declares them with different types, or with a type it does not declare.
    func typeOfProperty(named name: String) -> String? {
        guard let types = propertyTypes[name], types.count == 1, let type = types.first, declared.contains(type) else { return nil }
        return type
    }

    /// The conforming types, or nil when `name` is not a protocol of the linted code with conformers.
    func conformers(of name: String) -> Set<String>? {
        byProtocol[name]
    }

    /// The linted code declares a type of this name, not only an extension of one.
    func declares(_ name: String) -> Bool { declared.contains(name) }

    /// The class's superclasses that the linted code declares, nearest first.
    func superclasses(of name: String) -> [String] {
        Self.ancestors(of: name, in: superclassOf)
    }

    /// The class's subclasses in the linted code, direct and indirect; empty for other names.
    func subclasses(of name: String) -> Set<String> {
        subclassesOf[name] ?? []
    }

    /// Nearest first; stops at a cycle, which only code that does not compile declares.
    private static func ancestors(of name: String, in superclassOf: [String: String]) -> [String] {
        var result: [String] = []
        var current = name
        while let next = superclassOf[current], next != name, !result.contains(next) {
            result.append(next)
            current = next
        }
        return result
    }
}
