import SwiftSyntax

/// What Apple's SDKs declare about the main actor, as data: which protocols and classes are `@MainActor`
/// (`NS_SWIFT_UI_ACTOR`), which module names qualify SDK types, and which Foundation callbacks run on a
/// queue of their own. `IsolationResolver` reads it; a reviewer who knows UIKit, AppKit or SwiftUI can
/// check it without reading the engine.

/// SDK types whose members run on the main actor.
enum MainActorTypes {
    /// SwiftUI and UIKit/AppKit protocols that are `@MainActor`: conformers' members are main-actor.
    static let protocols: Set<String> = [
        "View", "App", "Scene", "ViewModifier", "Commands", "ToolbarContent", "PreviewProvider",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle",
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate", "NSWindowDelegate",
        "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate",
        // UIKit, WebKit and MapKit delegates marked NS_SWIFT_UI_ACTOR in the SDK headers.
        "UICollectionViewDelegateFlowLayout", "UITableViewDataSourcePrefetching", "UICollectionViewDataSourcePrefetching",
        "UIScrollViewDelegate", "UITextFieldDelegate", "UITextViewDelegate", "UISearchBarDelegate", "UISearchResultsUpdating",
        "UISearchControllerDelegate", "UIGestureRecognizerDelegate", "UINavigationControllerDelegate",
        "UITabBarControllerDelegate", "UIPageViewControllerDataSource", "UIPageViewControllerDelegate",
        "UIAdaptivePresentationControllerDelegate", "UIPopoverPresentationControllerDelegate",
        "UIContextMenuInteractionDelegate", "UIDocumentPickerDelegate", "UIViewControllerTransitioningDelegate",
        "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler", "MKMapViewDelegate",
        "NSTableViewDataSource", "NSTableViewDelegate", "NSOutlineViewDataSource", "NSOutlineViewDelegate",
        "NSCollectionViewDataSource", "NSCollectionViewDelegate", "NSTextFieldDelegate", "NSTextViewDelegate",
        "NSSearchFieldDelegate", "NSMenuDelegate", "NSToolbarDelegate", "NSSplitViewDelegate",
    ]

    /// UIKit/AppKit classes that are `@MainActor`: subclasses' members are main-actor.
    static let classes: Set<String> = [
        "UIViewController", "UIView", "UIResponder", "UITableViewCell", "UICollectionViewCell", "UITableViewController",
        "UICollectionViewController", "UINavigationController", "UITabBarController", "UIPageViewController",
        "UISplitViewController", "UIHostingController", "UIApplication", "UIWindow", "UIControl", "UIButton", "UILabel",
        "UIImageView", "UIScrollView", "UITableView", "UICollectionView", "UIStackView", "UICollectionReusableView",
        "NSViewController", "NSView", "NSWindowController", "NSResponder", "NSWindow", "NSApplication",
        "NSHostingController", "NSHostingView", "NSTableCellView", "NSControl", "NSButton", "NSTableView",
        // Further UIKit/AppKit/WebKit/MapKit views and controllers, which apps subclass directly.
        "UITextView", "UITextField", "UISwitch", "UISlider", "UISegmentedControl", "UIDatePicker", "UIPickerView",
        "UIPageControl", "UIStepper", "UISearchBar", "UIActivityIndicatorView", "UIProgressView", "UIVisualEffectView",
        "UIRefreshControl", "UINavigationBar", "UITabBar", "UIToolbar", "UITableViewHeaderFooterView",
        "UIAlertController", "UISearchController", "UIActivityViewController", "UIImagePickerController",
        "UIDocumentPickerViewController", "UIInputViewController", "UIWindowScene",
        "WKWebView", "MKMapView", "MKAnnotationView", "MKMarkerAnnotationView",
        "NSTextView", "NSTextField", "NSScrollView", "NSOutlineView", "NSCollectionView", "NSCollectionViewItem",
        "NSImageView", "NSStackView", "NSSplitViewController", "NSTabViewController", "NSPanel", "NSVisualEffectView",
        "NSPopover", "NSTableRowView", "NSSegmentedControl", "NSSlider", "NSPopUpButton", "NSSearchField",
        // AppKit's document classes are NS_SWIFT_UI_ACTOR too.
        "NSDocument", "NSPersistentDocument", "NSDocumentController",
    ]
}

/// Apple's and the toolchain's module names, as they qualify types (`os.Logger`, `SwiftUI.Text`).
enum SDKModules {
    static let names: Set<String> = [
        "os", "Foundation", "Swift", "SwiftUI", "UIKit", "AppKit", "Combine", "CoreData", "CoreGraphics", "Dispatch",
        "OSLog", "Darwin", "Glibc", "ObjectiveC", "WebKit", "MapKit", "AVFoundation", "Photos", "SwiftData",
    ]
}

/// C callbacks: a global function with a context pointer (`refcon: UnsafeMutableRawPointer?`) that the file
/// hands, unapplied, to a C API (`CGEvent.tapCreate(..., callback: keyCallback, ...)`,
/// `CFRunLoopObserverCreate`, `IOServiceAddMatchingNotification`). The API calls it on the thread of the run
/// loop or queue its source was added to, whatever isolation Swift gives the declaration: under default
/// isolation MainActor, a `DispatchQueue.main.sync` in an event tap's callback on its own run-loop thread is
/// a hop, not a deadlock (blind round AX).
///
/// ```swift
/// // private func keyCallback(proxy: CGEventTapProxy, type: CGEventType, event: CGEvent,
/// //                          refcon: UnsafeMutableRawPointer?) -> Unmanaged<CGEvent>? { ... }
/// CCallbacks.isCallback(function) // true when the file also writes `callback: keyCallback`
/// ```
enum CCallbacks {
    /// The context pointer every C callback API passes back.
    static let contextTypes: Set<String> = ["UnsafeMutableRawPointer?", "UnsafeRawPointer?", "UnsafeMutableRawPointer", "UnsafeRawPointer"]

