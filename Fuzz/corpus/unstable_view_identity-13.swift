final class Importer {
    func makeRows(_ titles: [String]) -> [Row] {
        titles.map { Row(id: UUID(), title: $0) }
    }
}
