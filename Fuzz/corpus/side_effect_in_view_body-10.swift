struct LastSyncView: View {
    var body: some View {
        let lastSync = UserDefaults.standard.string(forKey: "lastSync") ?? "never"
        Text("Last sync: \(lastSync)")
            .onReceive(NotificationCenter.default.publisher(for: .syncDidFinish)) { _ in
                print("synced")
            }
    }
}
