import RefreshHostABI

/// How an open stroke's ends are drawn (CAShapeLayer.lineCap).
public enum LineCap: Int32, Sendable, Hashable, CaseIterable {
    case butt = 0, round = 1, square = 2
}

/// How a stroke turns a corner (CAShapeLayer.lineJoin).
public enum LineJoin: Int32, Sendable, Hashable, CaseIterable {
    case miter = 0, round = 1, bevel = 2
}

/// Which parts of a path are inside (CAShapeLayer.fillRule).
public enum FillRule: Int32, Sendable, Hashable, CaseIterable {
    case nonZero = 0
    /// A ring drawn as two circles has a hole.
    case evenOdd = 1
}

// The enum values are refresh_host.h's; a test checks they stay so.
extension LineCap { var c: Double { Double(rawValue) } }
extension LineJoin { var c: Double { Double(rawValue) } }
extension FillRule { var c: Double { Double(rawValue) } }

extension Layer {
    /// 0...1: the stroke is drawn from this fraction of the outline's length
    /// (all subpaths, in order). Animatable: a spinner's arc, line-art that
    /// draws itself. Fills are never trimmed.
    public var strokeStart: Double { get { get(.strokeStart) } nonmutating set { set(.strokeStart, newValue) } }

    /// 0...1: ... to this fraction (1 by default). start >= end draws no stroke.
    public var strokeEnd: Double { get { get(.strokeEnd) } nonmutating set { set(.strokeEnd, newValue) } }

    /// `.butt` by default. Snaps, even inside an animate block.
    public var lineCap: LineCap {
        get { LineCap(rawValue: Int32(get(.lineCap))) ?? .butt }
        nonmutating set { set(.lineCap, newValue.c) }
    }

    /// `.miter` by default. Snaps.
    public var lineJoin: LineJoin {
        get { LineJoin(rawValue: Int32(get(.lineJoin))) ?? .miter }
        nonmutating set { set(.lineJoin, newValue.c) }
    }

    /// 1...1000, 10 by default: a sharper miter is bevelled.
    public var miterLimit: Double { get { get(.miterLimit) } nonmutating set { set(.miterLimit, newValue) } }

    /// Points into the dash pattern where the stroke starts. Animate it to
    /// make the dashes march.
    public var lineDashPhase: Double { get { get(.lineDashPhase) } nonmutating set { set(.lineDashPhase, newValue) } }

    /// `.nonZero` by default. Path layers. Snaps.
    public var fillRule: FillRule {
        get { FillRule(rawValue: Int32(get(.fillRule))) ?? .nonZero }
        nonmutating set { set(.fillRule, newValue.c) }
    }

    /// The stroke's dash pattern: lengths in points, alternately drawn and
    /// skipped, from `lineDashPhase`; an odd count repeats twice. `[]` makes
    /// the stroke solid again. At most 32 lengths, not all 0. Not animatable
    /// (animate the phase).
    @discardableResult
    public func setDash(_ lengths: [Double]) -> Status {
        let raw = host.raw
        return status(lengths.withUnsafeBufferPointer {
            raw.pointee.layer_set_dash?(raw, handle, $0.baseAddress, UInt32(clamping: $0.count))
        })
    }
}
