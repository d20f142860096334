struct ThemeSummary: View {
    let theme: String

    var body: some View {
        NotificationCenter.default.post(name: .themeDidRender, object: nil)
        UserDefaults.standard.set(theme, forKey: "lastTheme")
        return Text(theme)
    }
}
