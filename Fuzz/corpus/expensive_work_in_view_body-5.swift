struct HighlightModifier: ViewModifier {
    let pattern: String

    func body(content: Content) -> some View {
        let regex = try? Regex(pattern)
        return content.overlay(regex == nil ? Color.red : Color.clear)
    }
}
