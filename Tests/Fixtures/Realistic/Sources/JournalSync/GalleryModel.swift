import CoreGraphics
import Foundation
import ImageIO
import Observation

struct ThumbnailRenderer {
    var maxPixelSize = 256

    /// Unannotated under default isolation MainActor: main-actor, and awaited from main-actor code.
    func render(_ urls: [URL]) async -> [CGImage] {
        var images: [CGImage] = []
        for url in urls {
            guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
                  let image = CGImageSourceCreateThumbnailAtIndex(source, 0, [ // expect: blocking_call_on_main_actor
                      kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
                      kCGImageSourceCreateThumbnailFromImageAlways: true,
                  ] as CFDictionary)
            else { continue }
            images.append(image)
        }
        return images
    }
}

actor MetadataStore {
    private var captions: [URL: String] = [:]

    func caption(for url: URL) -> String? { captions[url] }

    func reindex(_ urls: [URL]) {
        for url in urls {
            captions[url] = url.deletingPathExtension().lastPathComponent
        }
    }
}

@Observable
final class GalleryModel {
    private(set) var thumbnails: [CGImage] = []
    private(set) var captions: [String] = []
    private let metadata = MetadataStore()
    private let renderer = ThumbnailRenderer()

    func refresh(urls: [URL]) async {
        thumbnails = await renderer.render(urls) // expect: async_function_runs_on_main_actor
        await metadata.reindex(urls)
        var loaded: [String] = []
        for url in urls.prefix(20) {
            loaded.append(await metadata.caption(for: url) ?? "")
        }
        captions = loaded
    }

    func prefetch(urls: [URL]) async {
        let images = await renderOffMain(urls)
        thumbnails.append(contentsOf: images)
    }

    func titleText(count: Int) -> String {
        count == 1 ? "1 photo" : "\(count) photos"
    }
}

@concurrent
nonisolated func renderOffMain(_ urls: [URL]) async -> [CGImage] {
    urls.compactMap { url in
        CGImageSourceCreateWithURL(url as CFURL, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }
}
