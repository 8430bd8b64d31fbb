/// Storage for one layer. Per-property slots are arrays indexed by raw value, so
/// nothing here is ever iterated in a hash order.
final class LayerNode {
    let id: LayerID
    let kind: LayerKind
    let parent: LayerID?
    /// In creation order; draw order sorts them by zPosition on demand.
    var children: [LayerID] = []

    /// Model values, indexed by LayerProperty.rawValue (slot 9 unused).
    var values: [Double] = LayerProperty.defaultSlots
    /// Model colours, indexed by ColorProperty.rawValue.
    var colors: [RGBA]
    var text: String = ""
    var path: [PathElement] = []
    /// Paints the fill instead of the fill colour when set; set at once.
    var gradient: Gradient?
    /// The stroke's dash lengths; [] is solid (ABI 1.2).
    var dash: [Double] = []
    /// One of the children, drawn as this layer's mask instead of as a child (ABI 1.2).
    var mask: LayerMask?
    /// Text layers: nil draws the default family (ABI 1.2).
    var font: FontSpec?
    /// Image layers: the image shown when no sequence runs (ABI 1.2).
    var image: RasterImage?
    /// Image layers: the frame sequence that shows instead of `image` (ABI 1.2).
    var sequence: SequenceRecord?

    var tracks = [Track<Double>?](repeating: nil, count: LayerProperty.storageCount)
    var colorTracks = [Track<RGBA>?](repeating: nil, count: ColorProperty.allCases.count)
    /// Key-path and keyframe animations of numbers: one slot per property, shared by both kinds.
    var keyPaths = [KeyPathRecord?](repeating: nil, count: LayerProperty.storageCount)
    /// Keyframe animations of colours, the path (a morph) and the gradient (ABI 1.2).
    var colorKeyframes = [KeyPathRecord?](repeating: nil, count: ColorProperty.allCases.count)
    var pathKeyframes: KeyPathRecord?
    var gradientKeyframes: KeyPathRecord?

    init(id: LayerID, kind: LayerKind, parent: LayerID?) {
        self.id = id
        self.kind = kind
        self.parent = parent
        colors = ColorProperty.allCases.map { $0.defaultValue(for: kind) }
    }

    func color(_ p: ColorProperty) -> RGBA { colors[Int(p.rawValue)] }

    func setColor(_ p: ColorProperty, _ c: RGBA) { colors[Int(p.rawValue)] = c }

    /// Live block tracks plus live key-path and keyframe animations at `now`. An
    /// animation on a scrubbed timeline (ABI 1.5) is a pose the pull sets, not one the
    /// clock runs: it is not counted (leak checks and "wait for the animations" loops).
    func animationCount(at now: Double) -> Int {
        tracks.reduce(0) { $0 + (($1?.isLive(at: now) ?? false) ? 1 : 0) }
            + colorTracks.reduce(0) { $0 + (($1?.isLive(at: now) ?? false) ? 1 : 0) }
            + (keyPaths + colorKeyframes + [pathKeyframes, gradientKeyframes])
                .reduce(0) { $0 + (($1.map { $0.scrub == nil && $0.isLive(at: now) } ?? false) ? 1 : 0) }
            + ((sequence?.isLive(at: now) ?? false) ? 1 : 0)
    }
}
