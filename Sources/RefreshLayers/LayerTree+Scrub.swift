/// ABI 1.5 (rh.timeline/1): animations driven by a scrubbed time rather than the clock.
extension LayerTree {
    /// Takes every animation that `scrub` drives off the layers under `root` (a released
    /// timeline): the model values show again. Scrubbed animations have no completion.
    /// Returns how many were removed.
    @discardableResult
    public func removeAnimations(drivenBy scrub: ScrubTime, under root: LayerID) -> Int {
        var removed = 0
        func clear(_ record: inout KeyPathRecord?) {
            if let r = record, r.scrub === scrub {
                record = nil
                removed += 1
            }
        }
        for id in preorder(from: root) {
            guard let n = nodes[id] else { continue }
            for i in n.keyPaths.indices { clear(&n.keyPaths[i]) }
            for i in n.colorKeyframes.indices { clear(&n.colorKeyframes[i]) }
            clear(&n.pathKeyframes)
            clear(&n.gradientKeyframes)
        }
        return removed
    }
}
