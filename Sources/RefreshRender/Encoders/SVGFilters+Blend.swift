import RefreshLayers

/// rh.effects/1's operators on an SVG page as CSS blend modes, so the layer
/// stays vectors: the layer's group gets `mix-blend-mode`, its parent's group
/// `isolation:isolate` (so it blends with its siblings and the parent's own
/// drawing only, as the parent's offscreen group does in a PNG). Of the
/// operators only add has a CSS equivalent: `plus-lighter` is cairo's ADD,
/// the premultiplied colours summed and clamped. Out, intersect and xor are
/// Porter-Duff operators, which CSS blends cannot express: their parent stays
/// an embedded picture (Rasterizer.drawIsolated).
extension SVGFilters {
    /// The CSS `mix-blend-mode` that draws `op`, nil for none.
    static func cssBlendMode(_ op: CompositeOperator) -> String? {
        switch op {
        case .add: "plus-lighter"
        case .over, .out, .intersect, .xor: nil
        }
    }

    /// Whether a parent whose children use these operators can stay vectors.
    static func blendsAsCSS(_ ops: some Sequence<CompositeOperator>) -> Bool {
        ops.allSatisfy { $0 == .over || cssBlendMode($0) != nil }
    }

    /// Registers `op`'s blend mode; its marker opacity, nil for an operator
    /// with no CSS mode or past the limit.
    func register(blend op: CompositeOperator) -> Double? {
        guard let mode = Self.cssBlendMode(op) else { return nil }
        return register(.blend(mode: mode))
    }

    /// Registers an isolated group; its marker opacity, nil past the limit.
    func registerIsolation() -> Double? { register(.isolate) }
}
