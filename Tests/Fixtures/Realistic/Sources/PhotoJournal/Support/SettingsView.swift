import SwiftUI

@Observable
final class SettingsModel {
    var syncOverCellular = UserDefaults.standard.bool(forKey: "syncOverCellular")
    var thumbnailQuality = 0.8
    private(set) var cacheSize = "—"

    func computeCacheSize() async {
        let directory = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        var total = 0
        for file in files {
            total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        cacheSize = ByteCountFormatter.string(fromByteCount: Int64(total), countStyle: .file)
    }
}

struct SettingsView: View {
    @State private var model = SettingsModel()
    @State private var showsResetConfirmation = false

    var body: some View {
        Form {
            Toggle("Sync over cellular", isOn: $model.syncOverCellular)
                .onChange(of: model.syncOverCellular) { _, newValue in
                    UserDefaults.standard.set(newValue, forKey: "syncOverCellular")
                }
            Slider(value: $model.thumbnailQuality, in: 0.3...1.0)
            LabeledContent("Cache", value: model.cacheSize)
            Button("Reset all settings", role: .destructive) {
                showsResetConfirmation = true
            }
            Button("Reload") {
                // Give the sheet time to animate away before the list reloads.
                Thread.sleep(forTimeInterval: 0.35) // expect: blocking_call_on_main_actor
                NotificationCenter.default.post(name: .init("settingsReloaded"), object: nil)
            }
        }
        .task {
            await model.computeCacheSize()
        }
        .confirmationDialog("Reset?", isPresented: $showsResetConfirmation) {
            Button("Reset", role: .destructive) {
                UserDefaults.standard.removePersistentDomain(forName: Bundle.main.bundleIdentifier ?? "")
            }
        }
    }
}
