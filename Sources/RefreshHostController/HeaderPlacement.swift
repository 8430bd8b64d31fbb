import RefreshLayers

/// Where the style's root layer sits (its top edge, in viewport points) for a
/// pull distance, as JHPullToRefreshKit places its animation view.
///
/// Up to `height` the presentation decides: slide-down keeps the header right
/// above the content (`distance - height`); front moves it the same way, over
/// a list that stays still, so it slides in from above the top edge as
/// Android's SwipeRefreshLayout's indicator does; background leaves it at the
/// top for the content to uncover. Past `height` the anchor decides: top stays
/// at 0, middle centres the header in the revealed area, bottom pins it right
/// above where the content would be.
public func headerTop(distance: Double, metrics: StyleMetrics, anchor: Anchor) -> Double {
    let h = metrics.height
    if distance <= h {
        return metrics.presentation == .background ? 0 : distance - h
    }
    switch anchor {
    case .top: return 0
    case .middle: return (distance - h) / 2
    case .bottom: return distance - h
    }
}

/// The root's snap to the top on release, for anchors other than top:
/// 0.25 s, ease-in-out, from where it was to where a top anchor puts it.
struct AnchorSnap {
    static let duration = 0.25
    var start: Double
    var from: Double

    func top(at time: Double, target: Double) -> Double {
        let u = min(1, max(0, (time - start) / Self.duration))
        return from + (target - from) * TimingCurve.easeInOut.progress(u)
    }
}
