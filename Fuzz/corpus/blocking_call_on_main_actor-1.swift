@concurrent nonisolated func loadDocument(at url: URL) async throws -> Data {
    try Data(contentsOf: url)
}
