import Foundation
import UIKit

struct Report: Decodable {
    var entries: [String]
    var generatedAt: Date
}

/// Pre-async code from the 2019 version of the app.
final class ReportLoader {
    private let url: URL
    private let queue = DispatchQueue(label: "com.photojournal.reports", qos: .utility)

    init(url: URL) {
        self.url = url
    }

    func load(completion: @escaping (Report?) -> Void) {
        queue.async {
            let data = try? Data(contentsOf: self.url)
            let report = data.flatMap { try? JSONDecoder().decode(Report.self, from: $0) }
            DispatchQueue.main.async {
                completion(report)
            }
        }
    }

    /// "Quick fix" from a crash report: the completion must run on the main thread.
    func loadOnMain(completion: @escaping (Report?) -> Void) {
        DispatchQueue.main.async {
            let data = try? Data(contentsOf: self.url) // expect-low-cost: sync_work_in_main_actor_task
            completion(data.flatMap { try? JSONDecoder().decode(Report.self, from: $0) }) // one cause with the read above
        }
    }

    func loadAll(_ urls: [URL]) -> [Report] {
        let group = DispatchGroup()
        var reports: [Report] = []
        let lock = NSLock()
        for url in urls {
            group.enter()
            URLSession.shared.dataTask(with: url) { data, _, _ in
                if let data, let report = try? JSONDecoder().decode(Report.self, from: data) {
                    lock.lock()
                    reports.append(report)
                    lock.unlock()
                }
                group.leave()
            }.resume()
        }
        group.wait()
        return reports
    }
}

final class ReportViewController: UIViewController {
    private let textView = UITextView()
    private var report: Report?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textView)
        DispatchQueue.global(qos: .userInitiated).async {
            let loader = ReportLoader(url: URL(fileURLWithPath: "/tmp/report.json"))
            let reports = loader.loadAll([URL(string: "https://api.photojournal.app/v2/report")!])
            DispatchQueue.main.sync {
                self.report = reports.first
                self.textView.text = reports.first?.entries.joined(separator: "\n")
            }
        }
    }

    func printSummary() {
        let summary = report?.entries.prefix(3).joined(separator: ", ") ?? "none"
        DispatchQueue.main.async {
            self.title = summary
        }
    }
}
