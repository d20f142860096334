struct ProfileView: View {
    @StateObject private var model = ProfileModel()

    var body: some View {
        VStack {
            Text(model.name)
            Button("Reload") {
                Task { await model.load() }
            }
        }
        .task { await model.load() }
        .onAppear {
            DispatchQueue.main.async { model.markSeen() }
        }
    }
}
