struct NameField: View {
    @Binding var name: String

    var body: some View {
        TextField("Name", text: Binding(
            get: { name },
            set: { name = $0.trimmingCharacters(in: .whitespaces) }
        ))
    }
}
