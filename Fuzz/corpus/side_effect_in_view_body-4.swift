struct AvatarList: View {
    let urls: [URL]

    var body: some View {
        List(urls, id: \.self) { url in
            let _ = URLSession.shared.dataTask(with: url).resume()
            Text(url.lastPathComponent)
        }
    }
}
