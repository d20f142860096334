struct ThemePicker: View {
    @AppStorage("theme") private var theme = "light"

    var body: some View {
        Picker("Theme", selection: $theme) {
            Text("Light").tag("light")
            Text("Dark").tag("dark")
        }
        .onChange(of: theme) {
            UserDefaults.standard.set(Date(), forKey: "themeChangedAt")
            NotificationCenter.default.post(name: .themeDidChange, object: nil)
        }
    }
}
