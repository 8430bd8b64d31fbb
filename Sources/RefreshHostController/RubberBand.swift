/// iOS's scroll-view rubber band: how far the content moves for a finger that
/// drags `offset` points past the edge, in a viewport of `dimension` points.
/// `(1 - 1 / (x * c / d + 1)) * d`; it approaches `d` and never reaches it.
public func rubberBand(_ offset: Double, dimension: Double, constant: Double = 0.55) -> Double {
    guard offset > 0, dimension > 0 else { return 0 }
    return (1 - 1 / (offset * constant / dimension + 1)) * dimension
}

/// The finger travel that `rubberBand` turns into `shown` points.
/// `shown` must be below `dimension`; larger values are clamped just under it.
public func rubberBandInverse(_ shown: Double, dimension: Double, constant: Double = 0.55) -> Double {
    guard shown > 0, dimension > 0 else { return 0 }
    let s = min(shown, dimension * 0.999)
    return dimension / constant * (s / (dimension - s))
}
