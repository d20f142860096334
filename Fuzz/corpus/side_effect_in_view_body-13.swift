struct DebugView: View {
    let title: String

    var body: some View {
        let _ = Self._printChanges()
        Text(title)
    }
}
