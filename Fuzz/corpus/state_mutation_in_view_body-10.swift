struct DragHandle: View {
    @State private var offset: CGFloat = 0
    @GestureState private var drag: CGFloat = 0

    var body: some View {
        Circle()
            .offset(x: offset + drag)
            .gesture(
                DragGesture()
                    .updating($drag) { value, state, _ in
                        state = value.translation.width
                    }
                    .onEnded { value in
                        offset += value.translation.width
                    }
            )
    }
}
