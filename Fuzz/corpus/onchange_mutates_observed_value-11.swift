struct CodeField: View {
    @State private var code = ""

    var body: some View {
        TextField("Code", text: Binding(
            get: { code },
            set: { code = String($0.prefix(6)) }
        ))
        .onChange(of: code) { _, newValue in
            print("code is now \(newValue)")
        }
    }
}
