struct ReportView: View {
    let report: Report

    var body: some View {
        VStack {
            header
            Text(report.body)
        }
    }

    private var header: some View {
        let _ = Task.detached(priority: .utility) { await Analytics.shared.track("report") }
        return Text(report.title).font(.headline)
    }
}
