import CCairo
import RefreshLayers

/// Strokes (ABI 1.2): trim, dash pattern and phase, caps, joins, miter limit.
extension Rasterizer {
    /// The most dashes one stroke may draw. A tiny pattern along a huge
    /// outline would otherwise keep cairo busy for minutes.
    static let maxDashesPerStroke = 100_000.0

    /// Strokes the context's current path in the layer's stroke colour, then
    /// clears the path. Snapshots may come from a worker, so every value is
    /// checked again here rather than trusted.
    static func strokeCurrentPath(_ l: LayerSnapshot, alpha: Double, _ cr: OpaquePointer) {
        defer { cairo_new_path(cr) }
        let start = unit(l[.strokeStart], 0), end = unit(l[.strokeEnd], 1)
        guard start < end else { return }
        var alpha = alpha
        let dash = validDash(l.dash)
        if start > 0 || end < 1 || dash != nil {
            let outline = PathTrim(flattening: cr)
            if start > 0 || end < 1 { outline.apply(start: start, end: end, to: cr) }
            if let dash {
                let drawn = outline.length * (end - start)
                let period = dash.reduce(0, +) * (dash.count % 2 == 1 ? 2 : 1)
                if drawn / period > maxDashesPerStroke {
                    // Too fine to see: solid, as faint as the pattern's ink, as
                    // cairo itself draws a pattern finer than its tolerance.
                    // (An odd pattern repeats twice with on and off swapped: half ink.)
                    let on = stride(from: 0, to: dash.count, by: 2).map { dash[$0] }.reduce(0, +)
                    alpha *= dash.count % 2 == 1 ? 0.5 : on / period
                } else {
                    let phase = l[.dashPhase].isFinite ? l[.dashPhase] : 0
                    cairo_set_dash(cr, dash, Int32(dash.count), phase)
                }
            }
        }
        cairo_set_line_width(cr, l[.lineWidth])
        cairo_set_line_cap(cr, lineCap(l[.lineCap]))
        cairo_set_line_join(cr, lineJoin(l[.lineJoin]))
        let miter = l[.miterLimit]
        cairo_set_miter_limit(cr, miter.isFinite ? min(max(miter, 1), 1e3) : 10)
        setSource(cr, l.stroke, alpha)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// The dash lengths if they make a pattern cairo accepts (finite, none
    /// negative, not all 0, at most RH_DASH_MAX_COUNT), else nil: solid.
    static func validDash(_ dash: [Double]) -> [Double]? {
        guard !dash.isEmpty, dash.count <= 32,
              dash.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1e6 }), dash.contains(where: { $0 > 0 })
        else { return nil }
        return dash
    }

    /// A fraction in [0, 1]; NaN is `otherwise`.
    static func unit(_ v: Double, _ otherwise: Double) -> Double {
        v.isNaN ? otherwise : min(max(v, 0), 1)
    }

    static func lineCap(_ v: Double) -> cairo_line_cap_t {
        switch v {
        case 1: CAIRO_LINE_CAP_ROUND
        case 2: CAIRO_LINE_CAP_SQUARE
        default: CAIRO_LINE_CAP_BUTT
        }
    }

    static func lineJoin(_ v: Double) -> cairo_line_join_t {
        switch v {
        case 1: CAIRO_LINE_JOIN_ROUND
        case 2: CAIRO_LINE_JOIN_BEVEL
        default: CAIRO_LINE_JOIN_MITER
        }
    }

    /// RH_FILL_RULE_EVEN_ODD for PATH layers (and a PATH mask's shape); every
    /// other shape is filled non-zero, where the two rules agree.
    static func fillRule(_ l: LayerSnapshot) -> cairo_fill_rule_t {
        l.kind == .path && l[.fillRule] == 1 ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
