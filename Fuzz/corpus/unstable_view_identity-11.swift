struct Todo: Identifiable {
    let id: UUID
    var title: String
}

struct TodoList: View {
    @State private var todos: [Todo] = []

    var body: some View {
        List {
            ForEach(todos.sorted { $0.title < $1.title }) { todo in
                Text(todo.title)
            }
        }
        .toolbar {
            Button("Add") {
                todos.append(Todo(id: UUID(), title: "New"))
            }
        }
    }
}
