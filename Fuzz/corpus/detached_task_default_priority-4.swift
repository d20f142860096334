import SwiftUI

struct ExportView: View {
    var body: some View {
        Button("Export") {
            Task.detached {
                print("exporting")
            }
        }
    }
}
