struct Temperature: Equatable {
    let celsius: Double
    let recordedAt: Date

    static func == (lhs: Temperature, rhs: Temperature) -> Bool {
        lhs.celsius == rhs.celsius
    }
}
