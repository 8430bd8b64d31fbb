extension LayerTree {
    /// Adds a key-path animation (CABasicAnimation). One per (layer, property): a live
    /// one is replaced and completes with false (deferred). The completion runs with
    /// true from the timeline at the animation's exact end. On a `scrub` time (ABI 1.5,
    /// rh.timeline/1) it shows that time's value instead of the clock's, never ends and
    /// has no completion.
    public func addAnimation(
        _ animation: BasicAnimation, to id: LayerID, completion: ((Bool) -> Void)?, scrub: ScrubTime? = nil
    ) throws(LayerError) {
        let n = try node(id)
        if let error = animation.validationError { throw error }
        let start = scrub == nil ? timeline.now + animation.delay : animation.delay
        let record = KeyPathRecord(.basic(animation), start: start, completion: completion, scrub: scrub)
        install(record, in: n, slot: .number(Int(animation.property.rawValue)))
    }

    /// Puts `record` in its slot of `n`: a live animation there is replaced and
    /// completes with false (deferred); the record's completion runs with true
    /// from the timeline at its exact end, which also empties the slot.
    func install(_ record: KeyPathRecord, in n: LayerNode, slot: RecordSlot) {
        if let old = n[slot], old.isLive(at: timeline.now) { cancelCompletion(of: old, notify: true) }
        let id = n.id
        if record.completion != nil && record.end.isFinite {
            record.timer = timeline.schedule(at: record.end) { [weak self, record] in
                if let self, let n = self.nodes[id], n[slot] === record { n[slot] = nil }
                record.timer = nil
                let c = record.completion
                record.completion = nil
                c?(true)
            }
        }
        n[slot] = record
    }

    /// Cancels the block tracks and key-path animations of one layer; it shows its model
    /// values at once. Completions run later from the timeline with false.
    public func removeAnimations(on id: LayerID) throws(LayerError) {
        cancelAnimations(of: try node(id), notify: true)
    }

    /// Cancels everything in the subtree without ever running a completion (for an
    /// instance being destroyed). Unknown root: nothing happens.
    public func discardAnimations(under root: LayerID) {
        for id in preorder(from: root) {
            if let n = nodes[id] { cancelAnimations(of: n, notify: false) }
        }
    }

    /// Live block tracks plus live key-path and keyframe animations, over all layers.
    public var animationCount: Int {
        let now = timeline.now
        // Summing is order-independent, so iterating the dictionary is safe here.
        return nodes.values.reduce(0) { $0 + $1.animationCount(at: now) }
    }

    public func animationCount(under root: LayerID) -> Int {
        let now = timeline.now
        return preorder(from: root).reduce(0) { $0 + (nodes[$1]?.animationCount(at: now) ?? 0) }
    }

    /// The array, leaving an empty one in its place: no copy, and what the
    /// caller then does with it pays no exclusivity check per element.
    static func take<Element>(_ array: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        return taken
    }

    /// Drops every animation of `n`. Live ones are cancelled in property order (block
    /// track, then key-path or keyframe animation), then colours (block track, then
    /// keyframes), then the path's and the gradient's keyframes, so deferred
    /// completions keep a fixed order. Finished leftovers are just dropped.
    func cancelAnimations(of n: LayerNode, notify: Bool) {
        let now = timeline.now
        // An ended one whose completion is still queued at this very time keeps it:
        // it did run to its end.
        func drop(_ record: KeyPathRecord?) {
            if let record, record.isLive(at: now) { cancelCompletion(of: record, notify: notify) }
        }
        // The slot arrays leave the node for the loop and come back after it (a
        // swap each way, no copy): every access to a class's stored property pays
        // the runtime's exclusivity check, and four of them per slot, over every
        // slot, made this call 8 times layer_set's cost (make bench, services).
        // Nothing the loop calls touches this node.
        func clear<Value>(_ tracks: inout [Track<Value>?], _ records: inout [KeyPathRecord?]) {
            for i in tracks.indices where tracks[i] != nil || records[i] != nil {
                if let track = tracks[i], track.isLive(at: now) { cancelBlock(track.block, notify: notify) }
                tracks[i] = nil
                drop(records[i])
                records[i] = nil
            }
        }
        var tracks = Self.take(&n.tracks), keyPaths = Self.take(&n.keyPaths)
        clear(&tracks, &keyPaths)
        (n.tracks, n.keyPaths) = (tracks, keyPaths)
        var colorTracks = Self.take(&n.colorTracks), colorKeyframes = Self.take(&n.colorKeyframes)
        clear(&colorTracks, &colorKeyframes)
        (n.colorTracks, n.colorKeyframes) = (colorTracks, colorKeyframes)
        if n.pathKeyframes != nil {
            drop(n.pathKeyframes)
            n.pathKeyframes = nil
        }
        if n.gradientKeyframes != nil {
            drop(n.gradientKeyframes)
            n.gradientKeyframes = nil
        }
        stopSequence(of: n, notify: notify)
    }

    /// Drops the record's timer; its completion reports false (deferred, at
    /// now) when `notify`, and never runs otherwise.
    func cancelCompletion(of record: some CompletionRecord, notify: Bool) {
        if let timer = record.timer {
            timeline.cancel(timer)
            record.timer = nil
        }
        guard let completion = record.completion else { return }
        record.completion = nil
        if notify { timeline.schedule(at: timeline.now) { completion(false) } }
    }
}
