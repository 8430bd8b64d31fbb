extension PathElement {
    /// Whether every number is finite and within maxNumber: what `numbers`
    /// tells, without building an array (a renderer asks once per element
    /// per frame).
    public var isWithinLimits: Bool {
        func ok(_ v: Double) -> Bool { v.isFinite && abs(v) <= PathElement.maxNumber }
        switch self {
        case let .moveTo(x, y), let .lineTo(x, y):
            return ok(x) && ok(y)
        case let .curveTo(c1x, c1y, c2x, c2y, x, y):
            return ok(c1x) && ok(c1y) && ok(c2x) && ok(c2y) && ok(x) && ok(y)
        case let .arc(cx, cy, r, a0, a1), let .arcNegative(cx, cy, r, a0, a1):
            return ok(cx) && ok(cy) && ok(r) && ok(a0) && ok(a1)
        case .close:
            return true
        }
    }

    /// Calls `body` with each number in ABI order (as `numbers` lists them),
    /// without building an array.
    @inline(__always)
    public func forEachNumber(_ body: (Double) -> Void) {
        switch self {
        case let .moveTo(x, y), let .lineTo(x, y):
            body(x); body(y)
        case let .curveTo(c1x, c1y, c2x, c2y, x, y):
            body(c1x); body(c1y); body(c2x); body(c2y); body(x); body(y)
        case let .arc(cx, cy, r, a0, a1), let .arcNegative(cx, cy, r, a0, a1):
            body(cx); body(cy); body(r); body(a0); body(a1)
        case .close:
            break
        }
    }
}
