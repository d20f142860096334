extension Double {
    /// The number with at most `maxFractionDigits` decimals and no trailing zeros ("8.3", "100").
    ///
    /// Foundation's formatters are avoided on purpose: this library only needs milliseconds in
    /// messages and stays usable where Foundation's locale data is not.
    func formatted(maxFractionDigits: Int) -> String {
        guard isFinite else { return String(self) }
        var scale = 1.0
        for _ in 0..<maxFractionDigits { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Milliseconds in messages: one decimal ("312.4 ms").
    var milliseconds: String { "\(formatted(maxFractionDigits: 1)) ms" }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
