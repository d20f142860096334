struct PagedList: View {
    let pageSize = 20
    let onLoad: () async -> Void
    @State private var items: [Item] = []

    var body: some View {
        List(items) { item in
            Text(item.title)
        }
        .task {
            await onLoad()
            items = await fetch(limit: pageSize)
        }
    }
}
