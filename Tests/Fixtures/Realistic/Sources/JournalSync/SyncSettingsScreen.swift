import SwiftUI

final class SyncScheduler {
    private(set) var interval = 15
    private var timer: Timer?

    func reschedule(every minutes: Int) {
        interval = minutes
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: TimeInterval(minutes * 60), repeats: true) { _ in
            Task { await SyncEngine().syncNow() }
        }
    }
}

private let logURL = FileManager.default.temporaryDirectory.appendingPathComponent("sync.log")

/// Unannotated: main-actor under default isolation, so the read happens on the main thread.
func readLastLog() -> String {
    let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" // expect-low-cost: blocking_call_on_main_actor
    return text.split(separator: "\n").last.map(String.init) ?? "No syncs yet"
}

struct SyncSettingsScreen: View {
    @AppStorage("syncInterval") private var interval = 15
    @State private var scheduler = SyncScheduler()
    @State private var lastLog = ""

    var body: some View {
        Form {
            Stepper("Every \(interval) minutes", value: $interval, in: 5...120, step: 5)
                .onChange(of: interval) { _, minutes in
                    scheduler.reschedule(every: minutes)
                }
            Section("Last sync") {
                Text(lastLog)
            }
        }
        .onAppear {
            lastLog = readLastLog()
        }
    }
}
