/// One element of a path layer's path, in the layer's local coordinates.
public enum PathElement: Equatable, Sendable {
    case moveTo(x: Double, y: Double)
    case lineTo(x: Double, y: Double)
    case curveTo(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
    /// Swept in increasing angle (clockwise on screen).
    case arc(cx: Double, cy: Double, radius: Double, startAngle: Double, endAngle: Double)
    case close

    /// The most elements one path may hold (RH_PATH_MAX_ELEMENTS).
    public static let maxCount = 4096
    /// The largest magnitude of any number in a path (RH_PATH_MAX_NUMBER): a
    /// coordinate, radius or angle beyond it is refused. Beyond it a renderer
    /// splits an arc into more segments than it could ever draw.
    public static let maxNumber = 1e6
    /// The longest arc sweep drawn as given (RH_PATH_ARC_MAX_TURNS turns); a
    /// longer one is shortened by whole turns, which draws the same outline
    /// and ends at the same point.
    public static let maxArcTurns = 2.0

    /// The element with an over-long arc sweep shortened (see maxArcTurns);
    /// every other element as it is. Expects finite numbers.
    public var bounded: PathElement {
        guard case let .arc(cx, cy, r, a0, a1) = self else { return self }
        let turn = 2 * Double.pi
        let sweep = a1 - a0
        guard sweep > turn * PathElement.maxArcTurns else { return self }
        // One full turn plus the remainder: the same circle, the same end point.
        return .arc(cx: cx, cy: cy, radius: r, startAngle: a0, endAngle: a0 + turn + sweep.truncatingRemainder(dividingBy: turn))
    }

    /// Every number the element carries, in ABI order (p[0], p[1], ...).
    public var numbers: [Double] {
        switch self {
        case let .moveTo(x, y), let .lineTo(x, y): [x, y]
        case let .curveTo(c1x, c1y, c2x, c2y, x, y): [c1x, c1y, c2x, c2y, x, y]
        case let .arc(cx, cy, radius, startAngle, endAngle): [cx, cy, radius, startAngle, endAngle]
        case .close: []
        }
    }

    /// The layer property a number of this element is most like, for error reports.
    func propertyForNumber(at slot: Int) -> LayerProperty {
        if case .arc = self, slot >= 2 { return slot == 2 ? .width : .rotation }
        return slot % 2 == 0 ? .positionX : .positionY
    }
}
