import SwiftUI

struct ContentView: View {
    var body: some View {
        Button("Load") {
            Task {
                let data = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/big.json"))
                print(data?.count ?? 0)
            }
        }
    }
}
