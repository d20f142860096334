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
