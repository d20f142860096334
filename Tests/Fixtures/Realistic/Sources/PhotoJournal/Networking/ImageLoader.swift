import UIKit

actor ImageCache {
    private var images: [URL: UIImage] = [:]
    private var order: [URL] = []
    private let limit = 200

    func image(for url: URL) -> UIImage? {
        images[url]
    }

    func insert(_ image: UIImage, for url: URL) {
        images[url] = image
        order.append(url)
        while order.count > limit {
            images[order.removeFirst()] = nil
        }
    }
}

final class ImageLoader: Sendable {
    static let shared = ImageLoader()
    private let cache = ImageCache()

    func load(_ url: URL, maxPixelSize: CGFloat = 600) async throws -> UIImage {
        if let cached = await cache.image(for: url) {
            return cached
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        guard let image = UIImage(data: data),
              let thumbnail = await image.byPreparingThumbnail(ofSize: CGSize(width: maxPixelSize, height: maxPixelSize))
        else { throw APIError.emptyBody }
        await cache.insert(thumbnail, for: url)
        return thumbnail
    }

    /// Fills the cache for the next screen; nobody waits for it.
    func warmUp(_ urls: [URL]) {
        Task.detached { // expect: detached_task_default_priority
            for url in urls {
                _ = try? await self.load(url, maxPixelSize: 300)
            }
        }
    }
}
