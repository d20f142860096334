/// SDK callbacks that run often: per frame, per row or cell, per keystroke, per selection.
enum FrequentCallbacks {
    /// AppKit, UIKit and SwiftUI representable methods.
    static let functions: Set<String> = [
        "updateNSView", "updateUIView", "updateNSViewController", "updateUIViewController", "draw", "layoutSubviews",
        "layout", "viewDidLayout", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "scrollViewDidScroll",
        "textDidChange", "controlTextDidChange", "textViewDidChange", "textViewDidChangeSelection", "observeValue",
        "mouseMoved", "mouseDragged", "tableView", "collectionView", "outlineView", "tableViewSelectionDidChange",
        "outlineViewSelectionDidChange", "searchBar", "updateSearchResults",
    ]
    /// SwiftUI modifiers and timers whose closure runs on each change, event or tick.
    static let modifiers: Set<String> = [
        "onChange", "onReceive", "onHover", "onContinuousHover", "onScrollGeometryChange", "onGeometryChange",
        "onKeyPress", "scheduledTimer", "onPreferenceChange",
    ]
    /// Database calls that fetch every matching row.
    static let wholeFetches: Set<String> = ["fetchAll", "fetchSet", "fetchCursor", "allRows"]
}
