import RefreshLayers

extension Array where Element == LayerSnapshot {
    /// The layer whose subtree (itself included) has a layer filled with `color`
    /// and that is `width` x `height`: finds a style's parts without knowing its ids.
    public func group(size: Double, containing color: RGBA) -> LayerSnapshot? {
        first { candidate in
            candidate[.width] == size && candidate[.height] == size
                && contains { $0.fill == color && isInside($0, candidate) }
        }
    }

    public func isInside(_ layer: LayerSnapshot, _ ancestor: LayerSnapshot) -> Bool {
        var current: LayerSnapshot? = layer
        while let c = current {
            if c.id == ancestor.id { return true }
            current = c.parent.flatMap { p in first { $0.id == p } }
        }
        return false
    }

    public func layer(_ id: LayerID) -> LayerSnapshot? { first { $0.id == id } }
    public func children(of id: LayerID) -> [LayerSnapshot] { filter { $0.parent == id } }
}

extension RGBA {
    public static func hex(_ text: String) -> RGBA { RGBA(hex: text)! }

    public func isClose(to other: RGBA, _ tolerance: Double = 1e-6) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}
