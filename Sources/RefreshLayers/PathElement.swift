/// One element of a path layer's path, in the layer's local coordinates.
public enum PathElement: Equatable, Sendable {
    case moveTo(x: Double, y: Double)
    case lineTo(x: Double, y: Double)
    case curveTo(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
    /// Swept in increasing angle (clockwise on screen).
    case arc(cx: Double, cy: Double, radius: Double, startAngle: Double, endAngle: Double)
    case close
    /// Swept in decreasing angle (counter-clockwise on screen); ABI 1.2.
    case arcNegative(cx: Double, cy: Double, radius: Double, startAngle: Double, endAngle: Double)

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
        let turn = 2 * Double.pi
        switch self {
        case let .arc(cx, cy, r, a0, a1):
            let sweep = a1 - a0
            guard sweep > turn * PathElement.maxArcTurns else { return self }
            // One full turn plus the remainder: the same circle, the same end point.
            return .arc(cx: cx, cy: cy, radius: r, startAngle: a0,
                        endAngle: a0 + turn + sweep.truncatingRemainder(dividingBy: turn))
        case let .arcNegative(cx, cy, r, a0, a1):
            let sweep = a0 - a1
            guard sweep > turn * PathElement.maxArcTurns else { return self }
            return .arcNegative(cx: cx, cy: cy, radius: r, startAngle: a0,
                                endAngle: a0 - turn - sweep.truncatingRemainder(dividingBy: turn))
        default:
            return self
        }
    }

    /// A line-to or curve-to that opens a path has no current point to start
    /// from: the move-to its end point that cairo and Core Graphics draw
    /// instead. Nil for every other element.
    public var startsWithoutPoint: PathElement? {
        switch self {
        case let .lineTo(x, y), let .curveTo(_, _, _, _, x, y): .moveTo(x: x, y: y)
        default: nil
        }
    }

    /// The element's kind as the header names it, for logs.
    public var opName: String {
        switch self {
        case .moveTo: "move-to"
        case .lineTo: "line-to"
        case .curveTo: "curve-to"
        case .arc: "arc"
        case .close: "close"
        case .arcNegative: "negative arc"
        }
    }

    /// The rh_path_op_t of this element.
    public var op: Int32 {
        switch self {
        case .moveTo: 0
        case .lineTo: 1
        case .curveTo: 2
        case .arc: 3
        case .close: 4
        case .arcNegative: 5
        }
    }

    /// The element of the same kind with `numbers` in ABI order (as `numbers`
    /// gives them): the inverse of `numbers`, for morphs. Nil when the count is wrong.
    public func with(numbers n: [Double]) -> PathElement? {
        guard n.count == numbers.count else { return nil }
        switch self {
        case .moveTo: return .moveTo(x: n[0], y: n[1])
        case .lineTo: return .lineTo(x: n[0], y: n[1])
        case .curveTo: return .curveTo(c1x: n[0], c1y: n[1], c2x: n[2], c2y: n[3], x: n[4], y: n[5])
        case .arc: return .arc(cx: n[0], cy: n[1], radius: n[2], startAngle: n[3], endAngle: n[4])
        case .arcNegative: return .arcNegative(cx: n[0], cy: n[1], radius: n[2], startAngle: n[3], endAngle: n[4])
        case .close: return .close
        }
    }

    /// Every number the element carries, in ABI order (p[0], p[1], ...).
    public var numbers: [Double] {
        switch self {
        case let .moveTo(x, y), let .lineTo(x, y): [x, y]
        case let .curveTo(c1x, c1y, c2x, c2y, x, y): [c1x, c1y, c2x, c2y, x, y]
        case let .arc(cx, cy, radius, startAngle, endAngle), let .arcNegative(cx, cy, radius, startAngle, endAngle):
            [cx, cy, radius, startAngle, endAngle]
        case .close: []
        }
    }

    /// The layer property a number of this element is most like, for error reports.
    func propertyForNumber(at slot: Int) -> LayerProperty {
        switch self {
        case .arc, .arcNegative: if slot >= 2 { return slot == 2 ? .width : .rotation }
        default: break
        }
        return slot % 2 == 0 ? .positionX : .positionY
    }
}
