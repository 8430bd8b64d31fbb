/// An animate block between begin and commit.
struct OpenBlock {
    let timing: Timing
    let record: BlockRecord
    /// timeline.now at begin: keyframe times are relative to begin + delay.
    let beginTime: Double
    /// The keyframe later changes belong to: (index, relative start, relative duration).
    var keyframe: (index: Int, start: Double, duration: Double)?
    var keyframeCount = 0

    var isKeyframes: Bool { timing.curve == .keyframes }
}

extension LayerTree {
    /// Opens an animate block (UIView.animate). Blocks nest; a change belongs to the
    /// innermost open block. A duration under Timing.minimumDuration counts as 0.
    public func beginAnimation(_ timing: Timing) throws(LayerError) {
        if let error = timing.validationError { throw error }
        openBlocks.append(OpenBlock(timing: timing.bounded, record: BlockRecord(), beginTime: timeline.now))
    }

    /// Inside a keyframes block: later changes reach their value between
    /// relativeStart and relativeStart + relativeDuration of the block's duration.
    public func addKeyframe(relativeStart: Double, relativeDuration: Double) throws(LayerError) {
        guard var block = openBlocks.last, block.isKeyframes else { throw .notKeyframes }
        guard relativeStart.isFinite, relativeStart >= 0, relativeStart <= 1 else {
            throw .invalidTiming("keyframe start \(relativeStart) is not in [0, 1]")
        }
        guard relativeDuration.isFinite, relativeDuration >= 0, relativeDuration <= 1 else {
            throw .invalidTiming("keyframe duration \(relativeDuration) is not in [0, 1]")
        }
        guard relativeStart + relativeDuration <= 1 + 1e-9 else {
            throw .invalidTiming("keyframe ends at \(relativeStart + relativeDuration), after 1")
        }
        block.keyframeCount += 1
        block.keyframe = (block.keyframeCount, relativeStart, relativeDuration)
        openBlocks[openBlocks.count - 1] = block
    }

    /// Closes the innermost block. The completion runs from the timeline, never from
    /// here: at now + delay + duration with true, or at now with false when one of the
    /// block's animations was cancelled while it was open.
    public func commitAnimation(completion: ((Bool) -> Void)?) throws(LayerError) {
        guard let block = openBlocks.popLast() else { throw .noOpenAnimation }
        let record = block.record
        record.isOpen = false
        switch record.outcome {
        case .discarded:
            return
        case .cancelled:
            if let completion { timeline.schedule(at: timeline.now) { completion(false) } }
        case .running:
            guard let completion else { return }
            record.completion = completion
            let end = timeline.now + block.timing.delay + block.timing.duration
            record.timer = timeline.schedule(at: end) { [record] in
                record.timer = nil
                let c = record.completion
                record.completion = nil
                c?(true)
            }
        }
    }

    public var openAnimationDepth: Int { openBlocks.count }

    /// The track and model value a change made inside `block` produces.
    /// duration 0 applies at once (no track); a keyframes block adds a segment to
    /// its own track for this property, or starts one from the value on screen.
    func blockChange<V: Tweenable>(
        existing: Track<V>?, onScreen: V, to value: V, in block: OpenBlock
    ) -> (track: Track<V>?, model: V) {
        let timing = block.timing
        guard timing.duration > 0 else { return (nil, value) }
        guard block.isKeyframes else {
            let track = Track(
                block: block.record, start: timeline.now + timing.delay, duration: timing.duration,
                shape: .tween(from: onScreen, to: value, curve: timing.curve), spring: timing.spring)
            return (track, value)
        }
        // A set before any addKeyframe is keyframe (0, 1).
        let kf = block.keyframe ?? (index: 0, start: 0, duration: 1)
        let segment = Segment(keyframe: kf.index, start: kf.start, duration: kf.duration, value: value)
        var track: Track<V>
        if let existing, existing.block === block.record, case .keyframes(let start, var segments) = existing.shape {
            if let at = segments.firstIndex(where: { $0.keyframe == kf.index }) {
                segments[at].value = value
            } else {
                // After every segment starting at or before this one: stable for equal starts.
                let at = segments.firstIndex(where: { $0.start > kf.start }) ?? segments.count
                segments.insert(segment, at: at)
            }
            track = existing
            track.shape = .keyframes(start: start, segments: segments)
        } else {
            track = Track(
                block: block.record, start: block.beginTime + timing.delay, duration: timing.duration,
                shape: .keyframes(start: onScreen, segments: [segment]))
        }
        return (track, track.finalValue)
    }

    /// A block track was cancelled: its block reports false once (deferred), or, when
    /// discarding, never reports at all.
    func cancelBlock(_ record: BlockRecord, notify: Bool) {
        if record.isOpen {
            if !notify {
                record.outcome = .discarded
            } else if record.outcome == .running {
                record.outcome = .cancelled
            }
            return
        }
        cancelCompletion(of: record, notify: notify)
    }
}
