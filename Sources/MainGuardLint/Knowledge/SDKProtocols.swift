/// SDK protocols and the functions the SDK calls through them. A conforming type's other functions run
/// only where the app calls them by name: `struct LibraryView: View { func loadChildren() }` gets no call
/// from SwiftUI for `loadChildren` (blind round BD: a view's folder listing that nothing called was kept
/// because the view conforms to `View`), and an app delegate's `setUpTor()` none from UIKit (blind round
/// BE: a launch wait whose one call was commented out). Protocols not listed here may call any member.
///
/// ```swift
/// SDKProtocols.mayCall("body", through: "View")                                 // true
/// SDKProtocols.mayCall("loadChildren", through: "View")                         // false
/// SDKProtocols.mayCall("applicationDidBecomeActive", through: "UIApplicationDelegate") // true
/// ```
enum SDKProtocols {
    /// SwiftUI protocols and the names of all their function requirements.
    static let requirements: [String: Set<String>] = [
        "View": ["body"], "App": ["body"], "Scene": ["body"], "Commands": ["body"], "ToolbarContent": ["body"],
        "CustomizableToolbarContent": ["body"], "Widget": ["body"], "WidgetBundle": ["body"], "ViewModifier": ["body"],
        "PreviewProvider": ["previews"], "ButtonStyle": ["makeBody"], "PrimitiveButtonStyle": ["makeBody"],
        "LabelStyle": ["makeBody"], "ToggleStyle": ["makeBody"], "Shape": ["path", "sizeThatFits"],
        "Layout": ["sizeThatFits", "placeSubviews", "makeCache", "updateCache", "spacing", "explicitAlignment"],
        "DynamicProperty": ["update"],
    ]

    /// Delegate protocols whose every function requirement starts with one of these words
    /// (`application(_:didFinishLaunchingWithOptions:)`, `applicationWillTerminate(_:)`, `scene(_:willConnectTo:options:)`).
    static let requirementPrefixes: [String: [String]] = [
        "UIApplicationDelegate": ["application"], "NSApplicationDelegate": ["application"],
        "UISceneDelegate": ["scene", "stateRestorationActivity"],
        "UIWindowSceneDelegate": ["scene", "windowScene", "stateRestorationActivity"],
        "UNUserNotificationCenterDelegate": ["userNotificationCenter"],
    ]

    /// Whether the SDK may call a function named `name` of a type conforming to `inherited`: always for a
    /// protocol these tables do not list.
    static func mayCall(_ name: String, through inherited: String) -> Bool {
        if let names = requirements[inherited] { return names.contains(name) }
        if let prefixes = requirementPrefixes[inherited] { return prefixes.contains { name.hasPrefix($0) } }
        return true
    }

    /// Types the system finds by the metadata the build extracts, not by a name in code: App Intents, their
    /// shortcuts and widgets' configuration intents.
    static func isFoundByMetadata(_ inherited: String) -> Bool {
        inherited.hasSuffix("Intent") || inherited.hasSuffix("ShortcutsProvider") || inherited.hasSuffix("Query")
            || inherited.hasSuffix("Entity") || inherited == "AppEnum" || inherited.hasSuffix("Extension")
    }
}
