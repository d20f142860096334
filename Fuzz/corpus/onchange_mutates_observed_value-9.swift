struct ToggleCounter: View {
    @State private var isOn = false
    @State private var count = 0

    var body: some View {
        Toggle("On", isOn: $isOn)
            .onChange(of: isOn) {
                guard isOn else { return }
                count += 1
            }
    }
}
