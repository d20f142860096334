final class AppStore {
    var account: Account?
    func refresh() async {}
}

struct AccountView: View {
    let store: AppStore

    var body: some View {
        Text(store.account?.name ?? "")
            .task { await store.refresh() }
    }
}
