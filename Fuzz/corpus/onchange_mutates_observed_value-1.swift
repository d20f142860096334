struct CodeField: View {
    @State private var code = ""

    var body: some View {
        TextField("Code", text: $code)
            .onChange(of: code) {
                code = String(code.prefix(6))
            }
    }
}
