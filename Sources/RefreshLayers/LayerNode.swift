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
    var fill: RGBA
    var stroke: RGBA = .clear
    var text: String = ""
    var path: [PathElement] = []
    /// Paints the fill instead of `fill` when set; not animatable.
    var gradient: LinearGradient?

    var tracks = [Track<Double>?](repeating: nil, count: LayerProperty.slotCount)
    var colorTracks = [Track<RGBA>?](repeating: nil, count: ColorProperty.allCases.count)
    var basics = [BasicRecord?](repeating: nil, count: LayerProperty.slotCount)

    init(id: LayerID, kind: LayerKind, parent: LayerID?) {
        self.id = id
        self.kind = kind
        self.parent = parent
        fill = ColorProperty.fill.defaultValue(for: kind)
    }

    func color(_ p: ColorProperty) -> RGBA { p == .fill ? fill : stroke }

    func setColor(_ p: ColorProperty, _ c: RGBA) {
        if p == .fill { fill = c } else { stroke = c }
    }

    /// Live block tracks plus live key-path animations at `now`.
    func animationCount(at now: Double) -> Int {
        tracks.reduce(0) { $0 + (($1?.isLive(at: now) ?? false) ? 1 : 0) }
            + colorTracks.reduce(0) { $0 + (($1?.isLive(at: now) ?? false) ? 1 : 0) }
            + basics.reduce(0) { $0 + (($1?.isLive(at: now) ?? false) ? 1 : 0) }
    }
}
