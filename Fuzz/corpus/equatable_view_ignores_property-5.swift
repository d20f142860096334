struct ProgressRow: View, Equatable {
    let task: TaskItem
    let progress: Double
    @State private var isExpanded = false

    var body: some View {
        VStack {
            Text(task.title)
            if isExpanded {
                ProgressView(value: progress)
            }
        }
    }

    static func == (lhs: ProgressRow, rhs: ProgressRow) -> Bool {
        return lhs.task == rhs.task
    }
}
