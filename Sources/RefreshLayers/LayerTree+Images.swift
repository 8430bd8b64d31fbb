/// ABI 1.2: what an image layer shows, a still image or a frame sequence
/// stepped on the tree's clock.
extension LayerTree {
    func presentedImage(_ n: LayerNode) -> RasterImage? {
        guard n.kind == .image else { return nil }
        if let running = n.sequence { return running.frame(at: timeline.now) }
        return n.image
    }

    /// Shows `image` (nil: none) in an image layer, replacing a sequence
    /// (whose completion then reports false).
    public func setImage(_ image: RasterImage?, on id: LayerID) throws(LayerError) {
        let n = try node(id)
        guard n.kind == .image else { throw .wrongKind(id, expected: .image) }
        stopSequence(of: n, notify: true)
        n.image = image
    }

    /// Steps an image layer through `sequence` from now; nil stops the running
    /// one. A sequence it replaces completes with false; the frame on screen
    /// stays when one stops. `completion` runs with true at the end of the
    /// passes (never, for ever).
    public func setImageSequence(
        _ sequence: ImageSequence?, on id: LayerID, completion: ((Bool) -> Void)?
    ) throws(LayerError) {
        let n = try node(id)
        guard n.kind == .image else { throw .wrongKind(id, expected: .image) }
        guard let sequence else {
            stopSequence(of: n, notify: true)
            return
        }
        if let error = sequence.validationError { throw error }
        stopSequence(of: n, notify: true)
        let record = SequenceRecord(sequence: sequence, start: timeline.now + sequence.delay, completion: completion)
        if completion != nil && record.end.isFinite {
            record.timer = timeline.schedule(at: record.end) { [record] in
                record.timer = nil
                let c = record.completion
                record.completion = nil
                c?(true)
            }
        }
        n.sequence = record
    }

    /// What an image layer shows now (its sequence's current frame, if one runs).
    public func presentedImage(of id: LayerID) throws(LayerError) -> RasterImage? {
        presentedImage(try node(id))
    }

    /// Every image the subtree's layers can show from now on (a still image,
    /// each frame of a sequence), each once, in layer order.
    public func imagesShown(under root: LayerID) -> [RasterImage] {
        var seen: Set<UInt64> = []
        var result: [RasterImage] = []
        for id in preorder(from: root) {
            guard let n = nodes[id], n.kind == .image else { continue }
            let candidates: [RasterImage]
            if let running = n.sequence {
                candidates = running.isLive(at: timeline.now) ? running.sequence.frames : [running.frame(at: timeline.now)]
            } else {
                candidates = n.image.map { [$0] } ?? []
            }
            for image in candidates where seen.insert(image.serial).inserted { result.append(image) }
        }
        return result
    }

    /// Ends the layer's sequence, keeping the frame on screen as the layer's
    /// image; a live one's completion reports false (deferred) when `notify`.
    func stopSequence(of n: LayerNode, notify: Bool) {
        guard let running = n.sequence else { return }
        n.image = running.frame(at: timeline.now)
        if running.isLive(at: timeline.now) { cancelCompletion(of: running, notify: notify) }
        n.sequence = nil
    }
}
