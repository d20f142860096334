final class CartModel: ObservableObject {
    @Published var items: [String] = []
    @Published var lastViewed = Date.distantPast
}

struct CartView: View {
    @ObservedObject var cart: CartModel

    var body: some View {
        List {
            ForEach(cart.items, id: \.self) { item in
                row(for: item)
            }
        }
    }

    private func row(for item: String) -> some View {
        cart.lastViewed = Date()
        return Text(item)
    }
}
