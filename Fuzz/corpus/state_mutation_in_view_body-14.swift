final class Counter {
    var value = 0

    func render() -> String {
        value += 1
        return "\(value)"
    }
}
