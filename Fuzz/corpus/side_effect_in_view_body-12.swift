struct UploadButton: View {
    let fileURL: URL
    let uploadURL: URL

    var body: some View {
        Button("Upload") {
            var request = URLRequest(url: uploadURL)
            request.httpMethod = "POST"
            URLSession.shared.uploadTask(with: request, fromFile: fileURL).resume()
        }
    }
}
