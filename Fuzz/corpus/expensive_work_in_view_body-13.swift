struct PhotoView: View {
    let url: URL

    var body: some View {
        AsyncImage(url: url) { image in
            image.resizable()
        } placeholder: {
            ProgressView()
        }
        .task {
            let decoder = JSONDecoder()
            await prefetch(url, decoder)
        }
    }
}
