/// SwiftUI's API surface as the render-loop rules need it: which argument labels, views and modifiers
/// take closures that build content while `body` is evaluated, and which run them later on an event.
/// `ViewBodyEvaluation` reads it.

/// The SwiftUI and standard-library API names that decide when a closure runs.
enum SwiftUICallbacks {
    /// Controls whose trailing closure, when it takes a parameter, is `onEditingChanged`.
    static let controlsWithEditingCallbacks: Set<String> = ["Slider", "Stepper", "TextField", "SecureField"]
    /// Gestures whose `.onChanged` or `.updating` runs per frame while the pointer or fingers move.
    static let continuousGestures: Set<String> = [
        "DragGesture", "MagnifyGesture", "MagnificationGesture", "RotateGesture", "RotationGesture",
    ]

    /// Argument labels of closures that run on an event, later.
    static let laterLabels: Set<String> = [
        "action", "perform", "onDismiss", "onCompletion", "completion", "completionHandler", "handler",
        "onEditingChanged", "onCommit", "onIncrement", "onDecrement", "get", "set", "primaryAction",
        "onDelete", "onMove", "onEnded", "onChanged", "onSubmit", "onSelect", "onTap", "operation",
    ]
    /// Argument labels of view-building closures.
    static let contentLabels: Set<String> = [
        "content", "label", "header", "footer", "destination", "placeholder", "icon", "title", "message",
        "actions", "detail", "sidebar", "leading", "trailing", "description", "currentValueLabel",
        "minimumValueLabel", "maximumValueLabel", "preview", "background", "overlay",
    ]
    /// Views and containers whose unlabeled closure builds content.
    static let contentViews: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "List", "ForEach", "Group", "Section", "ScrollView", "ScrollViewReader", "GeometryReader",
        "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "TabView", "Form",
        "ViewThatFits", "Menu", "DisclosureGroup", "GroupBox", "ControlGroup", "Picker", "LabeledContent",
        "Label", "Toggle", "Table", "ToolbarItem", "ToolbarItemGroup", "Link", "TimelineView", "Stepper",
        "Slider", "DatePicker", "ColorPicker", "ProgressView", "Gauge", "ContentUnavailableView", "Tab",
        "AnyView", "PhotosPicker", "ShareLink", "AsyncImage",
    ]
    /// Modifiers whose unlabeled closure builds content.
    static let contentModifiers: Set<String> = [
        "overlay", "background", "mask", "toolbar", "safeAreaInset", "sheet", "fullScreenCover", "popover",
        "alert", "confirmationDialog", "contextMenu", "swipeActions", "navigationDestination",
        "searchSuggestions", "tabItem", "overlayPreferenceValue", "backgroundPreferenceValue", "inspector",
    ]
    /// Methods that call their closure before returning.
    static let synchronousMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "forEach", "sorted", "sort", "first", "last",
        "contains", "allSatisfy", "min", "max", "firstIndex", "lastIndex", "drop", "prefix", "partition",
        "split", "mapValues", "compactMapValues", "removeAll", "count",
    ]
    /// Protocols of the content a result builder makes (`var header: some View`, `var body: some Scene`):
    /// a computed property of one of these types builds content for SwiftUI to evaluate, it does no work
    /// a caller waits for.
    static let builtContent: Set<String> = ["View", "Scene", "Commands", "ToolbarContent", "ChartContent", "MapContent", "TableRowContent"]

    /// Free functions that call their closure before returning.
    static let synchronousFunctions: Set<String> = ["withAnimation", "withTransaction"]
}

/// SwiftUI views whose identity holds state that is costly to lose: rebuilt under a new identity, a list or
/// a scroll view loses its scroll position and rebuilds every row, a text field loses its focus and text
/// selection. `unstable_view_identity` reports a fresh `.id(...)` by default only on these.
enum SwiftUIViewState {
    static let costlyToRebuild: Set<String> = [
        "List", "ScrollView", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "ForEach", "Table", "OutlineGroup",
        "Form", "TabView", "NavigationStack", "NavigationView", "NavigationSplitView", "TextField", "TextEditor",
        "SecureField", "Map", "VideoPlayer", "WebView", "ScrollViewReader",
    ]
}
