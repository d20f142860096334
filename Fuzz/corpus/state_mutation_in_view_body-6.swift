struct Highlight: ViewModifier {
    @State private var isOn = false

    func body(content: Content) -> some View {
        isOn.toggle()
        return content.background(isOn ? Color.yellow : Color.clear)
    }
}
