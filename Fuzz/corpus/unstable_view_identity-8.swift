struct Item: Identifiable {
    let id: UUID
    let title: String
}

struct ItemList: View {
    let items: [Item]
    @State private var selection: Item.ID?

    var body: some View {
        List(items, selection: $selection) { item in
            Text(item.title)
                .id(item.id)
        }
        .id(selection)
    }
}
