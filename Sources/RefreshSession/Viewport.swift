/// A viewport size given as "WxH" (points, each side 10 to 10000).
public struct Viewport: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 10, h >= 10, w <= 10_000, h <= 10_000 else { return nil }
        width = w
        height = h
    }
}
