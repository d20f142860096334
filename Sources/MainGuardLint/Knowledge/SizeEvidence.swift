import SwiftSyntax

/// Whether a coder call's cost can matter to a user. Decoding a collection or a file grows with the
/// user's data; encoding a one-field request body or decoding a `rawValue` takes microseconds. Without a
/// type checker the syntax must show it: a collection type (`[Post].self`, `Set<Tag>.self`), a value
/// declared as a list, or a cast of the result to one. Data read from a file is no evidence on its
/// own: the read is reported, and a read with its decode is one cause, reported once.
///
/// ```swift
/// // reported:     try JSONDecoder().decode([Post].self, from: data)
/// // not reported: try JSONEncoder().encode(LoginRequest(user: name))
/// ```
enum SizeEvidence {
    /// Catalogue entries whose cost is the size of what they code: they match only with evidence.
    static let coders: Set<String> = [
        "JSONDecoder.decode(_:from:)", "JSONEncoder.encode(_:)", "PropertyListEncoder.encode(_:)",
        "PropertyListDecoder.decode(_:from:)", "JSONSerialization.data(withJSONObject:)", "JSONSerialization.jsonObject",
        "PropertyListSerialization.propertyList", "NSKeyedArchiver.archivedData", "NSKeyedUnarchiver.unarchive*",
    ]

    /// Lists: their length is the user's data. A dictionary (`[String: Any]`) is how every JSON object and
    /// request body is spelled, so it is no evidence of size; nor is a literal, whose size is written out.
    static let collectionTypes: Set<String> = [
        "Array", "Set", "ContiguousArray", "OrderedSet", "IdentifiedArray", "IdentifiedArrayOf",
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet",
    ]

    /// True when an argument of the call is a collection type or value, or the result is cast to a
    /// collection (`jsonObject(with: data) as? [String]`).
    static func shows(_ call: FunctionCallExprSyntax, types: VariableTypes) -> Bool {
        call.arguments.contains { argument in
            isCollectionType(argument.expression) || isCollectionValue(argument.expression, types: types)
        } || isCastToCollection(Syntax(call))
    }

    /// `try? f(...) as? [String]`: the cast follows the call (and its `try`) in the enclosing sequence.
    private static func isCastToCollection(_ call: Syntax) -> Bool {
        var node = call
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { node = parent }
        guard let sequence = node.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(sequence)
        guard let index = elements.firstIndex(where: { Syntax($0) == node }), index + 2 < elements.count,
              elements[index + 1].is(UnresolvedAsExprSyntax.self),
              let type = elements[index + 2].as(TypeExprSyntax.self)?.type else { return false }
        if type.is(ArrayTypeSyntax.self) { return true }
        // `[String: [UUID]]`: a dictionary of lists (an index) grows with them.
        if let dictionary = type.as(DictionaryTypeSyntax.self) { return dictionary.value.is(ArrayTypeSyntax.self) }
        return type.simpleName.map(collectionTypes.contains) ?? false
    }

    /// `[Post].self`, `[String: Int].self`, `Set<Tag>.self`, `Array<Post>.self`, `NSArray.self`.
    private static func isCollectionType(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base else { return false }
        if base.is(ArrayExprSyntax.self) { return true }
        if let dictionary = base.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content,
           elements.count == 1, let value = elements.first?.value {
            return value.is(ArrayExprSyntax.self)
        }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text { return collectionTypes.contains(name) }
        if let generic = base.as(GenericSpecializationExprSyntax.self),
           let name = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return collectionTypes.contains(name)
        }
        return false
    }

    /// A name declared as a collection (`let posts: [Post]`), `self.posts`, or a collection literal.
    private static func isCollectionValue(_ expression: ExprSyntax, types: VariableTypes) -> Bool {
        let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? expression.as(MemberAccessExprSyntax.self).flatMap { member in
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) ? member.declName.baseName.text : nil
            }
        guard let name, let type = types[name] else { return false }
        return collectionTypes.contains(type)
    }
}

/// A read of a resource the app ships (`Bundle.main.url(forResource:withExtension:)`): small and read at
/// a known point, so it is not reported (a reviewer would not act on it). The URL must be written in the
/// call or in a local the enclosing function initialises with it, perhaps as a URL made from a bundle
/// path (`URL(fileURLWithPath: path)` after `if let path = Bundle.main.path(forResource:ofType:)`).
///
/// ```swift
/// // not reported: try String(contentsOf: Bundle.module.url(forResource: "cube", withExtension: "shader")!)
/// ```
enum BundledResource {
    static func isRead(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.first?.expression.isOrNamesLocal(matching: { namesBundle($0, hops: 2) }) ?? false
    }

