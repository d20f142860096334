struct AuditModifier: ViewModifier {
    let screen: String
    let logURL: URL

    func body(content: Content) -> some View {
        try? Data(screen.utf8).write(to: logURL, options: .atomic)
        return content
    }
}
