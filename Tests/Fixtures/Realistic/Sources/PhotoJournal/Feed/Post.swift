import Foundation

struct Post: Codable, Identifiable, Hashable {
    let id: Int
    var title: String
    var body: String
    var imageURL: URL?
    var createdAt: Date
    var likes: Int
}

enum CSVExporter {
    static func makeCSV(_ posts: [Post]) -> String {
        var lines = ["id,title,likes,created"]
        for post in posts {
            let title = post.title.replacingOccurrences(of: "\"", with: "\"\"")
            lines.append("\(post.id),\"\(title)\",\(post.likes),\(post.createdAt.timeIntervalSince1970)")
        }
        return lines.joined(separator: "\n")
    }

    static func header() -> String { "id,title,likes,created" }
}
