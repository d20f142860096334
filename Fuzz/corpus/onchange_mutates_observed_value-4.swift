struct VolumeSlider: View {
    @State private var volume = 0.5

    var body: some View {
        Slider(value: $volume)
            .onChange(of: self.volume) { _, newValue in
                if newValue > 0.9 {
                    withAnimation {
                        self.volume = 0.9
                    }
                }
            }
    }
}
