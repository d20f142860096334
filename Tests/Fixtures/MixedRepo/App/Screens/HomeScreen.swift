import SwiftUI

struct HomeScreen: View {
    var body: some View { Text("Home") }
}
