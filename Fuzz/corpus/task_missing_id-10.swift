struct DetailView: View {
    let itemID: Int
    @State private var model: DetailModel

    init(itemID: Int) {
        self.itemID = itemID
        _model = State(initialValue: DetailModel(id: itemID))
    }

    var body: some View {
        Text(model.title)
            .task { await model.load() }
    }
}
