struct ArticleView: View {
    let articleID: Article.ID
    @StateObject private var model = ArticleModel()

    var body: some View {
        ScrollView {
            Text(model.text)
        }
        .task { await reload() }
    }

    private func reload() async {
        await model.load(articleID)
    }
}
