struct BadgeView: View {
    @Binding var count: Int

    var body: some View {
        Text(label)
    }

    private var label: String {
        DispatchQueue.main.async { count = 0 }
        return "\(count) new"
    }
}
