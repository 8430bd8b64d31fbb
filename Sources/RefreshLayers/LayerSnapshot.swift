/// One layer as drawn at a given time: presentation values, not model values.
public struct LayerSnapshot: Equatable, Sendable {
    public var id: LayerID
    public var parent: LayerID?
    /// 0 for the snapshot's root(s).
    public var depth: Int
    public var kind: LayerKind
    /// Indexed by LayerProperty.rawValue (count slotCount; index 9 holds a copy of scaleX).
    public var values: [Double]
    public var fill: RGBA
    public var stroke: RGBA
    /// The text of a text layer, nil for other kinds.
    public var text: String?
    /// The path of a path layer, [] for other kinds.
    public var path: [PathElement]
    /// The gradient that paints the fill instead of `fill`, if any (ABI 1.1).
    public var gradient: Gradient?
    // ABI 1.2
    /// The shadow's colour (its alpha is multiplied by shadowOpacity).
    public var shadow: RGBA
    /// The stroke's dash lengths; [] is solid.
    public var dash: [Double]
    /// A direct child drawn as this layer's mask, not as a child.
    public var mask: LayerMask?
    /// A text layer's font; nil is the default.
    public var font: FontSpec?
    /// The image an image layer shows now (a sequence's current frame).
    public var image: RasterImage?
    // ABI 1.5
    /// Blur and compositing (rh.effects/1).
    public var effects: LayerEffects

    public init(
        id: LayerID, parent: LayerID?, depth: Int, kind: LayerKind, values: [Double],
        fill: RGBA, stroke: RGBA, text: String?, path: [PathElement], gradient: Gradient? = nil,
        shadow: RGBA = .black, dash: [Double] = [], mask: LayerMask? = nil, font: FontSpec? = nil,
        image: RasterImage? = nil, effects: LayerEffects = .none
    ) {
        self.id = id
        self.parent = parent
        self.depth = depth
        self.kind = kind
        self.values = values
        self.fill = fill
        self.stroke = stroke
        self.text = text
        self.path = path
        self.gradient = gradient
        self.shadow = shadow
        self.dash = dash
        self.mask = mask
        self.font = font
        self.image = image
        self.effects = effects
    }

    public subscript(_ p: LayerProperty) -> Double {
        values[Int(p.rawValue)]
    }
}

extension LayerTree {
    /// The subtree at `root` (or every root when nil), presentation values at
    /// timeline.now, in draw order: depth-first, parent before children, siblings by
    /// zPosition then creation order. An unknown root gives [].
    public func snapshot(root: LayerID? = nil) -> [LayerSnapshot] {
        var out: [LayerSnapshot] = []
        if let root {
            guard nodes[root] != nil else { return [] }
            append(root, depth: 0, to: &out)
        } else {
            for id in drawOrder(roots) { append(id, depth: 0, to: &out) }
        }
        return out
    }

    /// Siblings sorted by presentation zPosition, then id (ids grow with creation).
    func drawOrder(_ ids: [LayerID]) -> [LayerID] {
        let z = Int(LayerProperty.zPosition.rawValue)
        let keyed = ids.compactMap { id in nodes[id].map { (z: presented($0, z, .zPosition), id: id) } }
        return keyed.sorted { $0.z != $1.z ? $0.z < $1.z : $0.id < $1.id }.map(\.id)
    }

    private func append(_ id: LayerID, depth: Int, to out: inout [LayerSnapshot]) {
        guard let n = nodes[id] else { return }
        out.append(snapshot(of: n, depth: depth))
        for child in drawOrder(n.children) { append(child, depth: depth + 1, to: &out) }
    }

    func snapshot(of n: LayerNode, depth: Int) -> LayerSnapshot {
        var values = [Double](repeating: 0, count: LayerProperty.slotCount)
        for p in LayerProperty.allCases {
            values[Int(p.rawValue)] = presented(n, Int(p.rawValue), p)
        }
        values[9] = values[Int(LayerProperty.scaleX.rawValue)]
        return LayerSnapshot(
            id: n.id, parent: n.parent, depth: depth, kind: n.kind, values: values,
            fill: presentedColor(n, .fill), stroke: presentedColor(n, .stroke),
            text: n.kind == .text ? n.text : nil, path: presentedPath(n), gradient: presentedGradient(n),
            shadow: presentedColor(n, .shadow), dash: n.dash, mask: n.mask, font: n.font,
            image: presentedImage(n), effects: presentedEffects(n))
    }
}

extension LayerTree {
    /// rh.effects/1's values on screen.
    func presentedEffects(_ n: LayerNode) -> LayerEffects {
        let blur = Int(LayerProperty.blurRadius.rawValue), op = Int(LayerProperty.compositeOperator.rawValue)
        return LayerEffects(blurRadius: presented(n, blur, .blurRadius),
                            composite: CompositeOperator(value: presented(n, op, .compositeOperator)))
    }
}
