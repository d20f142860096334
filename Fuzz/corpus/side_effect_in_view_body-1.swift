struct ProfileView: View {
    @StateObject private var model = ProfileModel()

    var body: some View {
        let _ = Task { await model.load() }
        Text(model.name)
    }
}
