import SwiftUI

struct TimerView: View {
    var body: some View {
        Text("Tick").task {
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