    /// C APIs that call the callback handed to them on a thread of their own, never the main thread: a
    /// display link's output callback (`CVDisplayLinkSetOutputCallback`, macOS's display-link thread) and an
    /// audio unit's render callback (`AURenderCallbackStruct(inputProc:)`, a real-time audio thread). Blind
    /// round AY: a visualiser's `render()`, called only from its display link's callback, read as main-thread work.
    static let ownThreadRegistrations: Set<String> = ["CVDisplayLinkSetOutputCallback", "CVDisplayLinkSetOutputHandler", "AURenderCallbackStruct"]

    /// The Swift types of those callbacks: a closure declared as one
    /// (`let callback: CVDisplayLinkOutputCallback = { ... }`) runs on that thread too.
    static let ownThreadTypes: Set<String> = ["CVDisplayLinkOutputCallback", "CVDisplayLinkOutputHandler", "AURenderCallback"]

    /// A top-level function with a context-pointer parameter whose name its file writes unapplied.
    static func isCallback(_ function: FunctionDeclSyntax) -> Bool {
        !unappliedMentions(of: function).isEmpty
    }

    /// A top-level C callback (`isCallback(_:)`) its file hands to one of `ownThreadRegistrations`:
    /// `CVDisplayLinkSetOutputCallback(link, displayLinkCallback, context)`.
    ///
    /// ```swift
    /// // private func displayLinkCallback(..., context: UnsafeMutableRawPointer?) -> CVReturn { view.render() }
    /// CCallbacks.runsOnItsOwnThread(function) // true: the file writes CVDisplayLinkSetOutputCallback(link, displayLinkCallback, ctx)
    /// ```
    static func runsOnItsOwnThread(_ function: FunctionDeclSyntax) -> Bool {
        unappliedMentions(of: function).contains { token in
            guard let argument = token.parent?.parent?.as(LabeledExprSyntax.self),
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let called = CalledName(call) else { return false }
            return called.receiver == nil && ownThreadRegistrations.contains(called.name)
        }
    }

    /// The tokens that name `function`, a top-level function with a context-pointer parameter, without
    /// calling it; none for any other function.
    private static func unappliedMentions(of function: FunctionDeclSyntax) -> [TokenSyntax] {
        guard function.parent?.parent?.parent?.is(SourceFileSyntax.self) == true,
              function.signature.parameterClause.parameters.contains(where: { contextTypes.contains($0.type.trimmedDescription) })
        else { return [] }
        let name = function.name.text
        return function.root.tokens(viewMode: .sourceAccurate).filter { token in
            token.tokenKind == .identifier(name) && token.id != function.name.id
                && token.nextToken(viewMode: .sourceAccurate)?.tokenKind != .leftParen
        }
    }
}

/// `NSFilePresenter`'s callbacks: Foundation calls them on `presentedItemOperationQueue`, a background
/// queue unless the presenter returns the main queue.
enum FilePresenterCallbacks {
    static let names: Set<String> = [
        "presentedItemDidChange", "presentedItemDidMove", "presentedItemDidGain", "presentedItemDidLose",
        "presentedItemDidResolveConflict", "presentedItemDidChangeUbiquityAttributes", "presentedSubitemDidChange",
        "presentedSubitemDidAppear", "presentedSubitem", "accommodatePresentedItemDeletion",
        "accommodatePresentedItemEviction", "accommodatePresentedSubitemDeletion", "relinquishPresentedItem",
        "savePresentedItemChanges",
    ]
}

/// Callbacks of SDK protocols that Swift does not mark `@MainActor` but that the SDK documents as called on
/// the main thread: a conformer's method of that name runs there. Apple on `UIActivityItemSource`: "Because
/// the methods of this protocol are executed on your app's main thread, you should avoid using this
/// protocol in cases where the data objects might take a significant amount of time to create."
/// (Blind round AP's recall hunt: share sources downloading a thumbnail synchronously for the share sheet.)
///
/// ```swift
/// final class VideoShareSource: NSObject, UIActivityItemSource {
///     func activityViewControllerLinkMetadata(_ controller: UIActivityViewController) -> LPLinkMetadata? { ... } // main thread
/// }
/// ```
enum MainThreadCallbacks {
    static let byProtocol: [String: Set<String>] = [
        "UIActivityItemSource": ["activityViewControllerPlaceholderItem", "activityViewController", "activityViewControllerLinkMetadata"],
    ]

    /// Every callback name of `byProtocol`: a function of another name needs no look at its type.
    static let functionNames: Set<String> = Set(byProtocol.values.joined())

    /// The keys of `byProtocol`, for searching a file's bytes (`SourceMentions`).
    static let protocolNames: [StaticString] = ["UIActivityItemSource"]

    /// The protocol, among `inherited`, that documents `function` as a main-thread callback.
    static func protocolCalling(_ function: String, conformances inherited: [String]) -> String? {
        inherited.first { byProtocol[$0]?.contains(function) == true }
    }
}
