import SwiftUI

struct SettingsView: View {
    var body: some View {
        Button("Save") {
            sleep(1)
        }
    }
}
