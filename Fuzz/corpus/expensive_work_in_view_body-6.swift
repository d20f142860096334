struct ThumbnailView: View {
    let imageData: Data

    var body: some View {
        if let image = NSImage(data: imageData) {
            Image(nsImage: image)
        }
    }
}
