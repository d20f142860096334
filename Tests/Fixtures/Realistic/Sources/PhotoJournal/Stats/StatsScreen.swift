import Charts
import SwiftUI

struct DailyCount: Identifiable {
    let day: Date
    let count: Int
    var id: Date { day }
}

struct ShimmerModifier: ViewModifier {
    @State private var phase = 0.0

    func body(content: Content) -> some View {
        content
            .opacity(0.6 + 0.4 * phase)
            .onAppear {
                withAnimation(.linear(duration: 1).repeatForever(autoreverses: true)) {
                    phase = 1
                }
            }
    }
}

struct StatsScreen: View {
    let counts: [DailyCount]
    @State private var now = Date.now
    private let ticker = Timer.publish(every: 60, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack(alignment: .leading) {
            Text("Updated \(now, style: .relative) ago")
            Chart(counts) { entry in
                BarMark(x: .value("Day", entry.day, unit: .day), y: .value("Notes", entry.count))
            }
            .frame(height: 200)
        }
        .padding()
        .onReceive(ticker) { date in
            now = date
        }
    }
}

struct StatsLoadingView: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(.gray.opacity(0.3))
            .modifier(ShimmerModifier())
    }
}
