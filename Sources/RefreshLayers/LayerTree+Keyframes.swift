/// Keyframe animations (ABI 1.2): numbers, colours, path morphs and gradients.
extension LayerTree {
    /// Adds a keyframe animation (CAKeyframeAnimation). It takes the slot of what
    /// it animates: a number shares its property's slot with key-path animations,
    /// so either replaces the other; a colour, the path and the gradient have
    /// their own. A live animation replaced completes with false (deferred); this
    /// one completes with true at its end. Nothing changes on an error.
    /// Paths need a path layer, gradients a rect, ellipse or path layer. Paths
    /// are stored with over-long arcs shortened (see PathElement.bounded);
    /// returns how many arcs that shortened.
    @discardableResult
    public func addKeyframeAnimation(
        _ animation: KeyframeAnimation, to id: LayerID, completion: ((Bool) -> Void)?, scrub: ScrubTime? = nil
    ) throws(LayerError) -> Int {
        let n = try node(id)
        var stored = animation
        var shortened = 0
        let slot: RecordSlot
        switch animation.values {
        case .numbers(let property, _):
            slot = .number(Int(property.rawValue))
        case .colors(let property, _):
            slot = .color(Int(property.rawValue))
        case .paths(let paths):
            guard n.kind == .path else { throw .wrongKind(id, expected: .path) }
            slot = .path
            if animation.validationError == nil {
                let bounded = paths.map { $0.map(\.bounded) }
                shortened = zip(paths, bounded).reduce(0) { sum, pair in
                    sum + zip(pair.0, pair.1).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                }
                stored.values = .paths(bounded)
            }
        case .gradients:
            guard n.kind == .rect || n.kind == .ellipse || n.kind == .path else { throw .noFill(id, n.kind) }
            slot = .gradient
        }
        if let error = animation.validationError { throw error }
        let start = scrub == nil ? timeline.now + animation.delay : animation.delay
        let record = KeyPathRecord(.keyframes(stored), start: start, completion: completion, scrub: scrub)
        install(record, in: n, slot: slot)
        return shortened
    }
}
