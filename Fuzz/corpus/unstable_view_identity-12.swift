struct ResettableForm: View {
    @State private var formID = UUID()

    var body: some View {
        VStack {
            SignupFields()
                .id(formID)
            Button("Start over") { formID = UUID() }
        }
    }
}
