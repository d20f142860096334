struct ClockView: View {
    @State private var now = Date()

    var body: some View {
        let _ = DispatchQueue.main.asyncAfter(deadline: .now() + 1) { now = Date() }
        Text(now, style: .time)
    }
}