    /// `Bundle.main.url(forResource:...)`, `Bundle.module.path(forResource:...)`, `bundle.url(forResource:...)`,
    /// or a file URL made from one, directly or through a local (at most `hops` such URLs deep).
    private static func namesBundle(_ expression: ExprSyntax, hops: Int) -> Bool {
        let text = expression.trimmedDescription
        if text.contains("forResource:") || text.hasPrefix("Bundle.") { return true }
        guard hops > 0, let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "URL",
              let path = call.arguments.first, ["fileURLWithPath", "filePath"].contains(path.label?.text) else { return false }
        return path.expression.isOrNamesLocal(matching: { namesBundle($0, hops: hops - 1) })
    }
}

/// `PHImageManager` image requests: asynchronous unless their options say `isSynchronous = true`, in which
/// case the call returns after Photos has read, decoded or downloaded the image. Only those are catalogued.
///
/// ```swift
/// // reported where it repeats (a cell), or at full size: options.isSynchronous = true
/// //                                                     manager.requestImage(for: asset, targetSize: PHImageManagerMaximumSize, ...)
/// // not reported: the same request without isSynchronous (the result handler runs later)
/// ```
enum PhotoRequests {
    static let displays: Set<String> = [
        "PHImageManager.requestImage (synchronous)", "PHImageManager.requestImageDataAndOrientation (synchronous)",
        "PHImageManager.requestImageData (synchronous)",
    ]

    /// The enclosing function sets some request options synchronous (`options.isSynchronous = true`).
    static func isSynchronous(_ call: CalledName) -> Bool {
        normalized(call).contains("isSynchronous=true")
    }

    /// `targetSize: PHImageManagerMaximumSize` (or the image data, which is the whole file), or network
    /// access allowed (`isNetworkAccessAllowed = true`): the request can take a second or more.
    static func asksForAFullSizeOrRemoteImage(_ call: CalledName) -> Bool {
        call.name != "requestImage" || call.call.arguments.trimmedDescription.contains("PHImageManagerMaximumSize")
            || normalized(call).contains("isNetworkAccessAllowed=true")
    }

    private static func normalized(_ call: CalledName) -> String {
        (Syntax(call.call).enclosingFunction?.description ?? "").filter { !$0.isWhitespace }
    }
}

/// A stored list its own type keeps short: the type trims it to a count written out
/// (`recordings = Array(recordings.prefix(maxRecordings))` with `let maxRecordings = 100`, or
/// `if history.count > 50 { history.removeLast() }`), so a file that holds only that list is small however
/// long the app is used. Reading that file and decoding it into the list, or encoding the list and writing
/// it, costs a few milliseconds (blind round CN rejected 3 of 3: a dictation app's history of at most 100
/// entries, read at launch).
///
/// ```swift
/// // not reported: recordings = try JSONDecoder().decode([Recording].self, from: Data(contentsOf: url))
/// //               where the type also does `recordings = Array(recordings.prefix(100))`
/// ```
enum CappedLists {
    /// The largest count that keeps a list of records small.
    static let largestCap = 1_000

    /// The call codes or moves only a stored list its type caps: a decode assigned to the property, an encode
    /// of it, a read whose data such a decode decodes, or a write of what such an encode made (in the call, or
    /// through the local it initialises).
    static func holdOnlyACappedList(_ call: FunctionCallExprSyntax) -> Bool {
        guard let property = codedProperty(call), let typeName = Syntax(call).enclosingTypeName,
              let file = Syntax(call).root.as(SourceFileSyntax.self) else { return false }
        return capsList(named: property, in: file.members(ofTypeNamed: typeName))
    }

    /// The stored property whose value the call decodes into, encodes, or reads or writes the coded form of.
    private static func codedProperty(_ call: FunctionCallExprSyntax) -> String? {
        switch CalledName(call)?.name {
        case "decode": return assignedProperty(of: call)
        case "encode": return call.arguments.first.flatMap { propertyName($0.expression) }
        case "write": return encode(writtenBy: call)?.arguments.first.flatMap { propertyName($0.expression) }
        default: return decode(fedBy: call).flatMap(assignedProperty(of:))
        }
    }

    /// The encode whose result `data.write(to:)` writes: the receiver itself, or the local it names.
    private static func encode(writtenBy call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.unwrappingOptionals else { return nil }
        var value = receiver.as(DeclReferenceExprSyntax.self).flatMap { Syntax(call).localValue(named: $0.baseName.text) } ?? receiver
        while let attempt = value.as(TryExprSyntax.self) { value = attempt.expression }
        guard let encode = value.as(FunctionCallExprSyntax.self), CalledName(encode)?.name == "encode" else { return nil }
        return encode
    }

