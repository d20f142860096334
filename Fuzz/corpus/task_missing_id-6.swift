struct Prefetch: ViewModifier {
    let url: URL

    func body(content: Content) -> some View {
        content.task { await ImageCache.shared.prefetch(url) }
    }
}
