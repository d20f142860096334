import Foundation

enum APIError: Error {
    case badStatus(Int)
    case emptyBody
}

extension URL {
    static let remoteConfig = URL(string: "https://api.photojournal.app/v2/config")!
    static let feed = URL(string: "https://api.photojournal.app/v2/feed")!
}

/// Thin wrapper around URLSession; not isolated to any actor.
final class APIClient: @unchecked Sendable {
    static let shared = APIClient()

    private let session: URLSession
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    init(session: URLSession = .shared) {
        self.session = session
    }

    func fetch<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T {
        let (data, response) = try await session.data(from: url)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw APIError.badStatus(http.statusCode)
        }
        return try decoder.decode(T.self, from: data)
    }

    /// Older call sites still use the completion-handler flavour.
    func fetchFeed(page: Int, completion: @escaping (Result<[Post], Error>) -> Void) {
        var components = URLComponents(url: .feed, resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "page", value: String(page))]
        session.dataTask(with: components.url!) { data, _, error in
            let result: Result<[Post], Error>
            if let error {
                result = .failure(error)
            } else if let data {
                result = Result { try JSONDecoder().decode([Post].self, from: data) }
            } else {
                result = .failure(APIError.emptyBody)
            }
            DispatchQueue.main.async {
                completion(result)
            }
        }.resume()
    }

    /// Kept for the share extension, which has no async context.
    func fetchDataSynchronously(from url: URL) -> Data? {
        let semaphore = DispatchSemaphore(value: 0)
        var received: Data?
        session.dataTask(with: url) { data, _, _ in
            received = data
            semaphore.signal()
        }.resume()
        semaphore.wait()
        return received
    }

    func logout(completion: @escaping () -> Void) {
        var request = URLRequest(url: URL(string: "https://api.photojournal.app/v2/session")!)
        request.httpMethod = "DELETE"
        session.dataTask(with: request) { _, _, _ in completion() }.resume()
    }
}
