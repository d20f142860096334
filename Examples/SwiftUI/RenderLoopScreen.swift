// NOT compiled: no target includes Examples/SwiftUI (SwiftUI does not exist on Linux).
// `swift run mainguard lint Examples` reads it as text and must report exactly the seven
// render-loop problems marked below, once each, and nothing for their fixes.
import SwiftUI

/// A customer's orders. Each part of the screen is written twice, side by side: first with one
/// render-loop problem (the comment names the rule that reports it), then fixed.
struct RenderLoopScreen: View {
    let customer: String
    @State private var model = OrdersModel()
    @State private var selection: Order.ID?

    var body: some View {
        NavigationStack {
            List {
                UnseenBadgeProblem(model: model)
                UnseenBadgeFixed(model: model)
                OrdersLoaderProblem(customer: customer, model: model)
                OrdersLoaderFixed(customer: customer, model: model)
                OrderDatesProblem(orders: model.orders)
                OrderDatesFixed(orders: model.orders, photos: model.photos)
                OrderPagesProblem()
                OrderPagesFixed()
                OrderListProblem(orders: model.orders)
                OrderListFixed(orders: model.orders, customer: customer)
                ForEach(model.orders) { order in
                    NavigationLink(value: order.id) {
                        OrderRowProblem(order: order, isSelected: order.id == selection)
                        OrderRowFixed(order: order, isSelected: order.id == selection)
                    }
                }
            }
            .navigationTitle(customer)
            .navigationDestination(for: Order.ID.self) { orderID in
                OrderDetailProblem(orderID: orderID)
                OrderDetailFixed(orderID: orderID)
            }
        }
        .task(id: customer) { await model.load(customer: customer) }
    }
}

// MARK: 1. state_mutation_in_view_body

struct UnseenBadgeProblem: View {
    @Bindable var model: OrdersModel

    var body: some View {
        Text(label)
    }

    private var label: String {
        model.unseenCount = 0 // state_mutation_in_view_body: writes the model while body is evaluated
        return "\(model.orders.count) orders"
    }
}

struct UnseenBadgeFixed: View {
    @Bindable var model: OrdersModel

    var body: some View {
        Text("\(model.orders.count) orders")
            .onAppear { model.unseenCount = 0 }
    }
}

// MARK: 2. side_effect_in_view_body

struct OrdersLoaderProblem: View {
    let customer: String
    let model: OrdersModel

    var body: some View {
        let _ = Task { await model.load(customer: customer) } // side_effect_in_view_body: a new load per evaluation
        Text("\(model.orders.count) orders for \(customer)")
    }
}

struct OrdersLoaderFixed: View {
    let customer: String
    let model: OrdersModel

    var body: some View {
        Text("\(model.orders.count) orders for \(customer)")
            .task(id: customer) { await model.load(customer: customer) }
    }
}

// MARK: 3. expensive_work_in_view_body

struct OrderDatesProblem: View {
    let orders: [Order]

    var body: some View {
        ForEach(orders) { order in
            // expensive_work_in_view_body: decodes every row's photo on every evaluation.
            Image(uiImage: UIImage(data: order.photo) ?? UIImage())
            Text(order.placedAt, format: .dateTime.day().month().year())
        }
    }
}

struct OrderDatesFixed: View {
    let orders: [Order]
    /// Decoded once by the model, off the main actor.
    let photos: [Order.ID: UIImage]

    var body: some View {
        ForEach(orders) { order in
            Image(uiImage: photos[order.id] ?? UIImage())
            Text(order.placedAt, format: .dateTime.day().month().year())
        }
    }
}

// MARK: 4. task_missing_id

struct OrderDetailProblem: View {
    let orderID: Order.ID
    @State private var detail: OrderDetail?

    var body: some View {
        Text(detail?.summary ?? "Loading…")
            .task { detail = await fetchDetail(orderID) } // task_missing_id: keeps the first order's detail
    }
}

struct OrderDetailFixed: View {
    let orderID: Order.ID
    @State private var detail: OrderDetail?

    var body: some View {
        Text(detail?.summary ?? "Loading…")
            .task(id: orderID) { detail = await fetchDetail(orderID) }
    }
}

// MARK: 5. unstable_view_identity

struct OrderListProblem: View {
    let orders: [Order]

    var body: some View {
        List(orders) { order in
            Text(order.title)
        }
        .id(UUID()) // unstable_view_identity: rebuilds the list and its scroll position on every evaluation
    }
}

struct OrderListFixed: View {
    let orders: [Order]
    let customer: String

    var body: some View {
        List(orders) { order in
            Text(order.title)
        }
        .id(customer)
    }
}

// MARK: 6. equatable_view_ignores_property

struct OrderRowProblem: View, Equatable {
    let order: Order
    let isSelected: Bool

    var body: some View {
        OrderRowContent(order: order, isSelected: isSelected)
    }

    // equatable_view_ignores_property: a selection change alone is skipped
    static func == (lhs: OrderRowProblem, rhs: OrderRowProblem) -> Bool {
        lhs.order == rhs.order
    }
}

struct OrderRowFixed: View, Equatable {
    let order: Order
    let isSelected: Bool

    var body: some View {
        OrderRowContent(order: order, isSelected: isSelected)
    }

    static func == (lhs: OrderRowFixed, rhs: OrderRowFixed) -> Bool {
        lhs.order == rhs.order && lhs.isSelected == rhs.isSelected
    }
}

struct OrderRowContent: View {
    let order: Order
    let isSelected: Bool

    var body: some View {
        HStack {
            Text(order.title)
            Spacer()
            Text(order.total, format: .currency(code: "EUR"))
        }
        .background(isSelected ? Color.accentColor.opacity(0.2) : Color.clear)
    }
}

// MARK: 7. onchange_mutates_observed_value

struct OrderPagesProblem: View {
    @State private var page = 1
    @State private var orders: [Order] = []

    var body: some View {
        List(orders) { Text($0.title) }
            .task(id: page) {
                orders += await fetchOrders(page: page)
                page += 1 // onchange_mutates_observed_value: each load starts the next, until every page is loaded
            }
    }
}

struct OrderPagesFixed: View {
    @State private var page = 1
    @State private var orders: [Order] = []

    var body: some View {
        List(orders) { order in
            Text(order.title)
                .onAppear { if order.id == orders.last?.id { page += 1 } }
        }
        .task(id: page) { orders += await fetchOrders(page: page) }
    }
}

// MARK: Model

struct Order: Identifiable, Equatable {
    let id: UUID
    var title: String
    var total: Decimal
    var placedAt: Date
    var photo: Data
}

struct OrderDetail {
    var summary: String
}

@MainActor @Observable final class OrdersModel {
    var orders: [Order] = []
    var photos: [Order.ID: UIImage] = [:]
    var unseenCount = 0

    func load(customer: String) async {
        orders = await fetchOrders(customer: customer)
        unseenCount = orders.count
    }
}

nonisolated func fetchOrders(customer: String) async -> [Order] {
    []
}

nonisolated func fetchOrders(page: Int) async -> [Order] {
    []
}

nonisolated func fetchDetail(_ orderID: Order.ID) async -> OrderDetail? {
    nil
}
