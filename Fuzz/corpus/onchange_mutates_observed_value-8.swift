@Observable final class FilterModel {
    var filter = ""
    var matches: [String] = []
}

struct FilterView: View {
    @Bindable var model: FilterModel

    var body: some View {
        TextField("Filter", text: $model.filter)
            .onChange(of: model.filter) { _, newValue in
                model.matches = lookup(newValue)
            }
    }
}