    /// The decode whose `from:` argument is `call`, or the local `call` initialises.
    private static func decode(fedBy call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = Syntax(call).parent
        while let current = node, !current.isFunctionBoundary, !current.is(CodeBlockItemSyntax.self) {
            if let outer = current.as(FunctionCallExprSyntax.self), CalledName(outer)?.name == "decode" { return outer }
            if let binding = current.as(PatternBindingSyntax.self), let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
               let body = Syntax(call).enclosingFunction {
                return body.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> FunctionCallExprSyntax? in
                    guard token.text == local, let argument = token.parent?.parent?.as(LabeledExprSyntax.self), argument.label?.text == "from",
                          let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self), CalledName(outer)?.name == "decode" else { return nil }
                    return outer
                }.first
            }
            node = current.parent
        }
        return nil
    }

    /// `name` in `name = try decoder.decode(...)` or `self.name = ...`.
    private static func assignedProperty(of decode: FunctionCallExprSyntax) -> String? {
        var value = Syntax(decode)
        while let parent = value.parent, parent.is(TryExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { value = parent }
        guard let elements = value.parent?.as(ExprListSyntax.self).map(Array.init), elements.count == 3, elements[2].id == value.id,
              elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return propertyName(elements[0])
    }

    private static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" else { return nil }
        return member.declName.baseName.text
    }

    /// Some member trims `name`: assigns it its own `prefix(k)` or `suffix(k)`, or removes from it under a
    /// test of `name.count` against `k`, with `k` at most ``largestCap``.
    private static func capsList(named name: String, in members: [MemberBlockItemSyntax]) -> Bool {
        let bounds = literalConstants(in: members)
        func isSmall(_ expression: ExprSyntax?) -> Bool {
            guard let expression else { return false }
            let value = expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text.filter { $0 != "_" }) }
                ?? bounds[String(expression.trimmedDescription.split(separator: ".").last ?? "")]
            return value.map { $0 > 0 && $0 <= largestCap } ?? false
        }
        let names: Set<String> = [name, "self.\(name)"]
        for member in members {
            for node in Syntax(member).tokens(viewMode: .sourceAccurate) where node.text == name {
                // `name.prefix(k)` / `name.suffix(k)` assigned back to `name`.
                if let access = node.parent?.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init)
                    ?? node.parent?.parent?.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init),
                   let trimmed = access.as(MemberAccessExprSyntax.self), names.contains(trimmed.base?.trimmedDescription ?? ""),
                   ["prefix", "suffix"].contains(trimmed.declName.baseName.text),
                   let call = access.parent?.as(FunctionCallExprSyntax.self), isSmall(call.arguments.first?.expression),
                   let assignment = call.assignmentTarget, names.contains(assignment) {
                    return true
                }
                // `if name.count > k { name.removeLast() }`, `while name.count >= k { name.removeFirst() }`.
                if let count = node.parent?.parent?.as(MemberAccessExprSyntax.self) ?? node.parent?.parent?.parent?.as(MemberAccessExprSyntax.self),
                   count.declName.baseName.text == "count", names.contains(count.base?.trimmedDescription ?? ""),
                   let elements = count.parent?.as(ExprListSyntax.self).map(Array.init), elements.count == 3, elements[0].id == count.id,
                   [">", ">="].contains(elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text), isSmall(elements[2]),
                   let test = Syntax(count).ancestor(where: { $0.is(IfExprSyntax.self) || $0.is(WhileStmtSyntax.self) }),
                   test.tokens(viewMode: .sourceAccurate).contains(where: { $0.text.hasPrefix("remove") }) {
                    return true
                }
            }
        }
        return false
    }

    /// The members' constants initialised with an integer literal, those of nested types too: `let maxRecordings = 100`,
    /// `enum Constants { static let maxRecordings = 100 }`.
    private static func literalConstants(in members: [MemberBlockItemSyntax]) -> [String: Int] {
        var constants: [String: Int] = [:]
        for member in members {
            if let nested = member.decl.asProtocol(DeclGroupSyntax.self) {
                constants.merge(literalConstants(in: Array(nested.memberBlock.members))) { first, _ in first }
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let literal = binding.initializer?.value.as(IntegerLiteralExprSyntax.self),
                   let value = Int(literal.literal.text.filter { $0 != "_" }) {
                    constants[name] = value
                }
            }
        }
        return constants
    }
}

private extension FunctionCallExprSyntax {
    /// `target` in `target = Array(x.prefix(k))` or `target = x.prefix(k)`, this call the `prefix` one.
    var assignmentTarget: String? {
        var value = Syntax(self)
        if let wrapper = value.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), wrapper.arguments.count == 1,
           wrapper.calledExpression.trimmedDescription == "Array" {
            value = Syntax(wrapper)
        }
        guard let elements = value.parent?.as(ExprListSyntax.self).map(Array.init), elements.count == 3, elements[2].id == value.id,
              elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return elements[0].trimmedDescription
    }
}

private extension Syntax {
    func ancestor(where test: (Syntax) -> Bool) -> Syntax? {
        var node = parent
        while let current = node {
            if test(current) { return current }
            node = current.parent
        }
        return nil
    }
}
