import MapKit
import UIKit
import WebKit

/// Drives search for the notes list; UIKit calls it on the main thread.
final class NotesSearchCoordinator: NSObject, UISearchResultsUpdating {
    private(set) var results: [NoteDTO] = []
    var allNotes: [NoteDTO] = []
    private let indexURL = FileManager.default.temporaryDirectory.appendingPathComponent("search-index.plist")

    func updateSearchResults(for searchController: UISearchController) {
        let query = searchController.searchBar.text ?? ""
        let index = (try? Data(contentsOf: indexURL)) // expect: blocking_call_on_main_actor
            .flatMap { try? PropertyListDecoder().decode([String: [UUID]].self, from: $0) } ?? [:] // expect: blocking_call_on_main_actor
        let ids = Set(index[query.lowercased()] ?? [])
        results = allNotes.filter { ids.contains($0.id) }
    }
}

final class ArticleWebViewController: NSObject, WKNavigationDelegate {
    let webView = WKWebView()
    private let offlineURL = FileManager.default.temporaryDirectory.appendingPathComponent("article.html")

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        if let html = try? String(contentsOf: offlineURL, encoding: .utf8) { // expect-low-cost: blocking_call_on_main_actor
            webView.loadHTMLString(html, baseURL: nil)
        }
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        webView.evaluateJavaScript("document.title") { title, _ in
            webView.accessibilityLabel = title as? String
        }
    }
}

final class PlacesMapDelegate: NSObject, MKMapViewDelegate {
    func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView? {
        let view = mapView.dequeueReusableAnnotationView(withIdentifier: "pin") ?? MKMarkerAnnotationView(annotation: annotation, reuseIdentifier: "pin")
        view.annotation = annotation
        return view
    }

    func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {
        let center = mapView.region.center
        Task {
            let cached = loadCachedTiles(near: center) // expect-low-cost: sync_work_in_main_actor_task
            mapView.accessibilityValue = "\(cached) tiles"
        }
    }
}

func loadCachedTiles(near center: CLLocationCoordinate2D) -> Int {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiles")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix("\(Int(center.latitude))") }.count
}

final class NoteTextView: UITextView {
    var autosaveURL: URL?

    override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window != nil, let autosaveURL else { return }
        text = try? String(contentsOf: autosaveURL, encoding: .utf8) // expect-low-cost: blocking_call_on_main_actor
    }
}

final class RatingControl: UIControl {
    private(set) var rating = 0

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        rating = (rating + 1) % 6
        sendActions(for: .valueChanged)
        Thread.sleep(forTimeInterval: 0.05) // expect-low-cost: blocking_call_on_main_actor
    }
}

/// Types a saved signature into the focused text field, one key event at a time.
final class SignatureTyper: UIViewController {
    var signature = ""
    var onKey: ((Character) -> Void)?

    @IBAction func insertSignature(_ sender: UIButton) {
        for character in signature {
            onKey?(character)
            usleep(20_000) // expect: blocking_call_on_main_actor
        }
    }
}
