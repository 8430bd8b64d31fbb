/// ABI 1.2's drawing state that is set, not tweened: dash patterns, masks and fonts.
extension LayerTree {
    /// RH_DASH_MAX_COUNT.
    public static let maxDashCount = 32

    /// Why a dash pattern is refused, nil when it is valid ([] is solid).
    public static func dashProblem(_ lengths: [Double]) -> LayerError? {
        guard lengths.count <= maxDashCount else {
            return .tooLarge("dash pattern of \(lengths.count) lengths (at most \(maxDashCount))")
        }
        for (i, v) in lengths.enumerated() where !(v.isFinite && v >= 0 && v <= 1e6) {
            return .invalidDash("dash length \(i) = \(v) is out of range [0, 1e6]")
        }
        if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
            return .invalidDash("dash lengths are all 0")
        }
        return nil
    }

    /// The stroke's dash pattern of a shape or text layer; [] makes it solid.
    public func setDash(_ lengths: [Double], on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard n.kind != .group && n.kind != .image else { throw .noStroke(id, n.kind) }
        if let problem = LayerTree.dashProblem(lengths) { throw problem }
        n.dash = lengths
    }

    public func dash(of id: LayerID) throws(LayerError) -> [Double] {
        try node(id).dash
    }

    /// Masks `id` with its direct child `mask` (nil removes the mask).
    public func setMask(_ mask: LayerMask?, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard let mask else {
            n.mask = nil
            return
        }
        let m = try node(mask.layer)
        guard m.parent == id else { throw .invalidMask("layer \(mask.layer) is not a direct child of layer \(id)") }
        if mask.mode == .path && !(m.kind == .path || m.kind == .rect || m.kind == .ellipse) {
            throw .invalidMask("a path mask needs a path, rect or ellipse layer; layer \(mask.layer) is a \(m.kind.name) layer")
        }
        n.mask = mask
    }

    public func mask(of id: LayerID) throws(LayerError) -> LayerMask? {
        try node(id).mask
    }

    /// A text layer's font; nil restores the default.
    public func setFont(_ font: FontSpec?, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard n.kind == .text else { throw .wrongKind(id, expected: .text) }
        if let problem = font?.problem { throw .invalidFont(problem) }
        n.font = font
    }

    public func font(of id: LayerID) throws(LayerError) -> FontSpec? {
        try node(id).font
    }
}
