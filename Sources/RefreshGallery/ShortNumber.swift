/// Numbers without a trailing ".0" and at most `decimals` places, the same on every run.
func shortNumber(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
